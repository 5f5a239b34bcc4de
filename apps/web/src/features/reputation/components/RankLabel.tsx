import type { UserRank } from "@parley/contracts";
import styles from "./RankLabel.module.css";

/**
 * The label of a member's rank beside their name (the ranks add-on; the server leaves `rank` out while it is off).
 * The label is the administrator's own text, shown as written.
 */
export function RankLabel({ rank }: { rank: UserRank | null | undefined }) {
  if (!rank) return null;
  return (
    <span className={styles.rank} data-part="rank-label">
      {rank.userTitle}
    </span>
  );
}
