import { useSuspenseQuery } from "@tanstack/react-query";
import type { WidgetProps } from "@parley/contracts";
import { useApi } from "../../lib/api-context.tsx";
import { WidgetFrame } from "./WidgetFrame.tsx";
import { WidgetItems } from "./WidgetItems.tsx";
import { collectionItem } from "./widgets.items.ts";
import { collectionContentQuery } from "./widgets.queries.ts";

/**
 * `react.collection-records`, a featured collection: the records the viewer may read (the server leaves out a
 * private category's), in the container and content type the layout chose; nothing when none is left.
 */
export function CollectionRecords({
  title,
  subtitle,
  description,
  apiParams,
  containerOptions = {},
  itemOptions = {},
}: WidgetProps<"react.collection-records">) {
  const { data } = useSuspenseQuery(collectionContentQuery(useApi(), apiParams.collectionID));
  const items = (data?.records ?? []).flatMap((record) => collectionItem(record) ?? []);
  if (!data || items.length === 0) return null;
  return (
    <WidgetFrame part="collection-records" {...{ title, subtitle, description }} viewAll={containerOptions.viewAll}>
      <WidgetItems
        items={items}
        displayType={containerOptions.displayType ?? "grid"}
        contentType={itemOptions.contentType ?? "title-description"}
        columns={containerOptions.maxColumnCount ?? 3}
        label={title ?? data.name}
        autoplaySeconds={containerOptions.autoplaySeconds}
      />
    </WidgetFrame>
  );
}
