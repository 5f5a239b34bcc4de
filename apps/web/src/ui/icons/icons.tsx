import { createElement, type SVGProps } from "react";
import { __iconData as bell } from "lucide-react/icons/bell";
import { __iconData as chevronDown } from "lucide-react/icons/chevron-down";
import { __iconData as chevronLeft } from "lucide-react/icons/chevron-left";
import { __iconData as chevronRight } from "lucide-react/icons/chevron-right";
import { __iconData as chevronsRight } from "lucide-react/icons/chevrons-right";
import { __iconData as ellipsis } from "lucide-react/icons/ellipsis";
import { __iconData as mail } from "lucide-react/icons/mail";
import { __iconData as menu } from "lucide-react/icons/menu";
import { __iconData as reply } from "lucide-react/icons/reply";
import { __iconData as search } from "lucide-react/icons/search";
import { __iconData as textQuote } from "lucide-react/icons/text-quote";
import { __iconData as x } from "lucide-react/icons/x";

type IconData = typeof x;

/** What an icon takes: its size in pixels (24 unless said), a class, a `data-` marker. */
type IconProps = { size?: number } & Pick<SVGProps<SVGSVGElement>, "className" | "fill" | "strokeWidth"> &
  Record<`data-${string}`, string>;

const svg = {
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  "aria-hidden": true,
} as const;

/**
 * One icon of Lucide (https://lucide.dev, ISC), the app's one icon family: 24-unit strokes in the current
 * colour, always decorative (`aria-hidden`; the control around it carries the name). Drawn from the icon's
 * data in Lucide's per-icon ES module, by this one small function instead of lucide-react's component
 * runtime, so a page pays only for the icons it shows (the reader pages' script budget is tight). In the build,
 * an icon's shapes are one path (`one-path.ts`, by vite.config.ts): an icon drawn filled must be one shape, or its
 * overlapping shapes would cut holes in each other (the bookmark is).
 */
export function lucide(data: IconData) {
  // Its parts as arguments, not an array: they need no keys (the build drops Lucide's).
  const Icon = ({ size = 24, ...props }: IconProps) =>
    createElement(
      "svg",
      { ...svg, width: size, height: size, ...props },
      ...data.node.map(([tag, attrs]) => createElement(tag, attrs)),
    );
  return Icon;
}

// The icons of the title bar and the reading pages (in the app's main chunk); those of pages and parts loaded
// on demand are in ./more.tsx, so the reading pages do not carry them.
export const BellIcon = /* @__PURE__ */ lucide(bell);
export const ChevronDownIcon = /* @__PURE__ */ lucide(chevronDown);
export const ChevronLeftIcon = /* @__PURE__ */ lucide(chevronLeft);
export const ChevronRightIcon = /* @__PURE__ */ lucide(chevronRight);
export const ChevronsRightIcon = /* @__PURE__ */ lucide(chevronsRight);
export const CloseIcon = /* @__PURE__ */ lucide(x);
export const MenuIcon = /* @__PURE__ */ lucide(menu);
export const MessagesIcon = /* @__PURE__ */ lucide(mail);
export const MoreIcon = /* @__PURE__ */ lucide(ellipsis);
export const QuoteIcon = /* @__PURE__ */ lucide(textQuote);
export const ReplyIcon = /* @__PURE__ */ lucide(reply);
export const SearchIcon = /* @__PURE__ */ lucide(search);
