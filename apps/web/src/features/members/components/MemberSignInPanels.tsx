import type { User, UserSession } from "@parley/contracts";
import type { ReactNode } from "react";
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

/** A panel of the member's page: its heading, and the action's refusal when it refused this panel's step. */
function Panel({
  id,
  title,
  refused,
  children,
}: {
  id: string;
  title: string;
  refused?: FormResult | undefined;
  children: ReactNode;
}) {
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id} className={styles.panelTitle}>
        {title}
      </h2>
      {refused?.message ? <FormAlert>{refused.message}</FormAlert> : null}
      {children}
    </section>
  );
}

/** One step's button: posts `intent` for the member to the member's page (which may ask to confirm first). */
function IntentForm({
  user,
  action,
  busy,
  intent,
  label,
}: Omit<PanelProps, "refused"> & { intent: string; label: string }) {
  return (
    <Form method="post" action={action} className={styles.row}>
      <TransientKeyField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="name" value={user.name} />
      <Button type="submit" buttonType="standard" isPending={busy}>
        {label}
      </Button>
    </Form>
  );
}

/** "Password": e-mails the member a link to choose a new password (their current one keeps working until then). */
export function PasswordPanel({ user, action, busy, refused }: PanelProps) {
  return (
    <Panel id="member-password" title={t("Password")} refused={refused}>
      <p className={styles.note}>
        {t(
          "The member gets an e-mail with a link to choose a new password, valid for an hour. Their current password keeps working until they do.",
        )}
      </p>
      <IntentForm
        user={user}
        action={action}
        busy={busy}
        intent="request-password"
        label={t("Send a Password Reset E-mail")}
      />
    </Panel>
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
      <Panel id="member-sessions" title={t("Sessions")}>
        <p className={styles.note}>{t("Only site managers see and end the sessions of a site manager.")}</p>
      </Panel>
    );
  }
  const count = sessions.length;
  return (
    <Panel id="member-sessions" title={t("Sessions")} refused={refused}>
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
        <IntentForm user={user} action={action} busy={busy} intent="sign-out" label={t("Sign Out Everywhere…")} />
      ) : null}
    </Panel>
  );
}

/**
 * "Two-factor authentication": whether it is on (site managers see it), and turning it off for a member who lost
 * their phone and their recovery codes, which asks first. They sign in with their password alone until they set it
 * up again.
 */
export function TwoFactorPanel({ user, action, busy, refused, confirming }: PanelProps & { confirming: boolean }) {
  return (
    <Panel id="member-two-factor" title={t("Two-Factor Authentication")} refused={refused}>
      {user.twoFactorEnabled === undefined ? null : (
        <p className={styles.facts} data-testid="two-factor-summary">
          {user.twoFactorEnabled ? t("On: signing in asks for a code.") : t("Off.")}
        </p>
      )}
      {confirming ? (
        <ConfirmAction
          id="two-factor-confirm"
          headingLevel={3}
          title={t("Turn off two-factor authentication for {name}?", { name: user.name })}
          text={t(
            "Their key and recovery codes are deleted and their remembered devices forgotten; they sign in with their password alone until they set it up again.",
          )}
          fields={{ intent: "reset-two-factor", name: user.name }}
          confirmLabel={t("Turn Off Two-Factor Authentication")}
          cancelTo={memberPath(user.userID)}
          busy={busy}
        />
      ) : user.twoFactorEnabled === false ? null : (
        <IntentForm
          user={user}
          action={action}
          busy={busy}
          intent="reset-two-factor"
          label={t("Turn Off Two-Factor Authentication…")}
        />
      )}
    </Panel>
  );
}
