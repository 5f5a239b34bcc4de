import type { WidgetProps } from "@parley/contracts";
import { useEffect, type ComponentType } from "react";
import { t } from "../../lib/i18n.ts";
import { serverRendered } from "../../ui/kept-html.tsx";
import { SectionFullWidth, SectionOneColumn, SectionThreeColumns, SectionTwoColumns } from "./Sections.tsx";
import type { WidgetRegistry } from "./widgetRegistry.ts";
import { popularTagsQuery } from "./layouts.popular.ts";
import styles from "../../ui/page/Page.module.css";

/**
 * A title and description block (`title` is translated when the layout says it is one of the app's sentences), and
 * a text widget's body as the server rendered and sanitised it (`bodyHtml`, never the layout's own).
 */
function Html({ title, description, translate, bodyHtml }: WidgetProps<"react.html">) {
  return (
    <header className={styles.header}>
      {title ? <h1 className={styles.title}>{translate ? t(title) : title}</h1> : null}
      {description ? <p className={styles.description}>{description}</p> : null}
      {bodyHtml ? <div className={styles.description} dangerouslySetInnerHTML={{ __html: bodyHtml }} /> : null}
    </header>
  );
}

/** The home page's banner and a panel's popular tags, rendered by the server only. */
const Banner = serverRendered(() => import("./Banner.tsx").then((module) => module.Banner));
const PopularTags = serverRendered(() => import("./PopularTags.tsx").then((module) => module.PopularTags));
/**
 * Issue 38's widgets, from one chunk: a custom page's head (its SEO title, description and address; "Not published"
 * for managers) and a fragment in its sandboxed frame.
 */
const custom = <Name extends "react.asset.customPageHead" | "react.customFragment">(
  name: Name extends "react.customFragment" ? "CustomFragment" : "CustomPageHead",
) =>
  serverRendered(() =>
    import("./CustomWidgets.tsx").then((module) => module[name] as unknown as ComponentType<WidgetProps<Name>>),
  );

const KeptFragment = custom<"react.customFragment">("CustomFragment");

/**
 * A fragment in its frame (rendered by the server), and, once the page hydrates, the listener that gives the frame its
 * content's height: its own chunk, loaded only by pages that place a fragment, never with the reading pages' bundle.
 */
function FragmentWidget(props: WidgetProps<"react.customFragment">) {
  useEffect(() => {
    void import("../../lib/fragment-height.ts").then((module) => module.followFragmentHeights());
  }, []);
  return <KeptFragment {...props} />;
}

/** The widgets of no feature: the sections that lay the others out, the title block, the banner and popular tags. */
export const layoutWidgets = {
  "react.section.1-column": { component: SectionOneColumn },
  "react.section.2-columns": { component: SectionTwoColumns },
  "react.section.3-columns": { component: SectionThreeColumns },
  "react.section.full-width": { component: SectionFullWidth },
  "react.html": { component: Html },
  "react.banner": { component: Banner },
  "react.asset.customPageHead": { component: custom<"react.asset.customPageHead">("CustomPageHead") },
  "react.customFragment": { component: FragmentWidget },
  "react.popularTags": {
    component: PopularTags,
    prefetch: ({ queryClient, api }, { limit, siteSectionID }) =>
      queryClient.ensureQueryData(popularTagsQuery(api, limit, siteSectionID)),
  },
} satisfies WidgetRegistry;
