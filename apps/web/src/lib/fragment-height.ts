/** The heights a fragment's frame may take, whatever its code says (px). */
const FRAGMENT_HEIGHT_MIN = 50;
const FRAGMENT_HEIGHT_MAX = 4000;

let following = false;

/** A height a frame asked for, within the bounds (null for anything but a finite number). */
export function clampFragmentHeight(height: unknown): number | null {
  if (typeof height !== "number" || !Number.isFinite(height)) return null;
  return Math.round(Math.min(FRAGMENT_HEIGHT_MAX, Math.max(FRAGMENT_HEIGHT_MIN, height)));
}

/**
 * Lets the page's fragment frames (`iframe[data-fragment]`) take their content's height: each frame posts
 * `{type: "parley:fragment-height", height}`. Only a message from one of this page's fragment frames counts: its
 * `source` must be that frame's window and its origin the sandbox's opaque one ("null"). Listens once a page.
 */
export function followFragmentHeights(): void {
  if (typeof window === "undefined") return;
  if (following) return askFragmentHeights();
  following = true;
  window.addEventListener("message", (event: MessageEvent) => {
    if (event.origin !== "null") return;
    const data = event.data as { type?: unknown; height?: unknown } | null;
    if (!data || typeof data !== "object" || data.type !== "parley:fragment-height") return;
    const height = clampFragmentHeight(data.height);
    if (height === null) return;
    for (const frame of fragmentFrames()) {
      if (frame.contentWindow !== null && frame.contentWindow === event.source) {
        frame.style.height = `${height}px`;
        return;
      }
    }
  });
  askFragmentHeights();
}

const fragmentFrames = () => document.querySelectorAll<HTMLIFrameElement>("iframe[data-fragment]");

/**
 * Asks the page's fragment frames for their height again: a frame tells it as it loads, which may be before this
 * page's script listens (a reading page hydrates at the reader's first intent). Called by the listener as it starts.
 */
function askFragmentHeights(): void {
  for (const frame of fragmentFrames())
    frame.contentWindow?.postMessage({ type: "parley:fragment-height-request" }, "*");
}
