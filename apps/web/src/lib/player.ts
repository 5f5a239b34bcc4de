import { linkPreviewEmbedUrl } from "@parley/contracts/link-previews";

/**
 * Replaces a link preview's card with its provider's player (`lib/link-preview-loader.ts` imports this on a click). The
 * frame's address is made here from the provider and the id (contracts' `linkPreviewEmbedUrl`: only the allowed
 * providers' embed addresses, the privacy-enhanced ones); a card naming anything else opens its link instead.
 */
export function embed(link: HTMLAnchorElement): void {
  const card = link.closest<HTMLElement>(".linkPreview");
  const src = linkPreviewEmbedUrl(link.dataset.provider ?? "", link.dataset.embedId ?? "");
  if (!card || !src) {
    window.location.assign(link.href);
    return;
  }
  const frame = document.createElement("iframe");
  frame.src = src;
  frame.title = card.querySelector(".linkPreview-title")?.textContent ?? link.textContent ?? "";
  frame.allow = "autoplay; encrypted-media; picture-in-picture; fullscreen";
  frame.allowFullscreen = true;
  frame.referrerPolicy = "strict-origin-when-cross-origin";
  frame.className = "linkPreview-frame";
  frame.dataset.provider = link.dataset.provider;
  card.replaceChildren(frame);
  card.classList.add("linkPreview-loaded");
  frame.focus();
}
