import { useSuspenseQuery } from "@tanstack/react-query";
import type { User } from "@parley/contracts";
import { userRules } from "@parley/contracts/user-rules";
import { Form, Link, useActionData, useLocation, useNavigation, useParams } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import { formatDate } from "../../../lib/dates.ts";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { currentLocale, t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import { ConfirmAction } from "../../../ui/confirm/ConfirmAction.tsx";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import {
  CheckboxField,
  FormAlert,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from "../../../ui/forms/Form.tsx";
import { meQuery } from "../../users/index.ts";
import { PasswordPanel, SessionsPanel, TwoFactorPanel } from "../components/MemberSignInPanels.tsx";
import { deleteChoices } from "../components/MembersBulkBar.tsx";
import { banDurations } from "../members.bans.ts";
import {
  canDeleteMembers,
  canSeeEmails,
  memberQuery,
  memberSessionsQuery,
  membersPagePath,
  rolesQuery,
} from "../members.queries.ts";
import styles from "./MembersPage.module.css";

/** The deletion's second step: what will happen, and the button that does it. */
function DeleteConfirmation({ user, method, busy }: { user: User; method: string; busy: boolean }) {
  const choice = deleteChoices().find((option) => option.value === method)?.label ?? method;
  return (
    <ConfirmAction
      id="member-confirm"
      title={t("Delete {name}?", { name: user.name })}
      text={t("The account will be deleted ({choice}). This cannot be undone.", { choice: choice.toLowerCase() })}
      fields={{ intent: "delete", name: user.name, deleteMethod: method }}
      cancelTo={`${membersPagePath}/${user.userID}`}
      busy={busy}
    />
  );
}

/**
 * `/dashboard/users/{id}`: a member's name, e-mail and roles; the e-mail's confirmation, a password reset link,
 * their sessions, the ban, the deletion.
 */
export function MemberPage() {
  const api = useApi();
  const userID = Number(useParams()["userID"]);
  const { data: user } = useSuspenseQuery(memberQuery(api, userID));
  const { data: roles } = useSuspenseQuery(rolesQuery(api));
  const { data: sessions } = useSuspenseQuery(memberSessionsQuery(api, userID));
  const { data: me } = useSuspenseQuery(meQuery(api));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const action = useLocation().pathname;
  const intent = result?.values?.["intent"];
  const refused = (name: string) => (result && !result.ok && intent === name ? result : undefined);
  const details = refused("details");
  const confirming = result?.values?.["confirm"] === "delete" ? result : undefined;
  const panelMessage = (name: string) => {
    const failed = refused(name);
    return failed?.message ? <FormAlert>{failed.message}</FormAlert> : null;
  };
  return (
    <section className={styles.page} aria-labelledby="member-title">
      <PageHead title={t("Edit {name}", { name: user.name })} noindex />
      <p className={styles.note}>
        <Link to={membersPagePath}>{t("← Members")}</Link>
      </p>
      <h1 id="member-title" className={styles.title}>
        {user.name}
      </h1>
      <p className={styles.facts}>
        {t("Joined {date}", { date: formatDate(user.dateInserted) })} ·{" "}
        {user.countPosts === 1
          ? t("1 post")
          : t("{count} posts", { count: user.countPosts.toLocaleString(currentLocale()) })}
        {user.banned ? ` · ${t("Banned")}` : ""}
      </p>
      {result?.ok && result.message ? <FormAlert kind="success">{result.message}</FormAlert> : null}
      {user.dateDeleteScheduled ? (
        <section className={styles.panel} aria-labelledby="member-scheduled-deletion">
          <h2 id="member-scheduled-deletion" className={styles.panelTitle}>
            {t("Scheduled for Deletion")}
          </h2>
          {panelMessage("cancel-deletion")}
          <p className={styles.note}>
            {t("{name} deleted their account; it is deactivated and will be deleted on", { name: user.name })}{" "}
            <DateTime date={user.dateDeleteScheduled} mode="fixed" type="extended" />.
          </p>
          <Form method="post" action={action} className={styles.row}>
            <TransientKeyField />
            <input type="hidden" name="intent" value="cancel-deletion" />
            <input type="hidden" name="name" value={user.name} />
            <Button type="submit" isPending={busy}>
              {t("Cancel the Deletion")}
            </Button>
          </Form>
        </section>
      ) : null}
      {confirming ? (
        <DeleteConfirmation user={user} method={confirming.values?.["deleteMethod"] ?? "delete"} busy={busy} />
      ) : null}

      <section className={styles.panel} aria-labelledby="member-details">
        <h2 id="member-details" className={styles.panelTitle}>
          {t("Details")}
        </h2>
        {panelMessage("details")}
        <Form method="post" action={action} className={styles.stack}>
          <TransientKeyField />
          <input type="hidden" name="intent" value="details" />
          <TextField
            label={t("Name")}
            name="name"
            required
            maxLength={userRules.nameMaxLength}
            defaultValue={details?.values?.["name"] ?? user.name}
            error={details?.errors?.["name"]}
          />
          {canSeeEmails(me) ? (
            <TextField
              label={t("E-mail")}
              name="email"
              type="email"
              required
              maxLength={userRules.emailMaxLength}
              defaultValue={details?.values?.["email"] ?? user.email ?? ""}
              error={details?.errors?.["email"]}
            />
          ) : null}
          <SubmitButton busy={busy}>{t("Save")}</SubmitButton>
        </Form>
        {user.emailConfirmed ? null : (
          <Form method="post" action={action} className={styles.row}>
            <TransientKeyField />
            <input type="hidden" name="intent" value="confirm-email" />
            <p className={styles.facts}>{t("The e-mail address is not confirmed.")}</p>
            <Button type="submit" buttonType="standard" isPending={busy}>
              {t("Confirm E-mail")}
            </Button>
          </Form>
        )}
      </section>

      <section className={styles.panel} aria-labelledby="member-roles">
        <h2 id="member-roles" className={styles.panelTitle}>
          {t("Roles")}
        </h2>
        {panelMessage("roles")}
        <Form method="post" action={action} className={styles.row}>
          <TransientKeyField />
          <input type="hidden" name="intent" value="roles" />
          <fieldset className={styles.roles}>
            <legend className={styles.hidden}>{t("Roles of {name}", { name: user.name })}</legend>
            {roles.map((role) => (
              <CheckboxField
                key={role.roleID}
                label={role.name}
                name="roleID"
                value={String(role.roleID)}
                defaultChecked={user.roleIDs.includes(role.roleID)}
              />
            ))}
          </fieldset>
          <SubmitButton busy={busy}>{t("Save Roles")}</SubmitButton>
        </Form>
      </section>

      <PasswordPanel user={user} action={action} busy={busy} refused={refused("request-password")} />
      <SessionsPanel
        user={user}
        sessions={sessions}
        action={action}
        busy={busy}
        refused={refused("sign-out")}
        confirming={result?.values?.["confirm"] === "sign-out"}
      />

      <TwoFactorPanel
        user={user}
        action={action}
        busy={busy}
        refused={refused("reset-two-factor")}
        confirming={result?.values?.["confirm"] === "reset-two-factor"}
      />

      <section className={styles.panel} aria-labelledby="member-ban">
        <h2 id="member-ban" className={styles.panelTitle}>
          {user.banned ? t("Banned") : t("Ban")}
        </h2>
        {panelMessage(user.banned ? "unban" : "ban")}
        <p className={styles.note}>
          {user.banned
            ? t(
                "A banned member holds no permission until unbanned: what they ask is refused, and they cannot sign in.",
              )
            : t(
                "A banned member holds no permission: from their next request on, what they ask is refused, and they cannot sign in.",
              )}
        </p>
        {user.banned && user.ban ? (
          <dl className={styles.banDetails} data-testid="ban-details">
            <dt>{t("Reason")}</dt>
            <dd>{user.ban.reason ?? t("None given")}</dd>
            {user.ban.dateBanned ? (
              <>
                <dt>{t("Since")}</dt>
                <dd>
                  <DateTime date={user.ban.dateBanned} mode="fixed" type="extended" />
                </dd>
              </>
            ) : null}
            <dt>{t("Until")}</dt>
            <dd>
              {user.ban.dateBanExpires ? (
                <DateTime date={user.ban.dateBanExpires} mode="fixed" type="extended" />
              ) : (
                t("Lifted by hand")
              )}
            </dd>
          </dl>
        ) : null}
        <Form method="post" action={action} className={styles.banForm}>
          <TransientKeyField />
          <input type="hidden" name="intent" value={user.banned ? "unban" : "ban"} />
          <input type="hidden" name="name" value={user.name} />
          {user.banned ? null : (
            <>
              <TextAreaField
                label={t("Reason")}
                name="banReason"
                rows={2}
                maxLength={userRules.banReasonMaxLength}
                defaultValue={refused("ban")?.values?.["banReason"] ?? ""}
                hint={t("Moderators read it; the member is not shown it.")}
              />
              <SelectField
                label={t("For")}
                name="banFor"
                defaultValue={refused("ban")?.values?.["banFor"] ?? ""}
                options={banDurations.map((option) => ({ value: option.value, label: t(option.label) }))}
                error={refused("ban")?.errors?.["banFor"] ?? refused("ban")?.errors?.["dateBanExpires"]}
              />
            </>
          )}
          <div>
            <Button type="submit" buttonType="standard" isPending={busy}>
              {user.banned ? t("Unban {name}", { name: user.name }) : t("Ban {name}", { name: user.name })}
            </Button>
          </div>
        </Form>
      </section>

      {canDeleteMembers(me) ? (
        <section className={styles.panel} aria-labelledby="member-delete">
          <h2 id="member-delete" className={styles.panelTitle}>
            {t("Delete")}
          </h2>
          {panelMessage("delete")}
          <Form method="post" action={action} className={styles.row}>
            <TransientKeyField />
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="name" value={user.name} />
            <SelectField
              label={t("Their posts")}
              name="deleteMethod"
              defaultValue="keep"
              options={deleteChoices()}
              error={refused("delete")?.errors?.["deleteMethod"]}
            />
            <Button type="submit" buttonType="standard" isPending={busy}>
              {t("Delete {name}…", { name: user.name })}
            </Button>
          </Form>
        </section>
      ) : null}
    </section>
  );
}
