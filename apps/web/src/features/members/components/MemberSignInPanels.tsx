import type { User, UserSession } from "@parley/contracts";
import { Form } from "react-router";
import type { FormResult } from "../../../lib/forms.ts";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import { ConfirmAction } from "../../../ui/confirm/ConfirmAction.tsx";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { FormAlert } from "../../../ui/forms/Form.tsx";
import { memberPath } from "../members.queries.ts";
import styles from "../pages/MembersPage.module.css";

interface PanelProps {
  user: User;
  /** The form's action: the member's page. */
  action: string;
  busy: boolean;
  /** The action's answer, when it refused this panel's step. */
  refused?: FormResult | undefined;
}

/** "Password": e-mails the member a link to choose a new password (their current one keeps working until then). */
export function PasswordPanel({ user, action, busy, refused }: PanelProps) {
  return (
    <section className={styles.panel} aria-labelledby="member-password">
      <h2 id="member-password" className={styles.panelTitle}>
        {t("Password")}
      </h2>
      {refused?.message ? <FormAlert>{refused.message}</FormAlert> : null}
      <p className={styles.note}>
        {t(
          "The member gets an e-mail with a link to choose a new password, valid for an hour. Their current password keeps working until they do.",
        )}
      </p>
      <Form method="post" action={action} className={styles.row}>
        <TransientKeyField />
        <input type="hidden" name="intent" value="request-password" />
        <input type="hidden" name="name" value={user.name} />
        <Button type="submit" buttonType="standard" isPending={busy}>
          {t("Send a Password Reset E-mail")}
        </Button>
      </Form>
    </section>
  );
}

/**
 * "Sessions": where the member is signed in (how many browsers, each one's last use) and "Sign out everywhere",
 * which asks first. Their API tokens are not sessions and keep working.
 */
export function SessionsPanel({
  user,
  sessions,
  action,
  busy,
  refused,
  confirming,
}: PanelProps & { sessions: UserSession[] | null; confirming: boolean }) {
  if (sessions === null) {
    return (
      <section className={styles.panel} aria-labelledby="member-sessions">
        <h2 id="member-sessions" className={styles.panelTitle}>
          {t("Sessions")}
        </h2>
        <p className={styles.note}>{t("Only site managers see and end the sessions of a site manager.")}</p>
      </section>
    );
  }
  const count = sessions.length;
  return (
    <section className={styles.panel} aria-labelledby="member-sessions">
      <h2 id="member-sessions" className={styles.panelTitle}>
        {t("Sessions")}
      </h2>
      {refused?.message ? <FormAlert>{refused.message}</FormAlert> : null}
      {confirming ? (
        <ConfirmAction
          id="sessions-confirm"
          headingLevel={3}
          title={t("Sign {name} out everywhere?", { name: user.name })}
          text={t(
            "Every browser where {name} is signed in is signed out at once; they can sign in again. Their API tokens keep working.",
            { name: user.name },
          )}
          fields={{ intent: "sign-out", name: user.name }}
          confirmLabel={t("Sign Out Everywhere")}
          cancelTo={memberPath(user.userID)}
          busy={busy}
        />
      ) : null}
      <p className={styles.facts} data-testid="sessions-summary">
        {count === 0
          ? t("{name} is not signed in anywhere.", { name: user.name })
          : count === 1
            ? t("Signed in on 1 browser.")
            : t("Signed in on {count} browsers.", { count })}
      </p>
      {count > 0 ? (
        <ul className={styles.sessions} aria-label={t("Sessions of {name}", { name: user.name })}>
          {sessions.map((session) => (
            <li key={session.sessionID}>
              <span>
                {t("Last used")} <DateTime date={session.dateUpdated} />
              </span>
              <span className={styles.muted}>
                {t("Signed in")} <DateTime date={session.dateInserted} mode="fixed" />
              </span>
              {session.dateExpires ? (
                <span className={styles.muted}>
                  {t("Ends")} <DateTime date={session.dateExpires} mode="fixed" />
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {count > 0 && !confirming ? (
        <Form method="post" action={action} className={styles.row}>
          <TransientKeyField />
          <input type="hidden" name="intent" value="sign-out" />
          <input type="hidden" name="name" value={user.name} />
          <Button type="submit" buttonType="standard" isPending={busy}>
            {t("Sign Out Everywhere…")}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
