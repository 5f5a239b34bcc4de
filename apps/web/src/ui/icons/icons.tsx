import { createElement, type SVGProps } from "react";
import { escapeHtml } from "../../lib/html.ts";
import { cx } from "../css.ts";
import styles from "./Icon.module.css";
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

/** An icon's drawing as the markup inside its `<svg>`: made once per icon, not per icon drawn. */
const drawingHtml = (data: IconData) => ({
  __html: data.node
    .map(
      ([tag, attrs]) =>
        `<${tag}${Object.entries(attrs)
          .filter(([name]) => name !== "key")
          .map(([name, value]) => ` ${name}="${escapeHtml(String(value))}"`)
          .join("")}></${tag}>`,
    )
    .join(""),
});

/**
 * One icon of Lucide (https://lucide.dev, ISC), the app's one icon family: 24-unit strokes in the current
 * colour, always decorative (`aria-hidden`; the control around it carries the name). Drawn from the icon's
 * data in Lucide's per-icon ES module, by this one small function instead of lucide-react's component
 * runtime, so a page pays only for the icons it shows (the reader pages' script budget is tight). In the build,
 * an icon's shapes are one path (`one-path.ts`, by vite.config.ts): an icon drawn filled must be one shape, or its
 * overlapping shapes would cut holes in each other (the bookmark is).
 *
 * The stroke's look is the `icon` class (Icon.module.css), not five attributes on every icon, and the drawing is
 * markup made once per icon (`dangerouslySetInnerHTML`), not an element React builds and writes out per icon: a
 * member's discussion page draws about 130 icons, and they were a tenth of its server render (bench/README.md). A
 * different fill or stroke width is an inline style, which beats the class as the attributes did.
 */
export function lucide(data: IconData) {
  const drawing = drawingHtml(data);
  const Icon = ({ size = 24, className, fill, strokeWidth, ...props }: IconProps) =>
    createElement("svg", {
      viewBox: "0 0 24 24",
      "aria-hidden": true,
      width: size,
      height: size,
      className: cx(styles.icon, className),
      ...(fill === undefined && strokeWidth === undefined ? {} : { style: { fill, strokeWidth } }),
      ...props,
      dangerouslySetInnerHTML: drawing,
    });
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
