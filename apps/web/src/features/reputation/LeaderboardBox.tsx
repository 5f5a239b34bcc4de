import { useSuspenseQuery } from "@tanstack/react-query";
import type { WidgetProps } from "@parley/contracts";
import { leaderboardPagePath } from "@parley/contracts/reputation-constants";
import { useApi } from "../../lib/api-context.tsx";
import { msg, t } from "../../lib/i18n.ts";
import { sectionHref, useSiteSection } from "../../lib/site-section.tsx";
import { LeaderList } from "./components/LeaderList.tsx";
import { leadersParams, leadersQuery } from "./reputation.queries.ts";
import styles from "./LeaderboardBox.module.css";

const headings = {
  a: msg("All Time Leaders"),
  y: msg("This Year's Leaders"),
  m: msg("This Month's Leaders"),
  w: msg("This Week's Leaders"),
  d: msg("Today's Leaders"),
};

/** A panel's leaderboard (the layouts' `react.leaderboard`): the first members by points; nothing when there are none. */
export function LeaderboardBox(props: WidgetProps<"react.leaderboard">) {
  const { slotType, categoryID } = props;
  const { data: leaders } = useSuspenseQuery(leadersQuery(useApi(), leadersParams(props)));
  // A raw link (the router adds a subcommunity's folder to its own links only): the section's leaderboard.
  const section = useSiteSection();
  if (leaders.length === 0) return null;
  const query = new URLSearchParams();
  if (slotType !== "a") query.set("period", slotType);
  if (categoryID) query.set("categoryID", String(categoryID));
  const href = sectionHref(section, query.size ? `${leaderboardPagePath}?${query}` : leaderboardPagePath);
  return (
    <section className={styles.box} aria-labelledby="leaderboard-box" data-part="leaderboard-box">
      <h2 id="leaderboard-box" className={styles.heading}>
        {t(headings[slotType])}
      </h2>
      <LeaderList leaders={leaders} compact />
      <p className={styles.more}>
        <a href={href}>{t("Leaderboard")}</a>
      </p>
    </section>
  );
}
