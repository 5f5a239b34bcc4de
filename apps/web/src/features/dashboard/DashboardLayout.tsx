import { useQuery } from "../../lib/query.ts";
import { NavLink, Outlet } from "react-router";
import { useApi } from "../../lib/api-context.tsx";
import { t } from "../../lib/i18n.ts";
import { useTitleBar } from "../layouts/index.ts";
import { meQuery } from "../users/index.ts";
import { premoderationPagePath, reportsPath, waitingCountQuery, type WaitingQueue } from "../reports/index.ts";
import { dashboardPath, dashboardSections } from "./dashboard.nav.ts";
import styles from "./DashboardLayout.module.css";

/** The navigation's entries that show how many wait in their queue (their page's own permission decides if shown). */
const waitingQueues = new Map<string, WaitingQueue>([
  [reportsPath, "reports"],
  [premoderationPagePath, "premoderation"],
]);

/**
 * An entry of the navigation; for a queue, with a badge of how many wait in it (none when nothing does): its
 * accessible name says so ("Premoderation, 3 waiting"), the number itself is drawn by CSS, so the link's text stays
 * its name.
 */
function NavEntry({ name, to }: { name: string; to: string }) {
  const api = useApi();
  const queue = waitingQueues.get(to);
  const { data: waiting = 0 } = useQuery({
    ...waitingCountQuery(api, queue ?? "reports"),
    enabled: queue !== undefined,
  });
  const count = queue === undefined ? 0 : waiting;
  return (
    <NavLink
      to={to}
      end
      className={styles.link}
      {...(count > 0 ? { "aria-label": t("{name}, {count} waiting", { name: t(name), count }) } : {})}
    >
      {t(name)}
      {count > 0 ? (
        <span className={styles.badge} data-count={count > 99 ? "99+" : String(count)} aria-hidden="true" />
      ) : null}
    </NavLink>
  );
}

/**
 * The dashboard's frame: its navigation beside the page (after it on a phone, where a "Dashboard menu" link at the
 * top leads to it), the groups and links the member may open. The page comes first in the document, so the visual
 * order and the focus order agree at every width. The pages under it load their own data and check their own permission.
 * Reports and Premoderation show how many wait (the list's total header, asked for one row).
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
                    <NavEntry name={link.name} to={link.to} />
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
