import { Form, useLocation, useNavigation } from "react-router";
import { t } from "../../lib/i18n.ts";
import { TransientKeyField } from "../../lib/session.tsx";
import { Button } from "../../ui/button/Button.tsx";

/** The form fields an ignore button posts: which member, and whether to ignore or stop. */
export const ignoreFields = { intent: "ignoreIntent", userID: "ignoredUserID" } as const;

/**
 * "Ignore" or "Stop ignoring" as a plain form post to the current page (works without JavaScript); the
 * page's action does it (see `ignoreAction`).
 */
export function IgnoreForm({ userID, ignored, name }: { userID: number; ignored: boolean; name: string }) {
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get(ignoreFields.userID) === String(userID);
  return (
    <Form method="post" action={location.pathname + location.search}>
      <TransientKeyField />
      <input type="hidden" name={ignoreFields.intent} value={ignored ? "unignore" : "ignore"} />
      <input type="hidden" name={ignoreFields.userID} value={userID} />
      <Button
        type="submit"
        buttonType="standard"
        isPending={busy}
        aria-label={ignored ? t("Stop ignoring {name}", { name }) : t("Ignore {name}", { name })}
      >
        {ignored ? t("Stop ignoring") : t("Ignore")}
      </Button>
    </Form>
  );
}
