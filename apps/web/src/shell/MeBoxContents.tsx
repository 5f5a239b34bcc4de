import type { Me } from "@parley/contracts";
import { Link, useLocation } from "react-router";
import { t } from "../lib/i18n.ts";
import { entryLink } from "../lib/targets.ts";
import { profilePath } from "@parley/contracts/urls";
import { NotificationsMenu } from "../features/notifications/components/NotificationsMenu.tsx";
import { MessagesMenu } from "../features/conversations/components/MessagesMenu.tsx";
import { applicantsPath, canManageApplicants } from "../features/applicants/index.ts";
import { useTitleBar } from "../features/layouts/index.ts";
import { reportsPath } from "../features/reports/index.ts";
import { editableSettings, settingsPagePath } from "../features/settings/index.ts";
import { canManageThemes, themesPagePath } from "../features/themes/index.ts";
import styles from "./MeBoxContents.module.css";

/**
 * What the member menus hold: the notifications list (features/notifications), the latest
 * conversations (features/conversations) and the account links.
 */
export function NotificationsContent({ headingId }: { me: Me; headingId: string }) {
  return <NotificationsMenu headingId={headingId} />;
}

export function MessagesContent({ me, headingId }: { me: Me; headingId: string }) {
  return <MessagesMenu me={me} headingId={headingId} />;
}

export function AccountContent({ me, headingId }: { me: Me; headingId: string }) {
  const location = useLocation();
  const registrationApproval = useTitleBar().registrationApproval === true;
  return (
    <div className={styles.content}>
      <h2 id={headingId} className="visually-hidden">
        {t("My Account")}
      </h2>
      <div className={styles.account}>
        <img className={styles.photo} src={me.photoUrl} alt="" width={40} height={40} />
        <strong className={styles.accountName}>{me.name}</strong>
      </div>
      <ul className={styles.links}>
        <li>
          <Link to={profilePath(me.name)}>{t("Profile")}</Link>
        </li>
        <li>
          <Link to="/drafts">{t("My Drafts")}</Link>
        </li>
        {me.isAdmin || me.permissions.includes("community.moderate") ? (
          <li>
            <Link to={reportsPath}>{t("Reports")}</Link>
          </li>
        ) : null}
        {/* Under registration by approval, where the applicants wait. */}
        {canManageApplicants(me) && registrationApproval ? (
          <li>
            <Link to={applicantsPath}>{t("Applicants")}</Link>
          </li>
        ) : null}
        {editableSettings(me).length ? (
          <li>
            <Link to={settingsPagePath}>{t("Site Settings")}</Link>
          </li>
        ) : null}
        {canManageThemes(me) ? (
          <li>
            <Link to={themesPagePath}>{t("Themes")}</Link>
          </li>
        ) : null}
        <li>
          <Link to={entryLink("/entry/signout", location)}>{t("Sign Out")}</Link>
        </li>
      </ul>
    </div>
  );
}
