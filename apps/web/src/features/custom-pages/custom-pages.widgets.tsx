import { serverRendered } from "../../ui/kept-html.tsx";
import type { WidgetRegistry } from "../layouts/index.ts";

/** A custom page's head (its title, description, address; "Not published" for managers), by the server only. */
const CustomPageHead = serverRendered(() => import("./CustomPageHead.tsx").then((module) => module.CustomPageHead));

/** The custom pages' layout widget. */
export const customPageWidgets = {
  "react.asset.customPageHead": { component: CustomPageHead },
} satisfies WidgetRegistry;
