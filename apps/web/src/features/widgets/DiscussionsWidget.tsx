import { useSuspenseQuery } from "@tanstack/react-query";
import type { WidgetProps } from "@parley/contracts";
import { useApi } from "../../lib/api-context.tsx";
import { t } from "../../lib/i18n.ts";
import { DiscussionList } from "../discussions/index.ts";
import { WidgetFrame } from "./WidgetFrame.tsx";
import { WidgetItems } from "./WidgetItems.tsx";
import { discussionItem } from "./widgets.items.ts";
import { widgetDiscussionsQuery } from "./widgets.queries.ts";

/**
 * `react.discussion.discussions`: discussions chosen by category, tags, followed or announcements, as the
 * viewer may read them (the list's own permission filter, `GET /discussions`). As a list by default (the
 * discussion list's items, with their facts), or as a grid, carousel or links of their titles and excerpts.
 */
export function DiscussionsWidget({
  title,
  subtitle,
  description,
  apiParams,
  containerOptions = {},
}: WidgetProps<"react.discussion.discussions">) {
  const { data } = useSuspenseQuery(widgetDiscussionsQuery(useApi(), apiParams));
  const displayType = containerOptions.displayType ?? "list";
  return (
    <WidgetFrame part="discussions-widget" {...{ title, subtitle, description }} viewAll={containerOptions.viewAll}>
      {displayType === "list" ? (
        <DiscussionList discussions={data} headingLevel={3} />
      ) : (
        <WidgetItems
          items={data.map(discussionItem)}
          displayType={displayType}
          contentType="title-description"
          columns={containerOptions.maxColumnCount ?? 3}
          label={title ?? t("Discussions")}
          autoplaySeconds={containerOptions.autoplaySeconds}
        />
      )}
    </WidgetFrame>
  );
}
