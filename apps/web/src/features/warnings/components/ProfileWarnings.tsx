import { useQuery } from "../../../lib/query.ts";
import { Form, useActionData, useLocation, useNavigation } from "react-router";
import type { UserNote, Warning } from "@parley/contracts";
import { warningRules } from "@parley/contracts/warnings-constants";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button, buttonLook } from "../../../ui/button/Button.tsx";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { SubmitButton, TextAreaField, TextField } from "../../../ui/forms/Form.tsx";
import { meQuery } from "../../users/index.ts";
import { warningFields } from "../warnings.profile.ts";
import { canSeeWarnings, canWarnMembers, userNotesQuery, warningsQuery } from "../warnings.manage.queries.ts";
import { warningSummaryQuery } from "../warnings.queries.ts";
import styles from "./ProfileWarnings.module.css";

/** The id of the warn form's disclosure, where the profile's Warn button leads. */
const WARN_ID = "warn";

/** A form of the warnings section: posted to the profile itself, which hands it to `warningsAction`. */
function WarningForm({
  intent,
  userID,
  children,
  className,
}: {
  intent: string;
  userID: number;
  children: React.ReactNode;
  className?: string;
}) {
  const location = useLocation();
  return (
    <Form method="post" action={location.pathname + location.search} className={className}>
      <TransientKeyField />
      <input type="hidden" name={warningFields.intent} value={intent} />
      <input type="hidden" name={warningFields.userID} value={userID} />
      {children}
    </Form>
  );
}

/** The profile's Warn button (moderators, on someone else's profile): it opens the warn form below. */
export function WarnButton({ userID, name }: { userID: number; name: string }) {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  if (!me || !canWarnMembers(me) || me.userID === userID) return null;
  return (
    <a
      href={`#${WARN_ID}`}
      {...buttonLook({ buttonType: "standard" })}
      aria-label={t("Warn {name}", { name })}
      onClick={() => {
        const details = document.getElementById(WARN_ID);
        if (details instanceof HTMLDetailsElement) details.open = true;
      }}
    >
      {t("Warn")}
    </a>
  );
}

const consequenceLabel = (warning: Warning) =>
  warning.consequence === "ban"
    ? t("Led to a ban")
    : warning.consequence === "readOnly" && warning.readOnlyUntil
      ? t("Made read-only")
      : null;

function WarningItem({ warning, moderator }: { warning: Warning; moderator: boolean }) {
  const busy = useNavigation().state === "submitting";
  const consequence = consequenceLabel(warning);
  return (
    <li className={warning.isActive ? styles.item : `${styles.item} ${styles.inactive}`}>
      <p className={styles.reason}>{warning.reason}</p>
      <p className={styles.meta}>
        <span>{t("{count} points", { count: warning.points })}</span>
        <span>
          <DateTime date={warning.dateInserted} />
        </span>
        <span>
          {warning.dateReversed
            ? t("Reversed")
            : warning.isActive
              ? warning.dateExpires
                ? t("Counts until {date}", { date: warning.dateExpires.slice(0, 10) })
                : t("Never expires")
              : t("Expired")}
        </span>
        {consequence ? <span className={styles.consequence}>{consequence}</span> : null}
        {moderator ? <span>{t("By {name}", { name: warning.insertUser.name })}</span> : null}
      </p>
      {moderator && !warning.dateReversed ? (
        <WarningForm intent="reverse" userID={warning.userID}>
          <input type="hidden" name="warningID" value={warning.warningID} />
          <Button type="submit" buttonType="standard" size="compact" isPending={busy}>
            {t("Reverse")}
          </Button>
        </WarningForm>
      ) : null}
    </li>
  );
}

/** The warn form, in a disclosure the profile's Warn button opens (open again when the post was refused). */
function WarnForm({ userID, name }: { userID: number; name: string }) {
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const refused = result && !result.ok && result.values?.[warningFields.intent] === "warn" ? result : undefined;
  return (
    <details id={WARN_ID} className={styles.disclosure} open={refused ? true : undefined}>
      <summary>{t("Warn {name}", { name })}</summary>
      <WarningForm intent="warn" userID={userID} className={styles.form}>
        <TextAreaField
          label={t("Reason")}
          name="reason"
          required
          maxLength={warningRules.reasonMaxLength}
          rows={3}
          hint={t("The member reads it in their notification and on their profile.")}
          defaultValue={refused?.values?.["reason"] ?? ""}
          error={refused?.errors?.["reason"]}
        />
        <div className={styles.numbers}>
          <TextField
            label={t("Points")}
            name="points"
            type="number"
            min={0}
            max={warningRules.maxPoints}
            defaultValue={refused?.values?.["points"] ?? String(warningRules.defaultPoints)}
            error={refused?.errors?.["points"]}
          />
          <TextField
            label={t("Expires after (days)")}
            name="expireDays"
            type="number"
            min={0}
            max={warningRules.maxExpireDays}
            hint={t("0: never expires.")}
            defaultValue={refused?.values?.["expireDays"] ?? String(warningRules.defaultExpireDays)}
            error={refused?.errors?.["expireDays"]}
          />
        </div>
        <SubmitButton busy={busy}>{t("Warn")}</SubmitButton>
      </WarningForm>
    </details>
  );
}

function Notes({ userID }: { userID: number }) {
  const api = useApi();
  const { data: notes = [] } = useQuery(userNotesQuery(api, userID));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const refused = result && !result.ok && result.values?.[warningFields.intent] === "addNote" ? result : undefined;
  return (
    <section className={styles.section} aria-labelledby="profile-notes">
      <h2 id="profile-notes" className={styles.title}>
        {t("Moderator Notes")}
      </h2>
      <p className={styles.hint}>{t("Only moderators see these notes; the member never does.")}</p>
      {notes.length === 0 ? <p className={styles.hint}>{t("No notes yet.")}</p> : null}
      <ul className={styles.list}>
        {notes.map((note: UserNote) => (
          <li key={note.userNoteID} className={styles.item}>
            <p className={styles.note}>{note.body}</p>
            <p className={styles.meta}>
              <span>{note.insertUser.name}</span>
              <DateTime date={note.dateInserted} />
            </p>
            <WarningForm intent="deleteNote" userID={userID}>
              <input type="hidden" name="userNoteID" value={note.userNoteID} />
              <Button type="submit" buttonType="standard" size="compact" isPending={busy}>
                {t("Delete")}
              </Button>
            </WarningForm>
          </li>
        ))}
      </ul>
      <WarningForm key={notes.length} intent="addNote" userID={userID} className={styles.form}>
        <TextAreaField
          label={t("Add a note")}
          name="note"
          required
          rows={2}
          maxLength={warningRules.noteMaxLength}
          defaultValue={refused?.values?.["note"] ?? ""}
          error={refused?.errors?.["note"]}
        />
        <SubmitButton busy={busy}>{t("Add Note")}</SubmitButton>
      </WarningForm>
    </section>
  );
}

/**
 * A member's warnings on their profile: their own (and whether they may post), or any member's for moderators,
 * who also warn, reverse warnings and keep private notes here. Nothing for anyone else.
 */
export function ProfileWarnings({ userID, name }: { userID: number; name: string }) {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  const allowed = me !== undefined && canSeeWarnings(me, userID);
  const { data: warnings = [] } = useQuery({ ...warningsQuery(api, userID), enabled: allowed });
  const { data: summary } = useQuery({ ...warningSummaryQuery(api, userID), enabled: allowed });
  if (!me || !allowed) return null;
  const self = me.userID === userID;
  const moderator = canWarnMembers(me) && !self;
  if (self && warnings.length === 0) return null;
  return (
    <>
      <section className={styles.section} aria-labelledby="profile-warnings" data-part="profile-warnings">
        <h2 id="profile-warnings" className={styles.title}>
          {t("Warnings")}
        </h2>
        {summary ? (
          <p className={styles.summary}>
            {t("Active warning points: {count}.", { count: summary.activePoints })}{" "}
            {summary.readOnlyUntil
              ? self
                ? t("You can't post until {date}.", { date: summary.readOnlyUntil.slice(0, 10) })
                : t("Read-only until {date}.", { date: summary.readOnlyUntil.slice(0, 10) })
              : null}
          </p>
        ) : null}
        {warnings.length === 0 ? (
          <p className={styles.hint}>{t("No warnings.")}</p>
        ) : (
          <ul className={styles.list}>
            {warnings.map((warning) => (
              <WarningItem key={warning.warningID} warning={warning} moderator={moderator} />
            ))}
          </ul>
        )}
        {/* Keyed on the list: a warning given empties the form. */}
        {moderator ? <WarnForm key={warnings.length} userID={userID} name={name} /> : null}
      </section>
      {moderator ? <Notes userID={userID} /> : null}
    </>
  );
}
