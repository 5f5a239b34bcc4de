import type { NavigationItem } from "@parley/contracts/layouts";
import { timingLimits } from "@parley/contracts/shell-limits";
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from "react";
import { NavLink, useLocation } from "react-router";
import { t } from "../lib/i18n.ts";
import { ChevronDownIcon } from "../ui/icons/icons.tsx";
import { navigationHref } from "./navigationUrls.ts";
import styles from "./MainNavigation.module.css";

/** A navigation entry as a link: the router follows site paths, other addresses are plain links. */
export function NavigationLink({
  item,
  className,
  activeClassName,
  children,
  ...rest
}: {
  item: NavigationItem;
  className?: string;
  activeClassName?: string;
  children?: ReactNode;
  onKeyDown?: (event: KeyboardEvent<HTMLAnchorElement>) => void;
  "aria-expanded"?: boolean;
  "aria-controls"?: string;
}) {
  const { href, internal } = navigationHref(item.url);
  const content = (
    <>
      {children ?? t(item.name)}
      {item.badge?.text ? <span className={styles.badge}>{item.badge.text}</span> : null}
    </>
  );
  if (!internal) {
    return (
      <a href={href} className={className} {...rest}>
        {content}
      </a>
    );
  }
  return (
    <NavLink
      to={href}
      className={({ isActive }) => [className, isActive && activeClassName].filter(Boolean).join(" ")}
      {...rest}
    >
      {content}
    </NavLink>
  );
}

/** The title bar's main navigation; entries with children open a mega-menu (spec §4). */
export function MainNavigation({ items, alignment }: { items: NavigationItem[]; alignment: "left" | "center" }) {
  return (
    <nav className={`${styles.nav} ${alignment === "center" ? styles.center : ""}`} aria-label={t("Main navigation")}>
      <ul className={styles.list}>
        {items.map((item) =>
          item.children && item.children.length > 0 ? (
            <MegaMenuItem key={item.id} item={item} />
          ) : (
            <li key={item.id} className={styles.item}>
              <NavigationLink item={item} className={styles.navLink} activeClassName={styles.navLinkActive} />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

/**
 * An entry with children: its panel opens on hover, on focus, and from the keyboard (Enter or
 * ArrowDown move focus into it); it closes 250 ms after the pointer leaves, when focus leaves, or on
 * Escape (focus goes back to the entry).
 */
function MegaMenuItem({ item }: { item: NavigationItem }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const itemRef = useRef<HTMLLIElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refocusing = useRef(false);
  const location = useLocation();

  const cancelClose = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = undefined;
  };
  const show = () => {
    cancelClose();
    setOpen(true);
  };
  const hide = () => {
    cancelClose();
    setOpen(false);
  };

  useEffect(() => () => clearTimeout(closeTimer.current), []);
  // Following a link closes the panel.
  useEffect(() => {
    clearTimeout(closeTimer.current);
    setOpen(false);
  }, [location.pathname]);

  const focusFirstLink = () => {
    const first = itemRef.current?.querySelector<HTMLAnchorElement>(`[id="${panelId}"] a`);
    first?.focus();
  };

  const handleEntryKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key === "Enter" || event.key === "ArrowDown") {
      event.preventDefault();
      show();
      // The panel is in the document already; it shows once the state applies.
      requestAnimationFrame(focusFirstLink);
    }
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key !== "Escape" || !open) return;
    event.stopPropagation();
    hide();
    refocusing.current = true;
    itemRef.current?.querySelector<HTMLAnchorElement>("a")?.focus();
    refocusing.current = false;
  };

  const handleFocus = () => {
    if (!refocusing.current) show();
  };

  const handleBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (!itemRef.current?.contains(event.relatedTarget)) hide();
  };

  const columns = item.children ?? [];
  return (
    <li
      ref={itemRef}
      className={`${styles.item} ${styles.megaItem}`}
      onMouseEnter={show}
      onMouseLeave={() => {
        cancelClose();
        closeTimer.current = setTimeout(() => setOpen(false), timingLimits.megaMenuCloseMs);
      }}
      onFocus={handleFocus}
      onBlur={handleBlur}
      onKeyDown={handleKeyDown}
    >
      <NavigationLink
        item={item}
        className={styles.navLink}
        activeClassName={styles.navLinkActive}
        aria-expanded={open}
        aria-controls={panelId}
        onKeyDown={handleEntryKeyDown}
      >
        {t(item.name)}
        <ChevronDownIcon size={16} />
      </NavigationLink>
      <div id={panelId} className={styles.panel} hidden={!open} data-mega-menu="">
        <div className={styles.panelInner}>
          {columns.map((child) => (
            <div key={child.id} className={styles.column}>
              <NavigationLink item={child} className={styles.columnTitle} />
              {child.children && child.children.length > 0 ? (
                <ul className={styles.columnList}>
                  {child.children.map((grandchild) => (
                    <li key={grandchild.id}>
                      <NavigationLink item={grandchild} className={styles.columnLink} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ))}
          <div className={styles.column}>
            <NavigationLink item={{ ...item, badge: null }} className={styles.columnTitle}>
              {t("View All")}
            </NavigationLink>
          </div>
        </div>
      </div>
    </li>
  );
}
