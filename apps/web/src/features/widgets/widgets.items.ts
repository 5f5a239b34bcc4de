import type { Article, Category, CollectionContent, Discussion, Group } from "@parley/contracts";

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
    // A category's or group's banner and icon, a knowledge base's `bannerImage` and `icon`.
    imageUrl: text(record["bannerUrl"]) ?? text(image?.url) ?? text(record["bannerImage"]),
    iconUrl: text(record["iconUrl"]) ?? text(record["icon"]),
  };
}

/** A listed discussion as an item. */
export const discussionItem = (discussion: Discussion): WidgetItem => ({
  key: `discussion-${discussion.discussionID}`,
  name: discussion.name,
  url: discussion.url,
  description: discussion.excerpt,
});

/** A category as an item: its description, banner and icon. */
export const categoryItem = (category: Category): WidgetItem => ({
  key: `category-${category.categoryID}`,
  name: category.name,
  url: category.url,
  description: text(category.description),
  imageUrl: text(category.bannerUrl),
  iconUrl: text(category.iconUrl),
});

/** A knowledge base article as an item: its excerpt. */
export const articleItem = (article: Article): WidgetItem => ({
  key: `article-${article.articleID}`,
  name: article.name,
  url: article.url,
  description: text(article.excerpt),
});

/** A group as an item: its description, banner and icon. */
export const groupItem = (group: Group): WidgetItem => ({
  key: `group-${group.groupID}`,
  name: group.name,
  url: group.url,
  description: text(group.description),
  imageUrl: text(group.bannerUrl),
  iconUrl: text(group.iconUrl),
});
