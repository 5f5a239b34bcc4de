import { limits } from "@parley/contracts/limits";
import { t } from "../../lib/i18n.ts";
import styles from "./Collapsible.module.css";

let nextID = 0;

/**
 * Collapses the long quotes of server-rendered post bodies (spec §2 "collapsible content", §9 sizes)
 * the way `Collapsible` collapses its content: a quote taller than maxHeight + overshoot is cut to
 * maxHeight and followed by an Expand / Collapse button (aria-expanded, aria-controls). Runs after
 * hydration only, so nothing is hidden without JavaScript; quotes already done, quotes inside other
 * quotes and quotes in an editor are left alone.
 */
export function collapseQuotes(
  root: ParentNode,
  maxHeight: number = limits.sizes.collapsibleMaxHeight,
  overshoot: number = limits.sizes.collapsibleOvershoot,
): void {
  for (const quote of root.querySelectorAll<HTMLElement>("article blockquote:not([data-collapsible])")) {
    if (quote.parentElement?.closest("blockquote, [contenteditable]")) continue;
    if (quote.scrollHeight <= maxHeight + overshoot) continue;
    quote.dataset["collapsible"] = "";
    quote.id ||= `quote-${++nextID}`;
    quote.classList.add(styles.content!);
    quote.style.setProperty("--collapsible-max-height", `${maxHeight}px`);
    const button = document.createElement("button");
    button.type = "button";
    button.className = `${styles.toggle} ${styles.textButton}`;
    button.setAttribute("aria-controls", quote.id);
    const show = (expanded: boolean) => {
      button.setAttribute("aria-expanded", String(expanded));
      button.textContent = expanded ? t("Collapse") : t("Expand");
      quote.classList.toggle(styles.collapsed!, !expanded);
    };
    show(false);
    button.onclick = () => show(button.getAttribute("aria-expanded") !== "true");
    quote.after(button);
  }
}
