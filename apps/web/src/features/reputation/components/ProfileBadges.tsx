import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import { useSite } from "../../../lib/site.ts";
import { t } from "../../../lib/i18n.ts";
import { memberBadgesQuery } from "../reputation.queries.ts";
import styles from "./ProfileBadges.module.css";

/**
 * The badges on a member's profile, each its icon and name leading to the badge's page; nothing when none, and
 * nothing asked while the badges add-on is off.
 */
export function ProfileBadges({ userID }: { userID: number }) {
  return useSite().badges ? <MemberBadges userID={userID} /> : null;
}

function MemberBadges({ userID }: { userID: number }) {
  const { data: badges } = useSuspenseQuery(memberBadgesQuery(useApi(), userID));
  if (badges.length === 0) return null;
  return (
    <section aria-labelledby="profile-badges" data-part="profile-badges">
      <h2 id="profile-badges" className={styles.title}>
        {t("Badges")}
      </h2>
      <ul className={styles.list}>
        {badges.map((badge) => (
          <li key={badge.badgeID}>
            <Link to={new URL(badge.url).pathname} className={styles.badge} title={badge.description}>
              <img src={badge.photoUrl} alt="" width={40} height={40} loading="lazy" />
              <span>{badge.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
