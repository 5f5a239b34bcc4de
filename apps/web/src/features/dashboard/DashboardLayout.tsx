import { useQuery } from "@tanstack/react-query";
import { NavLink, Outlet } from "react-router";
import { useApi } from "../../lib/api-context.tsx";
import { t } from "../../lib/i18n.ts";
import { useTitleBar } from "../layouts/index.ts";
import { meQuery } from "../users/index.ts";
import { dashboardPath, dashboardSections } from "./dashboard.nav.ts";
import styles from "./DashboardLayout.module.css";

/**
 * The dashboard's frame: its navigation beside the page (after it on a phone, where a "Dashboard menu" link at the
 * top leads to it), the groups and links the member may open. The page comes first in the document, so the visual
 * order and the focus order agree at every width. The pages under it load their own data and check their own permission.
 */
export function DashboardLayout() {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  const registrationApproval = useTitleBar().registrationApproval === true;
  const sections = me ? dashboardSections(me, { registrationApproval }) : [];
  return (
    <div className={styles.frame}>
      <div className={styles.page}>
        {sections.length > 0 ? (
          <a href="#dashboard-nav" className={styles.jump}>
            {t("Dashboard menu")}
          </a>
        ) : null}
        <Outlet />
      </div>
      {sections.length > 0 ? (
        <nav id="dashboard-nav" className={styles.nav} aria-label={t("Dashboard")}>
          <NavLink to={dashboardPath} end className={styles.home}>
            {t("Dashboard")}
          </NavLink>
          {sections.map((section) => (
            <section key={section.id} className={styles.group} aria-labelledby={`dashboard-nav-${section.id}`}>
              <h2 id={`dashboard-nav-${section.id}`} className={styles.groupName}>
                {t(section.name)}
              </h2>
              <ul className={styles.links}>
                {section.links.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} end className={styles.link}>
                      {t(link.name)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
      ) : null}
    </div>
  );
}
