import { useEffect } from "react";
import { sizesLimits } from "@parley/contracts/shell-limits";

/**
 * After hydration and whenever `content` or `more` changes (the posts' data), collapses the long quotes of the page's posts. The
 * collapsing code loads on demand, only when a quote is taller than the collapsible size (it is not
 * part of the reader pages' initial JavaScript).
 */
export function useCollapsibleQuotes(content: unknown, more?: unknown): void {
  useEffect(() => {
    const limit = sizesLimits.collapsibleMaxHeight + sizesLimits.collapsibleOvershoot;
    const quotes = document.querySelectorAll<HTMLElement>("article blockquote:not([data-collapsible])");
    if ([...quotes].some((quote) => quote.scrollHeight > limit)) {
      void import("./collapseQuotes.ts").then(({ collapseQuotes }) => collapseQuotes(document));
    }
  }, [content, more]);
}
