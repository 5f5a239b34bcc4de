import { useEffect, useId, useState, type RefObject } from "react";
import { useQuery } from "../../../lib/query.ts";
import { useNavigate } from "react-router";
import { limits } from "@parley/contracts/limits";
import type { SearchResult } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { useSiteSection } from "../../../lib/site-section.tsx";
import { searchSuggestionsQuery, type SuggestionGroup } from "../search.queries.ts";
import styles from "./TitleBarSuggestions.module.css";

/** A suggestion's address on this site as a path (the router navigates to it), else the absolute URL. */
function targetOf(url: string): { local: boolean; href: string } {
  try {
    const parsed = new URL(url, window.location.href);
    if (parsed.origin === window.location.origin)
      return { local: true, href: `${parsed.pathname}${parsed.search}${parsed.hash}` };
    return { local: false, href: parsed.href };
  } catch {
    return { local: false, href: url };
  }
}

const noGroups: SuggestionGroup[] = [];

/**
 * The title bar search's suggestions (spec §4, §7), loaded on demand when the search opens: the text
 * typed (debounced 100 ms) as a prefix search of every source (discussions, articles, members, categories,
 * groups), shown as a listbox under the field with a group and heading per source (a combobox: arrows move
 * through every group, Enter opens the chosen one's address, Escape closes), and a last row "See all results for
 * “…”" opening `/search?search=…`; an empty field suggests nothing.
 */
export function TitleBarSuggestions({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  const api = useApi();
  const navigate = useNavigate();
  const listID = useId();
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(-1);
  // In a subcommunity, its section's suggestions (the router puts its folder in front of the addresses).
  const section = useSiteSection();
  const { data } = useQuery(searchSuggestionsQuery(api, query, section?.siteSectionID ?? null));
  const groups = query.trim() && text.trim() ? (data ?? noGroups) : noGroups;
  const items = groups.flatMap((group) => group.items);
  const typed = text.trim();
  // The last row, "See all results for …": the search page with the text typed (its index after the items).
  const seeAll = typed ? items.length : -1;
  const seeAllHref = `/search?search=${encodeURIComponent(typed)}`;
  const count = items.length + (typed ? 1 : 0);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), limits.search.autocompleteDebounceMs);
    return () => clearTimeout(timer);
  }, [text]);

  useEffect(() => setActive(-1), [query, typed]);

  const choose = (item: SearchResult) => {
    const target = targetOf(item.url);
    if (target.local) void navigate(target.href);
    else window.location.assign(target.href);
  };

  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    setText(input.value);
    const handleInput = () => setText(input.value);
    input.addEventListener("input", handleInput);
    return () => input.removeEventListener("input", handleInput);
  }, [inputRef]);

  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-controls", listID);
    input.setAttribute("aria-expanded", String(count > 0));
    if (active >= 0 && active < count) input.setAttribute("aria-activedescendant", `${listID}-${active}`);
    else input.removeAttribute("aria-activedescendant");
    const handleKeyDown = (event: KeyboardEvent) => {
      if (!count) return;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        // -1 is the field itself; past either end goes back to it.
        setActive((current) => {
          const next = current + step;
          return next >= count ? -1 : next < -1 ? count - 1 : next;
        });
      } else if (event.key === "Enter" && active >= 0 && active === seeAll) {
        event.preventDefault();
        void navigate(seeAllHref);
      } else if (event.key === "Enter" && active >= 0 && items[active]) {
        event.preventDefault();
        choose(items[active]);
      }
    };
    input.addEventListener("keydown", handleKeyDown);
    return () => input.removeEventListener("keydown", handleKeyDown);
  });

  // Each group's first option's place in the flat list the arrows move through.
  const starts = groups.map((_, g) => groups.slice(0, g).reduce((sum, group) => sum + group.items.length, 0));
  return (
    <div id={listID} role="listbox" aria-label={t("Search suggestions")} className={styles.list} hidden={count === 0}>
      {groups.map((group, g) => (
        <div key={group.source} role="group" aria-labelledby={`${listID}-${group.source}`} className={styles.group}>
          <div id={`${listID}-${group.source}`} role="presentation" className={styles.heading}>
            {t(group.heading)}
          </div>
          {group.items.map((item, i) => {
            const position = starts[g]! + i;
            const place = item.breadcrumbs
              ?.slice(1)
              .map((crumb) => crumb.name)
              .join(" › ");
            return (
              <div
                key={`${item.recordType}:${item.recordID}`}
                id={`${listID}-${position}`}
                role="option"
                aria-selected={position === active}
                className={styles.option}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(item)}
              >
                <span className={styles.label}>{item.name}</span>
                {place ? <span className={styles.meta}>{place}</span> : null}
              </div>
            );
          })}
        </div>
      ))}
      {typed ? (
        <div
          id={`${listID}-${seeAll}`}
          role="option"
          aria-selected={active === seeAll}
          className={`${styles.option} ${styles.seeAll}`}
          data-see-all=""
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => void navigate(seeAllHref)}
        >
          <span className={styles.label}>{t("See all results for “{query}”", { query: typed })}</span>
        </div>
      ) : null}
    </div>
  );
}
