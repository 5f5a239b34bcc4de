import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import type { CategoryTreeItem, LeaderboardSlotType } from "@parley/contracts";
import { leaderboardPagePath } from "@parley/contracts/reputation-constants";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { msg, t } from "../../../lib/i18n.ts";
import { sectionHref, useSiteSection } from "../../../lib/site-section.tsx";
import { EmptyState } from "../../../ui/empty-state/EmptyState.tsx";
import { TrophyIcon } from "../../../ui/icons/more.tsx";
import { categoryListQuery } from "../../categories/index.ts";
import { LeaderList } from "../components/LeaderList.tsx";
import { leadersParams, leadersQuery } from "../reputation.queries.ts";
import styles from "./LeaderboardPage.module.css";
import tabStyles from "../../../ui/tabs/Tabs.module.css";

/** The page's periods, as tabs: all time, this month, this week. */
const leaderboardPeriods: Array<{ slotType: LeaderboardSlotType; label: string }> = [
  { slotType: "a", label: msg("All Time") },
  { slotType: "m", label: msg("This Month") },
  { slotType: "w", label: msg("This Week") },
];
const leaderboardPageSize = 50;
/** The category filter's choices: the site's, or the subcommunity's the page is in. */
export const leaderboardCategories = (siteSectionID: string | undefined) => ({
  maxDepth: 3,
  ...(siteSectionID ? { siteSectionID } : {}),
});
/** The page's leaders: its period and category, in its subcommunity if it is in one. */
export const leaderboardParams = (
  { slotType, categoryID }: { slotType: LeaderboardSlotType; categoryID?: number | undefined },
  siteSectionID: string | undefined,
) => leadersParams({ limit: leaderboardPageSize, slotType, categoryID, siteSectionID });

const flatten = (items: CategoryTreeItem[], depth = 0): Array<{ categoryID: number; name: string; depth: number }> =>
  items.flatMap((item) => [
    { categoryID: item.categoryID, name: item.name, depth },
    ...flatten(item.children ?? [], depth + 1),
  ]);

const hrefOf = (slotType: LeaderboardSlotType, categoryID: number | undefined) => {
  const query = new URLSearchParams();
  if (slotType !== "a") query.set("period", slotType);
  if (categoryID) query.set("categoryID", String(categoryID));
  const search = query.toString();
  return search ? `${leaderboardPagePath}?${search}` : leaderboardPagePath;
};

/**
 * `/leaderboard`: the members with the most points in a period (tabs, plain links) and a category (a GET form), so
 * it works without JavaScript.
 */
export function LeaderboardPage({ slotType, categoryID }: { slotType: LeaderboardSlotType; categoryID?: number }) {
  const api = useApi();
  const section = useSiteSection();
  const siteSectionID = section?.siteSectionID;
  const { data: leaders } = useSuspenseQuery(
    leadersQuery(api, leaderboardParams({ slotType, categoryID }, siteSectionID)),
  );
  const { data: tree } = useSuspenseQuery(categoryListQuery(api, leaderboardCategories(siteSectionID)));
  const categories = flatten(tree);
  return (
    <section className={styles.page} aria-labelledby="leaderboard-title">
      <PageHead title={t("Leaderboard")} canonical={hrefOf(slotType, categoryID)} />
      <h1 id="leaderboard-title" className={styles.title}>
        {t("Leaderboard")}
      </h1>
      <p className={styles.intro}>
        {t("Members earn points when others react to their posts and when their answers are accepted.")}
      </p>
      <nav className={tabStyles.tabs} aria-label={t("Period")}>
        <ul>
          {leaderboardPeriods.map((period) => (
            <li key={period.slotType}>
              <Link
                to={hrefOf(period.slotType, categoryID)}
                aria-current={period.slotType === slotType ? "page" : undefined}
                className={period.slotType === slotType ? tabStyles.tabActive : tabStyles.tab}
              >
                {t(period.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <form method="get" action={sectionHref(section, leaderboardPagePath)} className={styles.filter}>
        {slotType !== "a" ? <input type="hidden" name="period" value={slotType} /> : null}
        <label htmlFor="leaderboard-category">{t("Category")}</label>
        <select id="leaderboard-category" name="categoryID" defaultValue={categoryID ? String(categoryID) : ""}>
          <option value="">{t("All Categories")}</option>
          {categories.map((category) => (
            <option key={category.categoryID} value={category.categoryID}>
              {`${"\u00a0\u00a0".repeat(category.depth)}${category.name}`}
            </option>
          ))}
        </select>
        <button type="submit" className={styles.show}>
          {t("Show")}
        </button>
      </form>
      {leaders.length ? (
        <LeaderList leaders={leaders} />
      ) : (
        <EmptyState icon={<TrophyIcon size={32} />}>{t("No one has earned points in this period yet.")}</EmptyState>
      )}
    </section>
  );
}
