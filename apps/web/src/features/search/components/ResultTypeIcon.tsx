import type { SearchResult } from "@parley/contracts";

/** Drawn in the current colour and hidden from assistive technology: the result's type is said in words beside it. */
const base = {
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.8,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  "aria-hidden": true,
  focusable: false,
} as const;

const paths: Record<SearchResult["recordType"], string> = {
  // Two speech bubbles.
  discussion: "M4 5h11v8H8l-4 3zM15 9h5v8l-3-2h-6v-2",
  // One speech bubble.
  comment: "M4 5h16v11H9l-5 4z",
  // A page with lines.
  article: "M6 3h9l4 4v14H6zM15 3v4h4M9 12h7M9 16h7",
  // A head and shoulders.
  user: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4.4 3.6-7 8-7s8 2.6 8 7",
  // A folder.
  category: "M3 6h6l2 2h10v11H3z",
  // Three heads.
  group:
    "M12 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 20c0-3.3 2.7-5.5 6-5.5s6 2.2 6 5.5M5.5 11.5a2.2 2.2 0 1 1 0-.1M2 18c0-2 1.4-3.6 3.5-3.6M18.5 11.5a2.2 2.2 0 1 0 0-.1M22 18c0-2-1.4-3.6-3.5-3.6",
};

/** A search result's type as a small icon (discussion, comment, article, member, category, group). */
export function ResultTypeIcon({ recordType, size = 16 }: { recordType: SearchResult["recordType"]; size?: number }) {
  return (
    <svg {...base} width={size} height={size} data-type-icon={recordType}>
      <path d={paths[recordType]} />
    </svg>
  );
}

/** The search page's icons for its empty states and the filters button. */
export const EmptySearchIcon = () => (
  <svg {...base} width={48} height={48}>
    <circle cx="10.5" cy="10.5" r="6" />
    <path d="m15 15 5 5M8.5 10.5h4" />
  </svg>
);

export const FiltersIcon = () => (
  <svg {...base} width={18} height={18}>
    <path d="M4 6h16M7 12h10M10 18h4" />
  </svg>
);
