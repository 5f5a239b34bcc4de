import { t } from "../../../lib/i18n.ts";

/** The share-source marker a shared link carries (spec §4), as Vanilla writes it. */
const shareSource = { param: "utm_source", value: "community-share" } as const;

/** An address the URL parser leaves as it is: a lower-case host, a path of unreserved characters, no query. */
const plainAddress = /^https?:\/\/[a-z0-9.-]+(?::\d+)?\/[A-Za-z0-9\-._~/%]*$/;

/** A record's address with the share-source marker. */
export function shareUrl(recordUrl: string): string {
  // A record's address is plain (`http://host/discussion/comment/5#Comment_5`: no query, nothing the URL parser would
  // rewrite): the parameter goes before its fragment without parsing it, as the parser would put it (once per post
  // of a page). Any other address is parsed.
  const hash = recordUrl.indexOf("#");
  const path = hash === -1 ? recordUrl : recordUrl.slice(0, hash);
  if (plainAddress.test(path) && !path.includes("/.") && !/:(80|443)\//.test(path)) {
    const param = `${encodeURIComponent(shareSource.param)}=${encodeURIComponent(shareSource.value)}`;
    return `${path}?${param}${hash === -1 ? "" : recordUrl.slice(hash)}`;
  }
  const url = new URL(recordUrl);
  url.searchParams.set(shareSource.param, shareSource.value);
  return url.toString();
}

/** What a share says besides the link. */
const shareText = () => t("Check out this post:");

/** The private-message composer prefilled with the share text and link (spec §2 `/messages/add?content=`). */
export const shareInMessagePath = (recordUrl: string) =>
  `/messages/add?content=${encodeURIComponent(`${shareText()} ${shareUrl(recordUrl)}`)}`;

/** Native sharing only on Android and iOS (spec §4), when the browser offers it. */
export function canShareNatively(nav: Pick<Navigator, "userAgent"> & Partial<Pick<Navigator, "share">>): boolean {
  if (typeof nav.share !== "function") return false;
  return /android|iphone|ipad|ipod/i.test(nav.userAgent);
}

/** Copies the marked link; resolves when the clipboard has it. */
export async function copyShareLink(recordUrl: string): Promise<void> {
  await navigator.clipboard.writeText(shareUrl(recordUrl));
}

/** The system share sheet with the marked link. */
export async function shareNatively(recordUrl: string, title: string): Promise<void> {
  await navigator.share({ title, text: shareText(), url: shareUrl(recordUrl) });
}
