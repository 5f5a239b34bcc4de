import type { Me } from "@parley/contracts";
import { lazy, Suspense } from "react";
import { Link, useLocation } from "react-router";
import { t } from "../lib/i18n.ts";
import { entryLink } from "../lib/targets.ts";
import { listPath } from "../lib/list-params.ts";
import { profilePath } from "@parley/contracts/urls";
import { ignoredPagePath } from "@parley/contracts/ignore-constants";
import { privacyPagePath } from "@parley/contracts/privacy-constants";
import { accountPagePath } from "../features/account/index.ts";
import { loadNotificationsMenu } from "../features/notifications/index.ts";
import { MessagesMenu } from "../features/conversations/index.ts";
import { applicantsPath, canManageApplicants } from "../features/applicants/index.ts";
import { canOpenDashboard, dashboardPath } from "../features/dashboard/index.ts";
import { useTitleBar } from "../features/layouts/index.ts";
import { reportsPath } from "../features/reports/index.ts";
import { editableSettings, settingsPagePath } from "../features/settings/index.ts";
import { canManageThemes, themesPagePath } from "../features/themes/index.ts";
import { Loader } from "../ui/loader/Loader.tsx";
import styles from "./MeBoxContents.module.css";

// Its own chunk: the notifications' index.ts is on every page (the live updates), so what it exports
// would be too. MeBox starts loading it with the menus: opening one waits for no second request.
const NotificationsMenu = lazy(() => loadNotificationsMenu().then((module) => ({ default: module.NotificationsMenu })));

/**
 * What the member menus hold: the notifications list (features/notifications), the latest
 * conversations (features/conversations) and the account links.
 */
export function NotificationsContent({ headingId }: { me: Me; headingId: string }) {
  // Its own boundary: while the chunk loads only this content waits, not the menu or panel around it
  // (which would be hidden, losing the focus and with it Escape).
  return (
    <Suspense fallback={<Loader padded />}>
      <NotificationsMenu headingId={headingId} />
    </Suspense>
  );
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
        {/* Vanilla's account menu: the member's own lists beside the drafts. */}
        <li>
          <Link to={listPath("bookmarked")}>{t("Bookmarks")}</Link>
        </li>
        <li>
          <Link to={listPath("mine")}>{t("My Discussions")}</Link>
        </li>
        <li>
          <Link to="/drafts">{t("My Drafts")}</Link>
        </li>
        <li>
          <Link to={ignoredPagePath}>{t("Ignored Members")}</Link>
        </li>
        <li>
          <Link to={accountPagePath}>{t("Account")}</Link>
        </li>
        <li>
          <Link to={privacyPagePath}>{t("Privacy")}</Link>
        </li>
        {canOpenDashboard(me) ? (
          <li>
            <Link to={dashboardPath}>{t("Dashboard")}</Link>
          </li>
        ) : null}
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
