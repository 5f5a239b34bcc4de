import { isPlainClick } from "./clicks.ts";
import type { EmbedSettings } from "./site.ts";

/**
 * Embedded mode (spec §4): the forum inside a frame of its host page (`embed.remoteUrl`, which loads
 * `/embed.js` through `GET /api/v2/assets/embed-script`). In the frame, the forum tells the host where it
 * is and what it is called (polled every 200 ms, spec §9), how far it is scrolled (at most about 60 a
 * second; "scrolled" past 50 px, "at the end" within 4 px), and hands it links to other sites. Outside the
 * frame, with `embed.forceEmbed`, a page sends the reader to the host, which opens that page in its frame
 * (`#` + the page's path); an embed bypass in the query (`?embedBypass=1`, kept for the tab in session
 * storage) or the sign-in and dashboard pages stay here, so nobody is shut out of the forum itself.
 * Messages go to the host's origin only.
 */
type EmbedMessage =
  | { type: "embeddedHrefUpdate"; href: string }
  | { type: "embeddedTitleUpdate"; title: string }
  | { type: "embeddedScrollUpdate"; isScrolled: boolean; isScrollEnd: boolean }
  | { type: "navigateExternalDomain"; href: string };

const embedBypassParameter = "embedBypass";
const bypassStorageKey = "parley.embedBypass";
const POLL_MS = 200;
const SCROLLED_PAST = 50;
const SCROLL_END_TOLERANCE = 4;
const SCROLL_MESSAGE_MS = 1000 / 60;

/** Paths never sent to the host: signing in and the dashboard work on the forum's own address. */
const stayPaths = [/^\/entry(\/|$)/, /^\/dashboard(\/|$)/];

const originOf = (address: string) => (URL.canParse(address) ? new URL(address).origin : null);

/** The host page's address that opens `path` in its frame. */
export function hostAddress(remoteUrl: string, path: string): string {
  const host = new URL(remoteUrl);
  host.hash = path;
  return host.href;
}

function bypassed(win: Window): boolean {
  const asked = new URLSearchParams(win.location.search).get(embedBypassParameter);
  try {
    if (asked !== null && asked !== "0" && asked !== "false") win.sessionStorage.setItem(bypassStorageKey, "1");
    return win.sessionStorage.getItem(bypassStorageKey) === "1";
  } catch {
    // Storage refused (private modes): the query alone decides.
    return asked !== null && asked !== "0" && asked !== "false";
  }
}

function isFramed(win: Window): boolean {
  try {
    return win.self !== win.top;
  } catch {
    return true;
  }
}

/** Starts embedded mode for this page; answers how to stop it. */
export function startEmbed(settings: EmbedSettings, win: Window = window): () => void {
  const hostOrigin = originOf(settings.remoteUrl);
  if (!settings.enabled || !hostOrigin || hostOrigin === "null") return () => {};
  const { location } = win;
  const path = `${location.pathname}${location.search}${location.hash}`;

  if (!isFramed(win)) {
    if (settings.forceEmbed && !bypassed(win) && !stayPaths.some((stay) => stay.test(location.pathname)))
      location.replace(hostAddress(settings.remoteUrl, path));
    return () => {};
  }

  const post = (message: EmbedMessage) => win.parent.postMessage(message, hostOrigin);
  // Marks the page as running in its host's frame (styles and tests can tell the frame's links are live).
  const root = win.document.documentElement;
  root.dataset.embed = "framed";
  let href = "";
  let title = "";
  const poll = () => {
    if (location.href !== href) post({ type: "embeddedHrefUpdate", href: (href = location.href) });
    if (win.document.title !== title) post({ type: "embeddedTitleUpdate", title: (title = win.document.title) });
  };
  poll();
  const timer = win.setInterval(poll, POLL_MS);

  let scrolled: { isScrolled: boolean; isScrollEnd: boolean } | null = null;
  let lastScroll = 0;
  let pending: number | null = null;
  const sendScroll = () => {
    pending = null;
    lastScroll = Date.now();
    const top = win.scrollY;
    const now = {
      isScrolled: top > SCROLLED_PAST,
      isScrollEnd: top + win.innerHeight >= root.scrollHeight - SCROLL_END_TOLERANCE,
    };
    if (scrolled && scrolled.isScrolled === now.isScrolled && scrolled.isScrollEnd === now.isScrollEnd) return;
    scrolled = now;
    post({ type: "embeddedScrollUpdate", ...now });
  };
  const onScroll = () => {
    if (pending !== null) return;
    pending = win.setTimeout(sendScroll, Math.max(0, lastScroll + SCROLL_MESSAGE_MS - Date.now()));
  };
  win.addEventListener("scroll", onScroll, { passive: true });

  // A link to another site opens in the host's window, not in the frame.
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || !isPlainClick(event)) return;
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>("a[href]");
    if (!link || link.target === "_blank") return;
    const target = new URL(link.href, location.href);
    if (target.origin === location.origin || (target.protocol !== "https:" && target.protocol !== "http:")) return;
    event.preventDefault();
    post({ type: "navigateExternalDomain", href: target.href });
  };
  win.document.addEventListener("click", onClick);

  return () => {
    delete root.dataset.embed;
    win.clearInterval(timer);
    if (pending !== null) win.clearTimeout(pending);
    win.removeEventListener("scroll", onScroll);
    win.document.removeEventListener("click", onClick);
  };
}
