import type { WidgetProps } from "@parley/contracts";
import type { WidgetContext } from "../layouts/index.ts";
import { CallToAction } from "./CallToAction.tsx";
import { CollectionRecords } from "./CollectionRecords.tsx";
import { DiscussionsWidget } from "./DiscussionsWidget.tsx";
import { QuickLinks } from "./QuickLinks.tsx";
import { ArticlesWidget, CategoriesWidget, GroupsWidget } from "./RecordsWidgets.tsx";
import {
  collectionContentQuery,
  widgetArticlesQuery,
  widgetCategoriesQuery,
  widgetDiscussionsQuery,
  widgetGroupsQuery,
} from "./widgets.queries.ts";

/* The home widgets' module (loaded on demand, widgets.registry.tsx): their components and data. */

type Props<Name extends keyof HomeProps> = HomeProps[Name];
interface HomeProps {
  "react.collection-records": WidgetProps<"react.collection-records">;
  "react.discussion.discussions": WidgetProps<"react.discussion.discussions">;
  "react.quick-links": WidgetProps<"react.quick-links">;
  "react.cta": WidgetProps<"react.cta">;
  "react.categories": WidgetProps<"react.categories">;
  "react.article.articles": WidgetProps<"react.article.articles">;
  "react.groups": WidgetProps<"react.groups">;
}

/** A home widget by its name: each is marked `data-home-widget`, so the browser loads this module before hydrating. */
function HomeWidget({ name, props }: { name: keyof HomeProps; props: object }) {
  switch (name) {
    case "react.collection-records":
      return <CollectionRecords {...(props as Props<typeof name>)} />;
    case "react.discussion.discussions":
      return <DiscussionsWidget {...(props as Props<typeof name>)} />;
    case "react.quick-links":
      return <QuickLinks {...(props as Props<typeof name>)} />;
    case "react.cta":
      return <CallToAction {...(props as Props<typeof name>)} />;
    case "react.categories":
      return <CategoriesWidget {...(props as Props<typeof name>)} />;
    case "react.article.articles":
      return <ArticlesWidget {...(props as Props<typeof name>)} />;
    case "react.groups":
      return <GroupsWidget {...(props as Props<typeof name>)} />;
  }
}

/** A home widget rendered by name (the registry's component, widgets.registry.tsx). */
export const render = (name: keyof HomeProps, props: object) => <HomeWidget name={name} props={props} />;

/** Puts a home widget's data in the query cache before rendering (the server renders from it). */
export async function prefetch(
  name: keyof HomeProps,
  { queryClient, api }: WidgetContext,
  props: object,
): Promise<unknown> {
  if (name === "react.collection-records") {
    const { apiParams } = props as Props<typeof name>;
    return queryClient.ensureQueryData(collectionContentQuery(api, apiParams.collectionID));
  }
  if (name === "react.discussion.discussions") {
    const { apiParams } = props as Props<typeof name>;
    return queryClient.ensureQueryData(widgetDiscussionsQuery(api, apiParams));
  }
  if (name === "react.categories") {
    const { apiParams } = props as Props<typeof name>;
    return queryClient.ensureQueryData(widgetCategoriesQuery(api, apiParams));
  }
  if (name === "react.article.articles") {
    const { apiParams } = props as Props<typeof name>;
    return queryClient.ensureQueryData(widgetArticlesQuery(api, apiParams));
  }
  if (name === "react.groups") {
    const { apiParams } = props as Props<typeof name>;
    return queryClient.ensureQueryData(widgetGroupsQuery(api, apiParams));
  }
  return undefined;
}
