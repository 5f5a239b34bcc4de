import type { Me } from "@parley/contracts";
import { useId, type RefObject } from "react";
import { Dialog, Popover, Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { t } from "../lib/i18n.ts";
import { AccountContent, MessagesContent, NotificationsContent } from "./MeBoxContents.tsx";
import { SidePanel } from "./SidePanel.tsx";
import styles from "./MemberMenus.module.css";

export type MemberMenu = "account" | "notifications" | "messages";

const contents = { account: AccountContent, notifications: NotificationsContent, messages: MessagesContent };

/**
 * One of the member's dropdowns, anchored to its title bar button (React Aria popover: Escape or a
 * click outside closes it and focus returns to the button). Loaded on demand.
 */
export function MemberFlyout({
  menu,
  me,
  triggerRef,
  onClose,
}: {
  menu: MemberMenu;
  me: Me;
  triggerRef: RefObject<HTMLElement | null>;
  onClose: () => void;
}) {
  const headingId = useId();
  const Content = contents[menu];
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      placement="bottom end"
      offset={4}
      className={`${styles.flyout} ${menu === "account" ? styles.narrow : styles.wide}`}
    >
      <Dialog aria-labelledby={headingId} className={styles.dialog}>
        <Content me={me} headingId={headingId} />
      </Dialog>
    </Popover>
  );
}

/** Compact screens: the member menus as one side panel with tabs (spec §2). */
export function MemberPanel({
  me,
  conversationsEnabled,
  initialTab,
  onClose,
}: {
  me: Me;
  conversationsEnabled: boolean;
  initialTab: MemberMenu;
  onClose: () => void;
}) {
  const ids = { account: useId(), notifications: useId(), messages: useId() };
  const tabs: { id: MemberMenu; label: string }[] = [
    { id: "account", label: t("My Account") },
    { id: "notifications", label: t("Notifications") },
    ...(conversationsEnabled ? [{ id: "messages" as const, label: t("Messages") }] : []),
  ];
  return (
    <SidePanel title={me.name} isOpen onClose={onClose} side="right">
      <Tabs defaultSelectedKey={initialTab} className={styles.tabs}>
        <TabList aria-label={t("Member menus")} className={styles.tabList}>
          {tabs.map((tab) => (
            <Tab key={tab.id} id={tab.id} className={styles.tab}>
              {tab.label}
            </Tab>
          ))}
        </TabList>
        {tabs.map((tab) => {
          const Content = contents[tab.id];
          return (
            <TabPanel key={tab.id} id={tab.id} className={styles.tabPanel}>
              <Content me={me} headingId={ids[tab.id]} />
            </TabPanel>
          );
        })}
      </Tabs>
    </SidePanel>
  );
}
