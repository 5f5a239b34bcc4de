import { useId } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import type { Group } from "@parley/contracts";
import { groupRules } from "@parley/contracts/groups-constants";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { entryLink } from "../../../lib/targets.ts";
import { Button, buttonLook } from "../../../ui/button/Button.tsx";
import { formStyles } from "../../../ui/forms/Form.tsx";
import { viewerAction } from "../groups.viewer.ts";
import { ConfirmForm } from "./ConfirmForm.tsx";
import styles from "./groups.module.css";

/** The leave confirmation's words (the dialog's and the no-JavaScript panel's). */
export const leaveConfirmation = (group: Pick<Group, "name">) => ({
  title: t("Leave Group"),
  question: t("Are you sure you want to leave {name}?", { name: group.name }),
  confirmLabel: t("Leave"),
});

/**
 * The viewer's action on a group's page: sign in, Join, Apply to join (with a reason), accept or
 * decline an invitation, the pending application, or Leave (confirmed). Each a plain form post.
 */
export function GroupActions({ group, signedIn }: { group: Group; signedIn: boolean }) {
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const action = location.pathname + location.search;
  const reasonID = useId();
  switch (viewerAction(group, signedIn)) {
    case "signIn":
      return (
        <Link to={entryLink("/entry/signin", location)}>
          {group.privacy === "private" ? t("Sign in to apply") : t("Sign in to join")}
        </Link>
      );
    case "join":
      return <ConfirmForm action={action} intent="join" label={t("Join")} buttonType="primary" busy={busy} />;
    case "leave":
      return (
        <ConfirmForm action={action} intent="leave" label={t("Leave")} confirm={leaveConfirmation(group)} busy={busy} />
      );
    case "pending":
      return (
        <p className={styles.status} role="status">
          {t("Your application is waiting for review.")}
        </p>
      );
    case "invited":
      return (
        <>
          <p className={styles.status}>{t("You have been invited to join this group.")}</p>
          <ConfirmForm action={action} intent="accept" label={t("Accept")} buttonType="primary" busy={busy} />
          <ConfirmForm action={action} intent="decline" label={t("Decline")} busy={busy} />
        </>
      );
    case "apply":
      // A disclosure: the reason's form opens in place (no dialog, so it works without JavaScript).
      return (
        <details className={styles.apply}>
          <summary {...buttonLook({ buttonType: "primary" })}>{t("Apply to join")}</summary>
          <Form method="post" action={action} className={styles.applyForm}>
            <TransientKeyField />
            <input type="hidden" name="intent" value="apply" />
            <label htmlFor={reasonID} className={formStyles.label}>
              {t("Why do you want to join?")}
            </label>
            <textarea
              id={reasonID}
              name="reason"
              className={`${formStyles.input} ${formStyles.textarea}`}
              maxLength={groupRules.reasonMaxLength}
              rows={3}
              aria-describedby={`${reasonID}-hint`}
            />
            <span id={`${reasonID}-hint`} className={formStyles.hint}>
              {t("The group's leaders read this when they review your application.")}
            </span>
            <div>
              <Button type="submit" buttonType="primary" isPending={busy}>
                {t("Send Application")}
              </Button>
            </div>
          </Form>
        </details>
      );
    case "none":
      return null;
  }
}
