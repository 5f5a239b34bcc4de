import { useSuspenseQuery } from "@tanstack/react-query";
import type { WidgetContentType, WidgetProps } from "@parley/contracts";
import { useApi } from "../../lib/api-context.tsx";
import { t } from "../../lib/i18n.ts";
import { WidgetFrame } from "./WidgetFrame.tsx";
import { WidgetItems } from "./WidgetItems.tsx";
import { articleItem, categoryItem, groupItem, type WidgetItem } from "./widgets.items.ts";
import { widgetArticlesQuery, widgetCategoriesQuery, widgetGroupsQuery } from "./widgets.queries.ts";

type RecordsProps = WidgetProps<"react.categories" | "react.article.articles" | "react.groups">;

/** A list of records in its container (a grid by default, as a collection), nothing when none is readable. */
function RecordsFrame({
  part,
  items,
  label,
  props: { title, subtitle, description, containerOptions = {}, itemOptions = {} },
}: {
  part: string;
  items: WidgetItem[];
  /** The carousel's name when the widget has no title. */
  label: string;
  props: Omit<RecordsProps, "apiParams">;
}) {
  if (items.length === 0) return null;
  const contentType: WidgetContentType = itemOptions.contentType ?? "title-description";
  return (
    <WidgetFrame part={part} {...{ title, subtitle, description }} viewAll={containerOptions.viewAll}>
      <WidgetItems
        items={items}
        displayType={containerOptions.displayType ?? "grid"}
        contentType={contentType}
        columns={containerOptions.maxColumnCount ?? 3}
        label={title ?? label}
        autoplaySeconds={containerOptions.autoplaySeconds}
      />
    </WidgetFrame>
  );
}

/** `react.categories`: the categories the viewer may read (the top level, a category's children or the followed). */
export function CategoriesWidget({ apiParams, ...props }: WidgetProps<"react.categories">) {
  const { data } = useSuspenseQuery(widgetCategoriesQuery(useApi(), apiParams));
  return <RecordsFrame part="categories-widget" items={data.map(categoryItem)} label={t("Categories")} props={props} />;
}

/** `react.article.articles`: a knowledge base's (or category's) published articles, for readers of the base. */
export function ArticlesWidget({ apiParams, ...props }: WidgetProps<"react.article.articles">) {
  const { data } = useSuspenseQuery(widgetArticlesQuery(useApi(), apiParams));
  return <RecordsFrame part="articles-widget" items={data.map(articleItem)} label={t("Articles")} props={props} />;
}

/** `react.groups`: the groups the viewer may see (a secret group only to its members). */
export function GroupsWidget({ apiParams, ...props }: WidgetProps<"react.groups">) {
  const { data } = useSuspenseQuery(widgetGroupsQuery(useApi(), apiParams));
  return <RecordsFrame part="groups-widget" items={data.map(groupItem)} label={t("Groups")} props={props} />;
}
