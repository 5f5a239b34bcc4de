import type { CollectionContent, Discussion } from "@parley/contracts";

/** One item of a home widget, whatever its record: what the content types draw. */
export interface WidgetItem {
  key: string;
  name: string;
  url: string;
  description?: string | undefined;
  imageUrl?: string | undefined;
  iconUrl?: string | undefined;
}

const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

/** A collection's record (a discussion, a category…) as its own endpoint presents it, as an item. */
export function collectionItem(entry: CollectionContent["records"][number]): WidgetItem | null {
  const record = entry.record as Record<string, unknown>;
  const name = text(record["name"]) ?? text(record["title"]);
  const url = text(record["url"]);
  if (!name || !url) return null;
  const image = record["image"] as { url?: unknown } | null | undefined;
  return {
    key: `${entry.recordType}-${entry.recordID}`,
    name,
    url,
    description: text(record["excerpt"]) ?? text(record["description"]),
    imageUrl: text(record["bannerUrl"]) ?? text(image?.url),
    iconUrl: text(record["iconUrl"]),
  };
}

/** A listed discussion as an item. */
export const discussionItem = (discussion: Discussion): WidgetItem => ({
  key: `discussion-${discussion.discussionID}`,
  name: discussion.name,
  url: discussion.url,
  description: discussion.excerpt,
});
