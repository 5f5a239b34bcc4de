import type { SiteSectionLink } from "@parley/contracts";
import { useEffect, useRef, type FocusEvent, type KeyboardEvent } from "react";
import { t } from "../lib/i18n.ts";
import { ChevronDownIcon } from "../ui/icons/icons.tsx";
import styles from "./SubcommunityPicker.module.css";

/**
 * The title bar's subcommunity picker (issue 40): a disclosure named after the section the page is in (or the whole
 * site) that opens the whole site's link and each section's. A `<details>`, so it opens without JavaScript and by
 * keyboard; with it, Escape, a click elsewhere and focus leaving close it. Each link is a new document (another
 * section is another basename, locale and theme). Loaded on demand (TitleBar): sites without subcommunities never
 * load it.
 */
export function SubcommunityPicker({
  sections,
  current,
}: {
  sections: readonly SiteSectionLink[];
  current: SiteSectionLink | null;
}) {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const wholeSite = t("All communities");

  useEffect(() => {
    const handlePointerDown = (event: PointerEvent) => {
      const details = detailsRef.current;
      if (details?.open && !details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener("pointerdown", handlePointerDown);
    return () => document.removeEventListener("pointerdown", handlePointerDown);
  }, []);

  const handleKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== "Escape" || !detailsRef.current?.open) return;
    event.preventDefault();
    detailsRef.current.open = false;
    summaryRef.current?.focus();
  };

  const handleBlur = (event: FocusEvent<HTMLDetailsElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && detailsRef.current?.open && !detailsRef.current.contains(next)) detailsRef.current.open = false;
  };

  const currentID = current?.siteSectionID ?? null;
  return (
    <details
      ref={detailsRef}
      className={styles.picker}
      data-part="subcommunity-picker"
      onKeyDown={handleKeyDown}
      onBlur={handleBlur}
    >
      <summary ref={summaryRef} className={styles.button}>
        <span className="visually-hidden">{t("Community:")} </span>
        <span className={styles.name}>{current?.name ?? wholeSite}</span>
        <ChevronDownIcon size={16} className={styles.chevron} />
      </summary>
      <ul className={styles.list} aria-label={t("Communities")}>
        <li>
          <a href="/" className={styles.link} aria-current={currentID === null ? "true" : undefined}>
            {wholeSite}
          </a>
        </li>
        {sections.map((section) => (
          <li key={section.siteSectionID}>
            <a
              href={section.basePath}
              lang={section.locale || undefined}
              className={styles.link}
              aria-current={section.siteSectionID === currentID ? "true" : undefined}
            >
              {section.name}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
