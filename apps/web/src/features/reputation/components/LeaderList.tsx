import { Link } from "react-router";
import type { Leader } from "@parley/contracts";
import { profilePath } from "@parley/contracts/urls";
import { t } from "../../../lib/i18n.ts";
import { formatCount } from "../../../lib/numbers.ts";
import { UserPhoto } from "../../../ui/user-photo/UserPhoto.tsx";
import styles from "./LeaderList.module.css";

/** Members in their leaderboard order: place, photo, name (their profile) and points. */
export function LeaderList({ leaders, compact = false }: { leaders: Leader[]; compact?: boolean }) {
  return (
    <ol className={compact ? `${styles.list} ${styles.compact}` : styles.list} data-part="leaders">
      {leaders.map((leader, index) => (
        <li key={leader.userID} className={styles.item} data-user-id={leader.userID}>
          <span className={styles.place}>{index + 1}</span>
          <Link to={profilePath(leader.name)} className={styles.member}>
            <UserPhoto name={leader.name} photoUrl={leader.user.photoUrl} size="small" decorative />
            <span className={styles.name}>{leader.name}</span>
          </Link>
          <span className={styles.points} data-part="leader-points">
            {leader.points === 1 ? t("1 point") : t("{count} points", { count: formatCount(leader.points) })}
          </span>
        </li>
      ))}
    </ol>
  );
}
