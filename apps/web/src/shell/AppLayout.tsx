import { useEffect } from "react";
import { NavLink, Outlet } from "react-router";
import { t } from "../lib/i18n.ts";
import { site } from "../lib/site.ts";
import styles from "./AppLayout.module.css";
import { EmailUnconfirmedNotice, MeBox } from "./MeBox.tsx";

/** The default navigation (spec §2): Posts, then Categories. */
const navigation = [
  { name: "Posts", url: "/discussions" },
  { name: "Categories", url: "/categories" },
];

/** The frame of every page: skip link, title bar, main content, footer. */
export function AppLayout() {
  useEffect(() => {
    // Start-up (spec §4): the loading mark goes, a ready flag is set and a content-ready event fires.
    document.body.classList.remove("isLoading");
    (window as Window & { __parleyReady?: boolean }).__parleyReady = true;
    document.dispatchEvent(new CustomEvent("X-DOMContentReady"));
  }, []);

  return (
    <>
      <a className={styles.skipLink} href="#content">
        {t("Skip to content")}
      </a>
      <header className={styles.titleBar}>
        <div className={styles.titleBarInner}>
          <NavLink to="/" className={styles.logo}>
            {site.title}
          </NavLink>
          <nav className={styles.nav} aria-label={t("Main navigation")}>
            <ul>
              {navigation.map((item) => (
                <li key={item.url}>
                  <NavLink
                    to={item.url}
                    className={({ isActive }) =>
                      isActive ? `${styles.navLink} ${styles.navLinkActive}` : styles.navLink
                    }
                  >
                    {t(item.name)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <MeBox />
        </div>
      </header>
      <EmailUnconfirmedNotice />
      <main id="content" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <footer className={styles.footer}>{t("Powered by Parley")}</footer>
    </>
  );
}
