import type { TitleBarProps } from "@parley/contracts/layouts";
import type { SiteSectionLink } from "@parley/contracts";
import { lazy, Suspense, useEffect, useRef, useState, type CSSProperties } from "react";
import { Link, useLocation } from "react-router";
import { sizesLimits } from "@parley/contracts/shell-limits";
import { t } from "../lib/i18n.ts";
import { useSite } from "../lib/site.ts";
import { useSiteSection } from "../lib/site-section.tsx";
import { px } from "../ui/css.ts";
import { MenuIcon } from "../ui/icons/icons.tsx";
import { onDemand, useOnDemand } from "../ui/on-demand.ts";
import { MainNavigation } from "./MainNavigation.tsx";
import { MeBox } from "./MeBox.tsx";
import { navigationHref, visibleItems } from "./navigationUrls.ts";
import { TitleBarSearch } from "./TitleBarSearch.tsx";
import { useScrollHide } from "./useScrollHide.ts";
import styles from "./TitleBar.module.css";

const loadSiteNavigation = () => import("./SiteNavigationPanel.tsx");
const SiteNavigationPanel = lazy(() =>
  loadSiteNavigation().then((module) => ({ default: module.SiteNavigationPanel })),
);

/** The subcommunity picker: only sites with subcommunities load it (before hydrating, when the server rendered it). */
const subcommunityPicker = onDemand(() => import("./SubcommunityPicker.tsx"), {
  rendered: "[data-part=subcommunity-picker]",
});

const positioningClass = {
  StickySolid: styles.stickySolid,
  StickyTransparent: styles.stickyTransparent,
  StaticSolid: styles.staticSolid,
  StaticTransparent: styles.staticTransparent,
} as const;

const borderClass = { border: styles.border, shadow: styles.shadow, none: "" } as const;

/**
 * The title bar (spec §2, §4): logo, main navigation with mega-menus, compact search, the guest
 * buttons or the member's menus, and on compact screens a hamburger opening 'Site Navigation'. A site with
 * subcommunities has their picker beside the search (issue 40).
 */
export function TitleBar(props: TitleBarProps) {
  const { positioning, logo, navigation, backgroundColor, foregroundColor, height, heightMobile, borderType } = props;
  const items = visibleItems(navigation.items);
  const site = useSite();
  const section = useSiteSection();
  const sticky = positioning === "StickySolid" || positioning === "StickyTransparent";
  const hidden = useScrollHide(sticky);
  const [panelOpen, setPanelOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const location = useLocation();
  const scrolled = useScrolled(positioning === "StickyTransparent");

  useEffect(() => setPanelOpen(false), [location.pathname]);

  // The bar's heights are the theme's (`--title-bar-height` and `--title-bar-height-mobile` on the root: its
  // sizes.titleBarHeight and titleBarHeightMobile, or limits'), which the sticky headings below it offset by too; the
  // props' heights are written here only where a layout asks for other than §9's defaults, which is what the
  // server's title bar always sends.
  const style = {
    ...(height !== sizesLimits.titleBarHeight ? { "--title-bar-height": px(height) } : {}),
    ...(heightMobile !== sizesLimits.titleBarHeightMobile ? { "--title-bar-height-mobile": px(heightMobile) } : {}),
    ...(backgroundColor ? { "--title-bar-bg": backgroundColor } : {}),
    ...(foregroundColor ? { "--title-bar-fg": foregroundColor } : {}),
  } as CSSProperties;

  const logoHref = navigationHref(logo.url || "/");
  const logoContent = (
    <>
      {logo.imageUrl ? (
        <img className={styles.logoImage} src={logo.imageUrl} alt={site.title} />
      ) : (
        <span className={styles.logoText}>{site.title}</span>
      )}
      {logo.imageUrlMobile ? (
        <img className={styles.logoImageMobile} src={logo.imageUrlMobile} alt={site.title} />
      ) : null}
    </>
  );
  const logoClass = [
    styles.logo,
    logo.imageUrlMobile ? styles.hasMobileLogo : "",
    logo.alignment === "center" ? styles.logoCenter : "",
    logo.alignmentMobile === "center" ? styles.logoCenterMobile : "",
  ].join(" ");

  return (
    <header
      className={[
        styles.titleBar,
        positioningClass[positioning],
        borderClass[borderType],
        hidden && !panelOpen && !searchOpen ? styles.hidden : "",
        scrolled ? styles.scrolled : "",
      ].join(" ")}
      style={style}
      data-positioning={positioning}
    >
      <div className={styles.inner}>
        <button
          type="button"
          className={styles.hamburger}
          aria-label={t("Site Navigation")}
          aria-haspopup="dialog"
          aria-expanded={panelOpen}
          onPointerEnter={() => void loadSiteNavigation()}
          onClick={() => setPanelOpen(true)}
        >
          <MenuIcon />
        </button>
        {logoHref.internal ? (
          <Link to={logoHref.href} className={logoClass}>
            {logoContent}
          </Link>
        ) : (
          <a href={logoHref.href} className={logoClass}>
            {logoContent}
          </a>
        )}
        <MainNavigation items={items} alignment={navigation.alignment} />
        <div className={styles.actions}>
          {props.subcommunities?.length ? (
            <OnDemandSubcommunityPicker sections={props.subcommunities} current={section} />
          ) : null}
          <TitleBarSearch onOpenChange={setSearchOpen} />
          <MeBox registrationOpen={props.registrationOpen} conversationsEnabled={props.conversationsEnabled} />
        </div>
      </div>
      {/* Without JavaScript the hamburger cannot open its panel: the navigation stays in the bar, on a row of its own
          below the logo and the buttons, wrapping when its entries need more than one line. */}
      <noscript>
        <style>{`@media (max-width: 800px) { .${styles.hamburger} { display: none !important; } .${styles.inner} { flex-wrap: wrap; height: auto; min-height: var(--title-bar-current-height); padding-block: 4px; row-gap: 0; } .${styles.inner} > nav { display: flex !important; order: 1; flex-basis: 100%; padding-block-end: 4px; } .${styles.inner} > nav > ul { flex-wrap: wrap; row-gap: 4px; } }`}</style>
      </noscript>
      <Suspense fallback={null}>
        {panelOpen ? <SiteNavigationPanel items={items} onClose={() => setPanelOpen(false)} /> : null}
      </Suspense>
    </header>
  );
}

/** The picker once its module is there (at once on a page the server rendered with it). */
function OnDemandSubcommunityPicker(props: { sections: readonly SiteSectionLink[]; current: SiteSectionLink | null }) {
  const { module, preload } = useOnDemand(subcommunityPicker);
  useEffect(() => {
    if (!module) preload();
  }, [module, preload]);
  return module ? <module.SubcommunityPicker {...props} /> : null;
}

/** Whether the page is scrolled at all (a sticky transparent bar turns solid then). */
function useScrolled(enabled: boolean): boolean {
  const [scrolled, setScrolled] = useState(false);
  const last = useRef(false);
  useEffect(() => {
    if (!enabled) return;
    const handleScroll = () => {
      const next = window.scrollY > 0;
      if (next !== last.current) {
        last.current = next;
        setScrolled(next);
      }
    };
    handleScroll();
    window.addEventListener("scroll", handleScroll, { passive: true });
    return () => window.removeEventListener("scroll", handleScroll);
  }, [enabled]);
  return scrolled;
}
