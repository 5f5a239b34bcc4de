import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { badgesPagePath } from "@parley/contracts/reputation-constants";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { formatCount } from "../../../lib/numbers.ts";
import { badgesQuery } from "../reputation.queries.ts";
import styles from "./BadgesPage.module.css";

/** `/badges`: every badge, what earns it and how many members have it. */
export function BadgesPage() {
  const { data: badges } = useSuspenseQuery(badgesQuery(useApi()));
  return (
    <section className={styles.page} aria-labelledby="badges-title">
      <PageHead title={t("Badges")} canonical={badgesPagePath} />
      <h1 id="badges-title" className={styles.title}>
        {t("Badges")}
      </h1>
      <ul className={styles.list}>
        {badges.map((badge) => (
          <li key={badge.badgeID} className={styles.item}>
            <img src={badge.photoUrl} alt="" width={48} height={48} loading="lazy" />
            <div className={styles.about}>
              <Link to={`${badgesPagePath}/${badge.badgeID}`} className={styles.name}>
                {badge.name}
              </Link>
              <span className={styles.description}>{badge.description}</span>
            </div>
            <span className={styles.count}>
              {badge.countRecipients === 1
                ? t("1 member")
                : t("{count} members", { count: formatCount(badge.countRecipients) })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
