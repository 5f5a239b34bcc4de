import { useSuspenseQuery } from "@tanstack/react-query";
import { Form, useActionData, useNavigation } from "react-router";
import type { Invitation } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { FormAlert, SubmitButton, TextField } from "../../../ui/forms/Form.tsx";
import { invitationsPagePath } from "../invitations.path.ts";
import { invitationAllowanceQuery, invitationsQuery } from "../invitations.queries.ts";
import styles from "../../../ui/page/DashboardForm.module.css";
import own from "./InvitationsPage.module.css";

const statusText = (invitation: Invitation) =>
  invitation.status === "accepted" ? t("Accepted") : invitation.status === "expired" ? t("Expired") : t("Waiting");

/** `/dashboard/users/invitations`: invite an e-mail address to register; the invitations, each revocable. */
export function InvitationsPage() {
  const api = useApi();
  const { data: invitations } = useSuspenseQuery(invitationsQuery(api));
  const { data: allowance } = useSuspenseQuery(invitationAllowanceQuery(api));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className={styles.page} aria-labelledby="invitations-title">
      <PageHead title={t("Invitations")} canonical={invitationsPagePath} noindex />
      <h1 id="invitations-title" className={styles.title}>
        {t("Invitations")}
      </h1>
      <p className={styles.note}>
        {t(
          "While the registration method is Invitation, only the addresses invited here may register, with the link mailed to them (it works once, for two weeks).",
        )}
      </p>
      <p className={styles.note} data-testid="invitations-remaining">
        {allowance.remaining === null
          ? t("You may send as many invitations as you like.")
          : t("Invitations left this month: {remaining} of {limit}.", {
              remaining: allowance.remaining,
              limit: allowance.invitationsPerMonth,
            })}
      </p>
      {result?.ok && result.message ? <FormAlert kind="success">{result.message}</FormAlert> : null}
      <Form method="post" action={invitationsPagePath} className={styles.form} aria-label={t("Invite")}>
        <TransientKeyField />
        <input type="hidden" name="intent" value="invite" />
        {result && !result.ok && result.message && !result.errors?.["email"] ? (
          <FormAlert>{result.message}</FormAlert>
        ) : null}
        <TextField
          label={t("Email")}
          name="email"
          type="email"
          autoComplete="off"
          required
          defaultValue={result && !result.ok ? (result.values?.["email"] ?? "") : ""}
          error={result && !result.ok ? result.errors?.["email"] : undefined}
        />
        <div>
          <SubmitButton busy={busy}>{t("Send Invitation")}</SubmitButton>
        </div>
      </Form>
      {invitations.length === 0 ? (
        <p className={styles.note}>{t("No invitations yet.")}</p>
      ) : (
        <ul className={styles.list} aria-label={t("Invitations")}>
          {invitations.map((invitation) => (
            <li key={invitation.invitationID} className={`${styles.item} ${own.row}`}>
              <div>
                <strong>{invitation.email}</strong>
                <p className={styles.meta}>
                  <span>{statusText(invitation)}</span>
                  <span>
                    {t("Sent")} <DateTime date={invitation.dateInserted} />
                  </span>
                </p>
              </div>
              {invitation.status === "pending" ? (
                <Form method="post" action={invitationsPagePath}>
                  <TransientKeyField />
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="invitationID" value={invitation.invitationID} />
                  <input type="hidden" name="email" value={invitation.email} />
                  <Button
                    type="submit"
                    buttonType="standard"
                    isPending={busy}
                    aria-label={t("Revoke the invitation to {email}", { email: invitation.email })}
                  >
                    {t("Revoke")}
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
