export { useTitleBar, layoutKeys, layoutQuery } from "./layouts.queries.ts";
export { ensureTitleBar } from "./layouts.loaders.ts";
export { lookupForUrl } from "./layouts.lookup.ts";
export { fallbackTitleBar } from "./titleBar.ts";
