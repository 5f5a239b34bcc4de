/**
 * Guests' reading pages hydrate at the reader's first intent, not at load. Everything a guest sees there
 * works without JavaScript (links, the pager, the search form, sign-in links), and nothing a guest sees
 * changes by itself (live updates are members'), so reading needs no script at all: the page loads a tiny
 * boot script (`boot.ts`), and the app (React, the router, the query client: ~138 kB gzipped) loads and
 * hydrates when the reader reaches for a control: a pointer over a link or control, a press, a touch, a
 * key, a focus. A JavaScript-only button pressed before the app is there is pressed again once it is, and
 * a select changed before is changed again; links and forms work natively meanwhile. Members' pages, other
 * pages, error pages and embedded sites hydrate at load as before.
 */

/** The attribute of the boot script that names the app's entry chunk. */
export const APP_ATTRIBUTE = "data-parley-app";

/** The reading routes (router ids) that hydrate on intent for guests. */
const readingRouteIDs: ReadonlySet<string> = new Set([
  "home",
  "discussions",
  "categories",
  "category",
  "discussion",
  "kb",
  "kb-base",
  "kb-category",
  "kb-article",
]);

/** Whether a page hydrates on intent: a guest's reading page that rendered fine, outside an embed. */
export function hydratesOnIntent(page: {
  routeID: string | undefined;
  guest: boolean;
  status: number;
  embedded: boolean;
}): boolean {
  return (
    page.guest &&
    page.status === 200 &&
    !page.embedded &&
    page.routeID !== undefined &&
    readingRouteIDs.has(page.routeID)
  );
}

/** What shows intent anywhere on the page. */
const intents = ["pointerdown", "touchstart", "keydown", "focusin"] as const;
/** A pointer over one of these shows intent too (it is about to be pressed). */
const controls = "a[href], button, input, select, textarea, summary, label, [role=button]";
/**
 * Pressed before the app is there, these do nothing by themselves: they are pressed again after. A link
 * preview's load link is a link (without JavaScript it opens the video) that the app turns into a player.
 */
const scriptOnly = "button[type=button], [role=button]:not(a[href]), a.linkPreview-load";

/** The event the app dispatches once it has hydrated (AppLayout, spec §4). */
export const READY_EVENT = "X-DOMContentReady";

/**
 * Waits for intent on `doc`, then calls `load` (which imports the app; the app hydrates). Until the app
 * dispatches its ready event, a press on a script-only button is held and replayed, and so is a change
 * of a select. A failed load (offline) lets the next intent try again.
 */
export function hydrateOnIntent(doc: Document, load: () => Promise<unknown>): void {
  let started = false;
  let pressed: HTMLElement | null = null;
  const changed = new Set<HTMLSelectElement>();

  const start = () => {
    if (started) return;
    started = true;
    load().catch(() => {
      started = false;
    });
  };
  const handleIntent = () => start();
  const handlePointerOver = (event: Event) => {
    if (event.target instanceof Element && event.target.closest(controls)) start();
  };
  const handleClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>(scriptOnly) : null;
    if (!target) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    pressed = target;
    start();
  };
  const handleChange = (event: Event) => {
    if (event.target instanceof HTMLSelectElement) changed.add(event.target);
  };
  const handleReady = () => {
    for (const type of intents) doc.removeEventListener(type, handleIntent, true);
    doc.removeEventListener("pointerover", handlePointerOver, true);
    doc.removeEventListener("click", handleClick, true);
    doc.removeEventListener("change", handleChange, true);
    for (const select of changed) if (select.isConnected) select.dispatchEvent(new Event("change", { bubbles: true }));
    changed.clear();
    const target = pressed;
    pressed = null;
    if (target?.isConnected) target.click();
  };

  for (const type of intents) doc.addEventListener(type, handleIntent, { capture: true, passive: true });
  doc.addEventListener("pointerover", handlePointerOver, { capture: true, passive: true });
  doc.addEventListener("click", handleClick, true);
  doc.addEventListener("change", handleChange, true);
  doc.addEventListener(READY_EVENT, handleReady, { once: true });
}
