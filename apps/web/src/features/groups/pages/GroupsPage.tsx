import { useSuspenseQuery } from "@tanstack/react-query";
import { useQuery } from "../../../lib/query.ts";
import { Link, useSearchParams } from "react-router";
import type { Group } from "@parley/contracts";
import { groupPaths } from "@parley/contracts/groups-constants";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { ButtonLink } from "../../../ui/button/Button.tsx";
import { Pager } from "../../../ui/pager/Pager.tsx";
import { SortSelect } from "../../../ui/sort-select/SortSelect.tsx";
import { meQuery } from "../../users/index.ts";
import { GroupCounts, GroupIcon, PrivacyBadge } from "../components/GroupParts.tsx";
import { groupListQuery, groupsPerPage } from "../groups.queries.ts";
import { groupListHref, groupPath, groupSortOptions, readGroupListState, type GroupListState } from "../groups.urls.ts";
import { canAddGroups, excerpt } from "../groups.viewer.ts";
import styles from "../components/groups.module.css";
import { EmptyState } from "../../../ui/empty-state/EmptyState.tsx";
import { GroupIcon as GroupsIcon } from "../../../ui/icons/more.tsx";

/**
 * `/groups[?filter=mine][&sort=…][&page=n]`: the groups the viewer may see as cards, "My Groups" for
 * members, a sort, a numbered pager (every page a real URL) and New Group for those with `groups.add`.
 */
export function GroupsPage() {
  const api = useApi();
  const [search] = useSearchParams();
  const state = readGroupListState(search)!;
  const { data: me } = useQuery(meQuery(api));
  const signedIn = (me?.userID ?? 0) !== 0;
  const mine = state.filter === "mine" && signedIn;
  const { data: list } = useSuspenseQuery(
    groupListQuery(api, {
      ...(mine ? { memberID: me!.userID } : {}),
      sort: state.sort,
      page: state.page,
      limit: groupsPerPage,
    }),
  );
  const title = mine ? t("My Groups") : t("Groups");
  const href = (change: Partial<GroupListState>) => groupListHref({ ...state, page: 1, ...change });
  return (
    <section aria-labelledby="groups-title">
      <PageHead title={title} canonical={groupListHref(state)} />
      <div className={styles.titleRow}>
        <h1 id="groups-title" className={styles.pageTitle}>
          {title}
        </h1>
        {me && canAddGroups(me) ? (
          <ButtonLink to={groupPaths.add} buttonType="primary">
            {t("New Group")}
          </ButtonLink>
        ) : null}
      </div>
      <div className={styles.toolbar}>
        {signedIn ? (
          <nav className={styles.tabs} aria-label={t("Group filters")}>
            <ul>
              <li>
                <Link to={href({ filter: "all" })} aria-current={mine ? undefined : "page"}>
                  {t("All Groups")}
                </Link>
              </li>
              <li>
                <Link to={href({ filter: "mine" })} aria-current={mine ? "page" : undefined}>
                  {t("My Groups")}
                </Link>
              </li>
            </ul>
          </nav>
        ) : (
          <span />
        )}
        <SortSelect
          options={groupSortOptions()}
          current={state.sort}
          href={(sort) => href({ sort })}
          action={groupPaths.list}
          hidden={{ filter: state.filter }}
        />
      </div>
      {list.items.length === 0 ? (
        <EmptyState
          icon={<GroupsIcon size={32} strokeWidth={1.5} />}
          action={
            mine ? (
              <ButtonLink buttonType="standard" to={href({ filter: "all" })}>
                {t("Browse all groups")}
              </ButtonLink>
            ) : null
          }
        >
          {mine ? t("You haven't joined any groups yet.") : t("There are no groups yet.")}
        </EmptyState>
      ) : (
        <ul className={styles.cards}>
          {list.items.map((group) => (
            <GroupCard key={group.groupID} group={group} />
          ))}
        </ul>
      )}
      <Pager
        page={state.page}
        limit={groupsPerPage}
        total={list.total}
        href={(page) => groupListHref({ ...state, page })}
        label={t("Group pages")}
      />
    </section>
  );
}

function GroupCard({ group }: { group: Group }) {
  return (
    <li className={styles.card}>
      <div className={styles.cardHead}>
        <GroupIcon group={group} />
        <div>
          <h2 className={styles.cardTitle}>
            <Link to={groupPath(group)} className={styles.cardLink}>
              {group.name}
            </Link>
          </h2>
          <PrivacyBadge privacy={group.privacy} />
          {group.viewer.role === "leader" ? (
            <span className={styles.muted}> {t("Leader")}</span>
          ) : group.viewer.role === "member" ? (
            <span className={styles.muted}> {t("Member")}</span>
          ) : null}
        </div>
      </div>
      {group.description ? <p className={styles.cardDescription}>{excerpt(group.description)}</p> : null}
      <GroupCounts group={group} />
    </li>
  );
}
