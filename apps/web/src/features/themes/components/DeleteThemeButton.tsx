import { useState } from "react";
import { Form, Link, useSubmit } from "react-router";
import type { Theme } from "@parley/contracts";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { buttonLook } from "../../../ui/button/Button.tsx";
import { useHydrated } from "../../../ui/hydrated.ts";
import { ConfirmModal } from "../../../ui/modal/Modal.tsx";
import { themesPagePath } from "../themes.queries.ts";
import shared from "./themes.module.css";
import styles from "../pages/ThemesPage.module.css";

/**
 * Delete, after a confirmation: a dialog with JavaScript; without, the page's answer to the first post
 * (`confirming`) asks on the page, and its own form sends `confirmed`.
 */
export function DeleteThemeButton({
  theme,
  busy,
  confirming,
}: {
  theme: Pick<Theme, "themeID" | "name">;
  busy: boolean;
  confirming: boolean;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const [pending, setPending] = useState<FormData | null>(null);
  const question = t("Are you sure you want to delete the {name} theme?", { name: theme.name });
  const fields = (
    <>
      <TransientKeyField />
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="themeID" value={theme.themeID} />
    </>
  );
  return (
    <>
      <Form
        method="post"
        action={themesPagePath}
        className={shared.buttonForm}
        onSubmit={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          setPending(new FormData(event.currentTarget));
        }}
      >
        {fields}
        <button
          type="submit"
          {...buttonLook({ buttonType: "outline" })}
          aria-label={t("Delete {name}", { name: theme.name })}
          disabled={busy}
        >
          {t("Delete")}
        </button>
      </Form>
      {confirming ? (
        <div className={styles.confirm}>
          <p>{question}</p>
          <div className={shared.actions}>
            <Form method="post" action={themesPagePath} className={shared.buttonForm}>
              {fields}
              <input type="hidden" name="confirmed" value="1" />
              <button type="submit" {...buttonLook({ buttonType: "outline" })} disabled={busy}>
                {t("Delete")}
              </button>
            </Form>
            <Link to={themesPagePath} {...buttonLook({ buttonType: "outline" })}>
              {t("Cancel")}
            </Link>
          </div>
        </div>
      ) : null}
      <ConfirmModal
        isOpen={pending !== null}
        title={t("Delete Theme")}
        confirmLabel={t("Delete")}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (!pending) return;
          pending.set("confirmed", "1");
          setPending(null);
          void submit(pending, { method: "post", action: themesPagePath });
        }}
      >
        {question}
      </ConfirmModal>
    </>
  );
}
