import { timingLimits } from "@parley/contracts/shell-limits";
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from "react";
import { useLocation } from "react-router";
import { t } from "../lib/i18n.ts";
import { useSectionHref } from "../lib/site-section.tsx";
import { onDemand } from "../ui/on-demand.ts";
import { SearchIcon } from "../ui/icons/icons.tsx";
import styles from "./TitleBarSearch.module.css";
import { loadTitleBarSuggestions } from "../features/search/index.ts";

/** The suggestions under the field: their code loads when the search opens (reader pages' budget). */
const suggestions = onDemand(() => loadTitleBarSuggestions());

/**
 * The title bar's compact search (spec §4): a search button (a link to /search, which works without
 * JavaScript) expands a search field in place with a Cancel button. It closes on Cancel, Escape, or
 * when focus or a click leaves it. Submitting is a plain GET of /search?query=….
 */
export function TitleBarSearch({ onOpenChange }: { onOpenChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLAnchorElement>(null);
  const location = useLocation();
  // A plain link and a plain form: in a subcommunity, its own search page.
  const searchHref = useSectionHref()("/search");
  const [Suggestions, setSuggestions] = useState(() => suggestions.current()?.TitleBarSuggestions);

  const change = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };

  // Another page: the search closes.
  useEffect(() => {
    setOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!open) return;
    suggestions
      .load()
      .then((module) => setSuggestions(() => module.TitleBarSuggestions))
      .catch(() => undefined);
    // The field takes focus after spec §9's delay; a key typed before then focuses it at once, so the
    // character lands in it instead of being lost (focus moved during keydown takes the key along).
    const typedEarly = (event: globalThis.KeyboardEvent) => {
      if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
      if (formRef.current?.contains(document.activeElement)) return;
      inputRef.current?.focus();
    };
    const focusField = () => {
      document.removeEventListener("keydown", typedEarly, true);
      inputRef.current?.focus();
    };
    document.addEventListener("keydown", typedEarly, true);
    const timer = setTimeout(focusField, timingLimits.searchFocusDelayMs);
    const handlePointerDown = (event: PointerEvent) => {
      if (!formRef.current?.contains(event.target as Node)) change(false);
    };
    document.addEventListener("pointerdown", handlePointerDown);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("keydown", typedEarly, true);
      document.removeEventListener("pointerdown", handlePointerDown);
    };
    // `change` only sets state; the effect follows `open`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const handleOpen = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    change(true);
  };

  const handleCancel = () => {
    change(false);
    requestAnimationFrame(() => buttonRef.current?.focus());
  };

  const handleBlur = (event: FocusEvent<HTMLFormElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && !formRef.current?.contains(next)) change(false);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      handleCancel();
    }
  };

  if (!open) {
    return (
      <a ref={buttonRef} href={searchHref} className={styles.searchButton} aria-expanded={false} onClick={handleOpen}>
        <SearchIcon />
        <span className="visually-hidden">{t("Search")}</span>
      </a>
    );
  }

  return (
    <form
      ref={formRef}
      role="search"
      action={searchHref}
      method="get"
      className={styles.form}
      onBlur={handleBlur}
      onKeyDown={handleKeyDown}
    >
      <input
        ref={inputRef}
        className={styles.input}
        type="search"
        name="query"
        aria-label={t("Search")}
        placeholder={t("Search")}
        autoComplete="off"
      />
      <button type="submit" className={styles.submit} aria-label={t("Search")}>
        <SearchIcon />
      </button>
      <button type="button" className={styles.cancel} onClick={handleCancel}>
        {t("Cancel")}
      </button>
      {Suggestions && <Suggestions inputRef={inputRef} />}
    </form>
  );
}
