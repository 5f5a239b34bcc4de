import { APP_ATTRIBUTE, hydrateOnIntent } from "./lib/hydrate-on-intent.ts";

/**
 * The only script of a guest's reading page (`lib/hydrate-on-intent.ts`): the app's entry chunk, named by
 * this script's element, loads at the reader's first intent and hydrates the page.
 */
const app = document.querySelector(`script[${APP_ATTRIBUTE}]`)?.getAttribute(APP_ATTRIBUTE);
if (app) hydrateOnIntent(document, () => import(/* @vite-ignore */ app));
