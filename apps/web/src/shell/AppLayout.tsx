import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { t } from "../lib/i18n.ts";
import { useTitleBar } from "../features/layouts/index.ts";
import { ThemePreviewBanner } from "../features/themes/index.ts";
import { EmailConfirmToast } from "./EmailConfirmToast.tsx";
import { serverRendered } from "../ui/kept-html.tsx";
import { ShellContext } from "./ShellContext.tsx";
import { TitleBar } from "./TitleBar.tsx";
import { useDeviceClasses } from "./useDeviceClasses.ts";
import { useHashScroll } from "../lib/hash-scroll.ts";
import { usePageViewTick } from "../lib/page-view.ts";
import { useSite } from "../lib/site.ts";
import { useSectionHref } from "../lib/site-section.tsx";
import { useThemeHtml } from "../lib/theme-html.tsx";
import styles from "./AppLayout.module.css";

/** The footer's language picker: plain HTML kept from the server's page (no JavaScript on reading pages). */
const LanguagePicker = serverRendered(() => import("./LanguagePicker.tsx").then((module) => module.LanguagePicker));

/** The frame of every page: skip link, title bar, main content, footer, the email toast. */
export function AppLayout() {
  // The viewer's title bar config, from the layout answer the root loader put in the cache.
  const titleBar = useTitleBar();
  useDeviceClasses();
  useHashScroll();
  usePageViewTick();

  // Embedded mode (spec §4), loaded only where the site is embedded: reading pages stay without it.
  const { embed, contentLocales } = useSite();
  const { pathname, search } = useLocation();
  // The language picker comes back to this page: in a subcommunity, under its folder.
  const href = useSectionHref();
  const themeHtml = useThemeHtml();
  useEffect(() => {
    if (!embed.enabled || !embed.remoteUrl) return;
    let stop: (() => void) | null = null;
    let left = false;
    void import("../lib/embed.ts").then(({ startEmbed }) => {
      if (!left) stop = startEmbed(embed);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [embed]);

  useEffect(() => {
    // Start-up (spec §4): the loading mark goes, a ready flag is set and a content-ready event fires.
    document.body.classList.remove("isLoading");
    (window as Window & { __parleyReady?: boolean }).__parleyReady = true;
    document.dispatchEvent(new CustomEvent("X-DOMContentReady"));
  }, []);

  return (
    <ShellContext.Provider value={{ conversationsEnabled: titleBar.conversationsEnabled }}>
      <a className={styles.skipLink} href="#content">
        {t("Skip to content")}
      </a>
      {/* The theme's custom header (sanitised by the server), after the skip link, before the title bar (the
          banner, sticky on its own): a named region, so no content sits outside a landmark. */}
      {themeHtml.header ? (
        <div
          id="theme-header"
          role="region"
          aria-label={t("Site Header")}
          dangerouslySetInnerHTML={{ __html: themeHtml.header }}
        />
      ) : null}
      <TitleBar {...titleBar} />
      <ThemePreviewBanner />
      <main id="content" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <footer className={styles.footer}>
        {/* The theme's custom footer (sanitised by the server), in the page's contentinfo landmark. */}
        {themeHtml.footer ? <div id="theme-footer" dangerouslySetInnerHTML={{ __html: themeHtml.footer }} /> : null}
        {t("Powered by Parley")}
        <LanguagePicker contentLocales={contentLocales} target={`${href(pathname)}${search}`} />
      </footer>
      <EmailConfirmToast />
    </ShellContext.Provider>
  );
}
