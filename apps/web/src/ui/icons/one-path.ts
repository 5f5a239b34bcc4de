/** Lucide icons' shapes as one SVG path: how the build (vite.config.ts) draws them for `icons.tsx`. */

const number = String.raw`[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?`;
/** A path's first move, relative (`m6 9 6 6`: the first pair is absolute, the next ones relative lines). */
const relativeStart = new RegExp(String.raw`^m\s*(${number})[\s,]*(${number})[\s,]*(.*)$`, "s");

/**
 * A path's data that can follow another's in one path: its first move absolute. A path's leading `m` is absolute
 * only because it comes first; after another shape it would move from where that one ended.
 */
function standalone(d: string): string {
  const start = relativeStart.exec(d);
  if (!start) return d;
  const [, x, y, rest = ""] = start;
  // Pairs right after the move are lines, relative as before.
  return `M${x} ${y}${rest !== "" && !/^[a-z]/i.test(rest) ? `l${rest}` : rest}`;
}

/**
 * An icon's shapes (paths, circles, rounded rectangles) as one path's data, or null for a shape this does not know.
 * Stroked, one path draws as its shapes did, with a fifth of the elements: a discussion page shows about 130 icons
 * (four per post), which were about 480 elements of its 2,650 to render on the server and hydrate in the browser.
 */
export function onePath(node: ReadonlyArray<readonly [string, Record<string, string>]>): string | null {
  const parts: string[] = [];
  for (const [tag, attrs] of node) {
    const n = (name: string) => Number(attrs[name] ?? 0);
    if (tag === "path" && attrs["d"]) {
      parts.push(standalone(attrs["d"]));
    } else if (tag === "circle") {
      const [cx, cy, r] = [n("cx"), n("cy"), n("r")];
      parts.push(`M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0z`);
    } else if (tag === "rect") {
      const [x, y, w, h] = [n("x"), n("y"), n("width"), n("height")];
      const rx = Math.min(attrs["rx"] === undefined ? n("ry") : n("rx"), w / 2);
      const ry = Math.min(attrs["ry"] === undefined ? rx : n("ry"), h / 2);
      const corner = (dx: number, dy: number) => `a${rx} ${ry} 0 0 1 ${dx} ${dy}`;
      parts.push(
        `M${x + rx} ${y}h${w - 2 * rx}${corner(rx, ry)}v${h - 2 * ry}${corner(-rx, ry)}` +
          `h${2 * rx - w}${corner(-rx, -ry)}v${2 * ry - h}${corner(rx, -ry)}z`,
      );
    } else {
      return null;
    }
  }
  return parts.join("");
}
