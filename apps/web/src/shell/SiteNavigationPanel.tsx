import type { NavigationItem } from "@parley/contracts/layouts";
import { useEffect, useRef, useState } from "react";
import { t } from "../lib/i18n.ts";
import { ChevronRightIcon } from "../ui/icons/icons.tsx";
import { NavigationLink } from "./MainNavigation.tsx";
import { SidePanel } from "./SidePanel.tsx";
import styles from "./SiteNavigationPanel.module.css";

/**
 * The hamburger's side panel, 'Site Navigation' (spec §2): the navigation entries; an entry with
 * children can be opened to show them, with Back to return and Close. Loaded on demand.
 */
export function SiteNavigationPanel({ items, onClose }: { items: NavigationItem[]; onClose: () => void }) {
  const [trail, setTrail] = useState<NavigationItem[]>([]);
  const current = trail.at(-1);
  const shown = current ? (current.children ?? []) : items;
  const listRef = useRef<HTMLUListElement>(null);
  const moved = useRef(false);

  // After drilling in or going back, focus goes to the first entry of the list now shown.
  useEffect(() => {
    if (!moved.current) return;
    listRef.current?.querySelector<HTMLElement>("a, button")?.focus();
  }, [trail]);

  const go = (next: NavigationItem[]) => {
    moved.current = true;
    setTrail(next);
  };
  return (
    <SidePanel
      title={current ? t(current.name) : t("Site Navigation")}
      isOpen
      onClose={onClose}
      onBack={current ? () => go(trail.slice(0, -1)) : undefined}
    >
      <ul ref={listRef} className={styles.list}>
        {current ? (
          <li className={styles.row}>
            <NavigationLink item={{ ...current, badge: null }} className={styles.link}>
              {t("View All")}
            </NavigationLink>
          </li>
        ) : null}
        {shown.map((item) => (
          <li key={item.id} className={styles.row}>
            <NavigationLink item={item} className={styles.link} />
            {item.children && item.children.length > 0 ? (
              <button
                type="button"
                className={styles.drill}
                aria-label={t("Show {name}", { name: t(item.name) })}
                onClick={() => go([...trail, item])}
              >
                <ChevronRightIcon size={16} />
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </SidePanel>
  );
}
