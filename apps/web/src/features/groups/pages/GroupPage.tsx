import { useSuspenseQuery } from "@tanstack/react-query";
import { useQuery } from "../../../lib/query.ts";
import { Link, useActionData, useParams, useSearchParams } from "react-router";
import type { Group } from "@parley/contracts";
import { groupPaths } from "@parley/contracts/groups-constants";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { ButtonLink } from "../../../ui/button/Button.tsx";
import type { DiscussionListParams } from "../../discussions/index.ts";
import { DiscussionListSection } from "../../discussions/index.ts";
import { readListParams } from "../../../lib/list-params.ts";
import { meQuery } from "../../users/index.ts";
import { ConfirmPanel } from "../components/ConfirmPanel.tsx";
import { GroupActions, leaveConfirmation } from "../components/GroupActions.tsx";
import { ActionMessage, GroupBreadcrumbs, GroupCounts, GroupIcon, PrivacyBadge } from "../components/GroupParts.tsx";
import type { GroupActionResult } from "../groups.actions.ts";
import { groupDiscussionsPerPage, groupQuery } from "../groups.queries.ts";
import { groupPath, membersPath, readGroupSegment, readPage } from "../groups.urls.ts";
import { canEditGroup, canReadDiscussions } from "../groups.viewer.ts";
import { canPostIn } from "../../../lib/group-record.ts";
import { PostingGate } from "../../warnings/index.ts";
import styles from "../components/groups.module.css";

/** The list query of a group's discussions page (`?page=`, `?sort=` as the discussion lists read them). */
export function groupDiscussionParams(groupID: number, page: number, search: URLSearchParams): DiscussionListParams {
  return { groupID, page, limit: groupDiscussionsPerPage, sort: readListParams(search).sort };
}

/**
 * `/group/{id}-{slug}[?page=n]`: the group's banner, icon, name, privacy, description and counts, the
 * viewer's action (join, apply, leave…), and its discussions, paged, for those who may read them.
 */
export function GroupPage() {
  const api = useApi();
  const id = readGroupSegment(useParams()["group"])!.id;
  const [search] = useSearchParams();
  const page = readPage(search.get("page")) ?? 1;
  const { data: group } = useSuspenseQuery(groupQuery(api, id));
  const { data: me } = useQuery(meQuery(api));
  const result = useActionData<GroupActionResult>();
  const path = groupPath(group);
  return (
    <article aria-labelledby="group-title">
      <PageHead
        title={group.name}
        canonical={page > 1 ? `${path}?page=${page}` : path}
        {...(group.description ? { description: group.description.slice(0, 300) } : {})}
      />
      <GroupBreadcrumbs crumbs={[]} current={group.name} />
      <GroupHeader group={group} signedIn={(me?.userID ?? 0) !== 0} />
      {result?.confirm?.intent === "leave" ? (
        <ConfirmPanel intent="leave" {...leaveConfirmation(group)} />
      ) : (
        <ActionMessage result={result} />
      )}
      {canReadDiscussions(group) ? (
        <DiscussionListSection
          params={groupDiscussionParams(group.groupID, page, search)}
          basePath={path}
          title="Discussions"
          actions={
            canPostIn(group) ? (
              <PostingGate quiet>
                <p>
                  <ButtonLink to={groupPaths.newDiscussion(group.groupID)} buttonType="primary">
                    {t("New Discussion")}
                  </ButtonLink>
                </p>
              </PostingGate>
            ) : null
          }
        />
      ) : (
        <section className={styles.section} aria-labelledby="group-discussions-title">
          <h2 id="group-discussions-title" className={styles.sectionTitle}>
            {t("Discussions")}
          </h2>
          <p className={styles.notice}>
            {group.privacy === "private"
              ? t("This group is private: only its members can read its discussions.")
              : t("Only members of this group can read its discussions.")}
          </p>
        </section>
      )}
    </article>
  );
}

/** The banner, the icon over it, the name, privacy and counts, the description, and the viewer's actions. */
function GroupHeader({ group, signedIn }: { group: Group; signedIn: boolean }) {
  return (
    <header>
      {group.bannerUrl ? (
        <img className={styles.banner} src={group.bannerUrl} alt="" width={1200} height={160} />
      ) : (
        <div className={styles.banner} aria-hidden="true" />
      )}
      <div className={styles.header}>
        <GroupIcon group={group} large />
        <div className={styles.headerText}>
          <h1 id="group-title" className={styles.pageTitle}>
            {group.name}
          </h1>
          <p className={styles.meta}>
            <PrivacyBadge privacy={group.privacy} />
          </p>
        </div>
      </div>
      {group.description ? <p className={styles.description}>{group.description}</p> : null}
      <div className={styles.headerActions}>
        <GroupActions group={group} signedIn={signedIn} />
        {canEditGroup(group) ? (
          <ButtonLink to={groupPaths.edit(group.groupID)} buttonType="outline">
            {t("Edit Group")}
          </ButtonLink>
        ) : null}
      </div>
      <div className={styles.toolbar}>
        <GroupCounts group={group} />
        <Link to={membersPath(group)}>{t("Members")}</Link>
      </div>
    </header>
  );
}
