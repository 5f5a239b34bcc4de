/**
 * Link previews' click-to-load players (issue 32): the server renders a video or post of a known provider as a
 * card whose load link (`a.linkPreview-load`, `data-provider`, `data-embed-id`) goes to the address through the
 * leaving page, so without JavaScript it is a plain link. With the app, this one click listener (on the document) takes
 * the press instead and imports the code that makes the frame (`player.ts`): pages carry only the
 * listener, and nothing is requested from the provider before the click. A guest's press before the app is
 * there is held and replayed by the boot script (`hydrate-on-intent.ts`).
 */
export function listenForPreviewLoads(): void {
  document.addEventListener("click", (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>(".linkPreview-load");
    if (link) {
      event.preventDefault();
      void import("./player.ts").then((frame) => frame.embed(link));
    }
  });
}
