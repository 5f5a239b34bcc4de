import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { badgesPagePath } from "@parley/contracts/reputation-constants";
import { profilePath } from "@parley/contracts/urls";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { Pager } from "../../../ui/pager/Pager.tsx";
import { UserPhoto } from "../../../ui/user-photo/UserPhoto.tsx";
import { badgeQuery, badgeRecipientsPerPage, badgeRecipientsQuery } from "../reputation.queries.ts";
import styles from "./BadgesPage.module.css";

/** `/badges/{id}`: a badge, what earns it, and the members who earned it, the latest first. */
export function BadgePage({ badgeID, page }: { badgeID: number; page: number }) {
  const api = useApi();
  const { data: badge } = useSuspenseQuery(badgeQuery(api, badgeID));
  const { data: recipients } = useSuspenseQuery(badgeRecipientsQuery(api, badgeID, page));
  const path = `${badgesPagePath}/${badgeID}`;
  return (
    <section className={styles.page} aria-labelledby="badge-title">
      <PageHead
        title={badge.name}
        description={badge.description}
        canonical={page > 1 ? `${path}?page=${page}` : path}
      />
      <p className={styles.trail}>
        <Link to={badgesPagePath}>{t("Badges")}</Link>
      </p>
      <header className={styles.header}>
        <img src={badge.photoUrl} alt="" width={64} height={64} />
        <div>
          <h1 id="badge-title" className={styles.title}>
            {badge.name}
          </h1>
          <p className={styles.description}>{badge.description}</p>
        </div>
      </header>
      <h2 className={styles.subtitle}>{t("Members with this badge")}</h2>
      {recipients.length ? (
        <ul className={styles.list} data-part="badge-recipients">
          {recipients.map((member) => (
            <li key={member.userID} className={styles.item}>
              <UserPhoto name={member.name} photoUrl={member.photoUrl} size="small" decorative />
              <Link to={profilePath(member.name)} className={styles.name}>
                {member.name}
              </Link>
              <span className={styles.count}>
                <DateTime date={member.dateEarned} />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.description}>{t("No one has earned this badge yet.")}</p>
      )}
      {page > 1 || recipients.length === badgeRecipientsPerPage ? (
        <Pager
          page={page}
          limit={badgeRecipientsPerPage}
          total={(page - 1) * badgeRecipientsPerPage + recipients.length}
          hasMore={recipients.length === badgeRecipientsPerPage}
          href={(target) => (target > 1 ? `${path}?page=${target}` : path)}
          label={t("Members with this badge")}
        />
      ) : null}
    </section>
  );
}
