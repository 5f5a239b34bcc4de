/**
 * Link previews' click-to-load embeds (issue 32): the server renders a video or post of a known provider as a
 * card whose "Load video" link (`a.linkPreview-load`, `data-provider`, `data-embed-id`) goes to the address
 * through the leaving page, so without JavaScript it is a plain link. With JavaScript, a click here loads the
 * frame instead: the code that makes it (`link-preview-frame.ts`) is imported on that first click, so reading
 * pages carry only this listener. Nothing is requested from the provider before the click.
 */
const LOAD = "a.linkPreview-load[data-provider][data-embed-id]";

/** Listens once per document (the boot script and the app both call it). */
export function listenForPreviewLoads(doc: Document): void {
  const root = doc.documentElement;
  if (root.hasAttribute("data-preview-loads")) return;
  root.setAttribute("data-preview-loads", "");
  doc.addEventListener(
    "click",
    (event) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(LOAD) : null;
      if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      void import("./link-preview-frame.ts").then(({ loadPreviewFrame }) => loadPreviewFrame(link));
      // Capturing: before any handler of the app's (the router's links) sees the click.
    },
    true,
  );
}
