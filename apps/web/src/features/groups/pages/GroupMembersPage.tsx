import { useSuspenseQuery } from "@tanstack/react-query";
import { Form, Link, useActionData, useNavigation, useParams, useSearchParams } from "react-router";
import type { Group, GroupMember, UserFragment } from "@parley/contracts";
import { groupMessages, groupRules } from "@parley/contracts/groups-constants";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { Pager } from "../../../ui/pager/Pager.tsx";
import { UserPhoto } from "../../../ui/user-photo/UserPhoto.tsx";
import { RecipientField } from "../../conversations/index.ts";
import { ConfirmForm } from "../components/ConfirmForm.tsx";
import { ConfirmPanel } from "../components/ConfirmPanel.tsx";
import { ActionMessage, GroupBreadcrumbs, PrivacyBadge } from "../components/GroupParts.tsx";
import type { GroupActionResult } from "../groups.actions.ts";
import {
  groupApplicantsQuery,
  groupInvitationsQuery,
  groupMembersQuery,
  groupQuery,
  membersPerPage,
} from "../groups.queries.ts";
import { groupPath, membersPath, pagedHref, readGroupSegment, readPage } from "../groups.urls.ts";
import { canManageMembers, canReadDiscussions } from "../groups.viewer.ts";
import styles from "../components/groups.module.css";

/** Every leader shows on each page, above the members (a group has few). */
export const leadersLimit = groupRules.maxLimit;

/** The removal confirmation's words (the dialog's and the no-JavaScript panel's). */
const removeConfirmation = (name: string, group: string) => ({
  title: t("Remove Member"),
  question: t("Are you sure you want to remove {name} from {group}?", { name, group }),
  confirmLabel: t("Remove"),
});

const profilePath = (user: UserFragment) => (user.url ? new URL(user.url, "http://local.invalid").pathname : null);

/**
 * `/group/{id}-{slug}/members[?page=n]`: the leaders, then the members, paged. Leaders
 * (`manageMembers`) also make leaders and members, remove members (confirmed), approve or deny the
 * applications, invite members by name and withdraw invitations. Every control is a form post.
 */
export function GroupMembersPage() {
  const api = useApi();
  const id = readGroupSegment(useParams()["group"])!.id;
  const { data: group } = useSuspenseQuery(groupQuery(api, id));
  const path = membersPath(group);
  if (canReadDiscussions(group)) return <GroupMembers group={group} />;
  return (
    <section aria-labelledby="members-title">
      <PageHead title={t("Members of {name}", { name: group.name })} canonical={path} />
      <GroupBreadcrumbs crumbs={[{ name: group.name, url: groupPath(group) }]} current={t("Members")} />
      <h1 id="members-title" className={styles.pageTitle}>
        {t("Members of {name}", { name: group.name })}
      </h1>
      <p className={styles.notice}>{t("Only members of this group can see who its members are.")}</p>
    </section>
  );
}

function GroupMembers({ group }: { group: Group }) {
  const api = useApi();
  const id = group.groupID;
  const [search] = useSearchParams();
  const page = readPage(search.get("page")) ?? 1;
  const { data: leaders } = useSuspenseQuery(
    groupMembersQuery(api, id, { role: "leader", page: 1, limit: leadersLimit }),
  );
  const { data: members } = useSuspenseQuery(
    groupMembersQuery(api, id, { role: "member", page, limit: membersPerPage }),
  );
  const result = useActionData<GroupActionResult>();
  const manage = canManageMembers(group);
  const path = membersPath(group);
  const confirm = result?.confirm;
  return (
    <section aria-labelledby="members-title">
      <PageHead title={t("Members of {name}", { name: group.name })} canonical={pagedHref(path, page)} />
      <GroupBreadcrumbs crumbs={[{ name: group.name, url: groupPath(group) }]} current={t("Members")} />
      <div className={styles.titleRow}>
        <h1 id="members-title" className={styles.pageTitle}>
          {t("Members of {name}", { name: group.name })}
        </h1>
        <PrivacyBadge privacy={group.privacy} />
      </div>
      {confirm?.intent === "remove" && confirm.userID ? (
        <ConfirmPanel
          intent="remove"
          fields={{ userID: confirm.userID }}
          {...removeConfirmation(confirm.name ?? "", group.name)}
        />
      ) : (
        <ActionMessage result={result} shownByFields={["names"]} />
      )}
      {manage ? <Applicants group={group} /> : null}
      <section className={styles.section} aria-labelledby="leaders-title">
        <h2 id="leaders-title" className={styles.sectionTitle}>
          {t("Leaders")}
        </h2>
        {/* The only leader stays one (the server refuses): no Make Member or Remove for them. */}
        <MemberList group={group} members={leaders.items} manage={manage && leaders.items.length > 1} />
        {manage && leaders.items.length === 1 ? <p className={styles.muted}>{groupMessages.lastLeader}</p> : null}
      </section>
      <section className={styles.section} aria-labelledby="group-members-title">
        <h2 id="group-members-title" className={styles.sectionTitle}>
          {t("Members")}
        </h2>
        {members.items.length === 0 ? (
          <p className={styles.notice}>{t("This group has no other members yet.")}</p>
        ) : (
          <MemberList group={group} members={members.items} manage={manage} />
        )}
        <Pager
          page={page}
          limit={membersPerPage}
          total={members.total}
          href={(n) => pagedHref(path, n)}
          label={t("Member pages")}
        />
      </section>
      {manage ? <Invitations group={group} result={result} /> : null}
    </section>
  );
}

function Person({ user }: { user: UserFragment }) {
  const profile = profilePath(user);
  return (
    <>
      <UserPhoto name="" photoUrl={user.photoUrl} size="medium" decorative />
      {profile ? (
        <Link to={profile} className={styles.personName}>
          {user.name}
        </Link>
      ) : (
        <span className={styles.personName}>{user.name}</span>
      )}
    </>
  );
}

function MemberList({ group, members, manage }: { group: Group; members: GroupMember[]; manage: boolean }) {
  const busy = useNavigation().state === "submitting";
  const action = useMembersAction();
  return (
    <ul className={styles.people}>
      {members.map((member) => (
        <li key={member.userID} className={styles.person}>
          <div className={styles.personMain}>
            <div className={styles.personHead}>
              <Person user={member.user} />
              <span className={styles.badge}>{member.role === "leader" ? t("Leader") : t("Member")}</span>
            </div>
            <div className={`${styles.muted} ${styles.personDetails}`}>
              {t("Joined")} <DateTime date={member.dateInserted} mode="fixed" />
            </div>
          </div>
          {manage ? (
            <div className={styles.personActions}>
              <ConfirmForm
                action={action}
                intent="role"
                fields={{ userID: member.userID, role: member.role === "leader" ? "member" : "leader" }}
                label={member.role === "leader" ? t("Make Member") : t("Make Leader")}
                ariaLabel={
                  member.role === "leader"
                    ? t("Make Member: {name}", { name: member.user.name })
                    : t("Make Leader: {name}", { name: member.user.name })
                }
                busy={busy}
              />
              <ConfirmForm
                action={action}
                intent="remove"
                fields={{ userID: member.userID, name: member.user.name }}
                label={t("Remove")}
                ariaLabel={t("Remove {name}", { name: member.user.name })}
                confirm={removeConfirmation(member.user.name, group.name)}
                busy={busy}
              />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The path the member forms post to: this page (its page number kept). */
function useMembersAction() {
  const [search] = useSearchParams();
  const params = useParams();
  const page = search.get("page");
  return `/group/${params["group"] ?? ""}/members${page ? `?page=${page}` : ""}`;
}

/** Pending applications with their reasons: Approve (the applicant joins) or Deny. */
function Applicants({ group }: { group: Group }) {
  const api = useApi();
  const { data: applicants } = useSuspenseQuery(groupApplicantsQuery(api, group.groupID));
  const busy = useNavigation().state === "submitting";
  const action = useMembersAction();
  const pending = applicants.filter((applicant) => applicant.status === "pending");
  return (
    <section className={styles.section} aria-labelledby="applicants-title">
      <h2 id="applicants-title" className={styles.sectionTitle}>
        {t("Applications")}
      </h2>
      {pending.length === 0 ? (
        <p className={styles.muted}>{t("No applications are waiting for review.")}</p>
      ) : (
        <ul className={styles.people}>
          {pending.map((applicant) => (
            <li key={applicant.userID} className={styles.person}>
              <div className={styles.personMain}>
                <div className={styles.personHead}>
                  <Person user={applicant.user} />
                  <span className={styles.muted}>
                    <DateTime date={applicant.dateInserted} />
                  </span>
                </div>
                {applicant.reason ? <p className={styles.reason}>{applicant.reason}</p> : null}
              </div>
              <div className={styles.personActions}>
                <ConfirmForm
                  action={action}
                  intent="approve"
                  fields={{ userID: applicant.userID }}
                  label={t("Approve")}
                  ariaLabel={t("Approve {name}", { name: applicant.user.name })}
                  buttonType="primary"
                  busy={busy}
                />
                <ConfirmForm
                  action={action}
                  intent="deny"
                  fields={{ userID: applicant.userID }}
                  label={t("Deny")}
                  ariaLabel={t("Deny {name}", { name: applicant.user.name })}
                  busy={busy}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The invite form (names, with suggestions once hydrated) and the invitations waiting for an answer. */
function Invitations({ group, result }: { group: Group; result: GroupActionResult | undefined }) {
  const api = useApi();
  const { data: invitations } = useSuspenseQuery(groupInvitationsQuery(api, group.groupID));
  const busy = useNavigation().state === "submitting";
  const action = useMembersAction();
  return (
    <section className={styles.section} aria-labelledby="invite-title">
      <h2 id="invite-title" className={styles.sectionTitle}>
        {t("Invite Members")}
      </h2>
      <Form method="post" action={action} className={styles.applyForm}>
        <TransientKeyField />
        <input type="hidden" name="intent" value="invite" />
        {/* A fresh field after each successful invitation. */}
        <RecipientField
          key={result?.ok ? (result.message ?? "") : "invite"}
          label={t("Members to invite")}
          name="names"
          hint={t("Member names, separated by commas.")}
          defaultValue={result?.ok ? "" : (result?.values?.["names"] ?? "")}
          error={result?.errors?.["names"]}
        />
        <div>
          <Button type="submit" buttonType="primary" isPending={busy}>
            {t("Invite")}
          </Button>
        </div>
      </Form>
      <h3 className={styles.subsectionTitle}>{t("Pending Invitations")}</h3>
      {invitations.length === 0 ? (
        <p className={styles.muted}>{t("No invitations are waiting for an answer.")}</p>
      ) : (
        <ul className={styles.people}>
          {invitations.map((invitation) => (
            <li key={invitation.userID} className={styles.person}>
              <div className={`${styles.personMain} ${styles.personHead}`}>
                <Person user={invitation.user} />
                <span className={styles.muted}>
                  {t("Invited")} <DateTime date={invitation.dateInserted} />
                </span>
              </div>
              <ConfirmForm
                action={action}
                intent="withdraw"
                fields={{ userID: invitation.userID }}
                label={t("Withdraw")}
                ariaLabel={t("Withdraw {name}", { name: invitation.user.name })}
                busy={busy}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
