import type { Me } from "@parley/contracts";
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { useLocation } from "react-router";
import { t } from "../lib/i18n.ts";
import { entryLink } from "../lib/targets.ts";
import { useSectionHref } from "../lib/site-section.tsx";
import { loadNotificationsMenu, useLiveUpdates } from "../features/notifications/index.ts";
import { CountBadge, countBadgeText } from "../ui/count-badge/CountBadge.tsx";
import { isCompactNow } from "./device.ts";
import { useExclusiveOpen } from "../ui/dropdown/flyouts.ts";
import { BellIcon, MessagesIcon } from "../ui/icons/icons.tsx";
import type { MemberMenu } from "./MemberMenus.tsx";
import { profilePath } from "@parley/contracts/urls";
import styles from "./MeBox.module.css";

// The menus (React Aria popovers, tabs) load on first use, so reading pages don't carry them.
const loadMenus = () => {
  loadNotificationsMenu().catch(() => undefined);
  return import("./MemberMenus.tsx");
};
const MemberFlyout = lazy(() => loadMenus().then((module) => ({ default: module.MemberFlyout })));
const MemberPanel = lazy(() => loadMenus().then((module) => ({ default: module.MemberPanel })));

/**
 * A member's side of the title bar: notifications, messages and account menus with their unread counts. Loaded
 * on demand (`MeBox`): guests' pages never load it; a member's page loads it before hydrating (the server
 * rendered it, `data-part="member-box"`).
 */
export function MemberBox({ me, conversationsEnabled }: { me: Me; conversationsEnabled: boolean }) {
  const location = useLocation();
  // Plain links (the router's `<Link>` adds a subcommunity's folder; these get it here).
  const href = useSectionHref();
  // Badges and notification lists follow the live stream (loaded after hydration, members only).
  useLiveUpdates(me.userID);
  const [open, setOpen] = useState<MemberMenu | null>(null);
  const [panel, setPanel] = useState<MemberMenu | null>(null);
  const refs = {
    notifications: useRef<HTMLButtonElement>(null),
    messages: useRef<HTMLButtonElement>(null),
    account: useRef<HTMLButtonElement>(null),
  };

  // One flyout open at a time, across the whole page (spec §4).
  const exclusive = useExclusiveOpen(open !== null, (next) => {
    if (!next) setOpen(null);
  });

  // Another page, or a link followed to the same page (a notification's #Comment_): the menus close.
  useEffect(() => {
    setOpen(null);
    setPanel(null);
  }, [location.pathname, location.key]);

  // Opening one flyout closes the others (spec §4); on compact screens the menus are one side panel.
  const handleToggle = (menu: MemberMenu) => {
    if (isCompactNow()) {
      setOpen(null);
      setPanel(menu);
      return;
    }
    if (open === menu) {
      exclusive.onOpenChange(false);
    } else {
      setOpen(menu);
      exclusive.onOpenChange(true);
    }
  };

  const notifications = me.countUnreadNotifications;
  const messages = me.countUnreadConversations;
  const total = notifications + (conversationsEnabled ? messages : 0);
  // Names read 'Notifications, 3 unread': the badge's visible count must be a word of the button's name
  // (axe's label-content-name-mismatch does not find it in '(3 unread)').

  return (
    <div className={styles.meBox} data-part="member-box">
      <MenuButton
        menu="notifications"
        buttonRef={refs.notifications}
        open={open}
        label={
          notifications > 0
            ? t("Notifications, {count} unread", { count: countBadgeText(notifications) })
            : t("Notifications")
        }
        onToggle={handleToggle}
      >
        <BellIcon />
        <CountBadge count={notifications} className={styles.badge} />
      </MenuButton>
      {conversationsEnabled ? (
        <MenuButton
          menu="messages"
          buttonRef={refs.messages}
          open={open}
          label={messages > 0 ? t("Messages, {count} unread", { count: countBadgeText(messages) }) : t("Messages")}
          onToggle={handleToggle}
        >
          <MessagesIcon />
          <CountBadge count={messages} className={styles.badge} />
        </MenuButton>
      ) : null}
      <MenuButton
        menu="account"
        buttonRef={refs.account}
        open={open}
        className={styles.accountButton}
        onToggle={handleToggle}
      >
        <span className="visually-hidden">{t("My Account")}</span>
        <img className={styles.photo} src={me.photoUrl} alt="" width={28} height={28} />
        <span className={styles.name}>{me.name}</span>
      </MenuButton>
      {/* Compact screens: one button opens the side panel with the member's tabs. */}
      <button
        type="button"
        className={styles.compactButton}
        aria-haspopup="dialog"
        aria-expanded={panel !== null}
        aria-label={total > 0 ? t("My Account, {count} unread", { count: countBadgeText(total) }) : t("My Account")}
        onClick={() => setPanel("account")}
      >
        <img className={styles.photo} src={me.photoUrl} alt="" width={28} height={28} />
        <CountBadge count={total} className={styles.badge} />
      </button>
      {/* Without JavaScript the menus cannot open: their links show in the bar instead. */}
      <noscript>
        <style>{`.${styles.compactButton} { display: none !important; }`}</style>
        <span className={styles.noScriptLinks}>
          <a href={href(profilePath(me.name))}>{t("Profile")}</a>
          <a href={href(entryLink("/entry/signout", location))}>{t("Sign Out")}</a>
        </span>
      </noscript>
      <Suspense fallback={null}>
        {open ? (
          <MemberFlyout menu={open} me={me} triggerRef={refs[open]} onClose={() => exclusive.onOpenChange(false)} />
        ) : null}
        {panel ? (
          <MemberPanel
            me={me}
            conversationsEnabled={conversationsEnabled}
            initialTab={panel}
            onClose={() => setPanel(null)}
          />
        ) : null}
      </Suspense>
    </div>
  );
}

function MenuButton({
  menu,
  buttonRef,
  open,
  label,
  className,
  onToggle,
  children,
}: {
  menu: MemberMenu;
  buttonRef: RefObject<HTMLButtonElement | null>;
  open: MemberMenu | null;
  label?: string;
  className?: string;
  onToggle: (menu: MemberMenu) => void;
  children: ReactNode;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className={`${styles.menuButton} ${className ?? ""}`}
      aria-haspopup="dialog"
      aria-expanded={open === menu}
      aria-label={label}
      data-menu={menu}
      onPointerEnter={() => void loadMenus()}
      onFocus={() => void loadMenus()}
      onClick={() => onToggle(menu)}
      onKeyDown={(event) => {
        // Escape closes the menu even before focus has moved into it.
        if (event.key === "Escape" && open === menu) onToggle(menu);
      }}
    >
      {children}
    </button>
  );
}
