import { feedPath, feedWords, limits, type Comment, type Discussion } from "@parley/contracts";
import type { SiteSection } from "../../platform/site-sections.ts";
import { profilePath } from "@parley/contracts/urls";
import type { Platform } from "../../platform/context.ts";
import { HttpError, notFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import type { CategoriesService } from "../categories/index.ts";
import type { CommentsService } from "../comments/index.ts";
import type { DiscussionsService } from "../discussions/index.ts";
import type { TagsService } from "../tags/index.ts";
import type { UsersService } from "../users/index.ts";
import type { Feed, FeedItem } from "./feeds.xml.ts";

/** What feeds read, each through its owner's service, as a guest reads it. */
export interface FeedsDeps {
  platform: Platform;
  discussions: Pick<DiscussionsService, "list" | "get">;
  comments: Pick<CommentsService, "list">;
  categories: Pick<CategoriesService, "get">;
  tags: Pick<TagsService, "find">;
  users: Pick<UsersService, "get">;
}

/** A feed with no item is dated at the epoch: its date, ETag and Last-Modified stay the same until one comes. */
const EPOCH = "1970-01-01T00:00:00.000Z";

const fill = (words: string, name: string) => words.replace("{name}", name);

/** What the guest may not see is a feed that does not exist: 404, never 401 or 403 (its name stays unknown). */
async function asGuestCan<T>(read: () => Promise<T>, thing: string): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof HttpError && (error.status === 401 || error.status === 403)) throw notFound(thing);
    throw error;
  }
}

const newest = (items: FeedItem[], fallback: string) =>
  items.reduce((latest, item) => (Date.parse(item.updated) > Date.parse(latest) ? item.updated : latest), fallback);

/**
 * The feeds of issue 32: recent discussions, a category's (with its subcategories'), a tag's, a member's and a
 * discussion's comments, the `limits.feeds.items` newest of each. Always read as a guest, whoever asks, so a feed
 * never shows what a guest may not read (private categories, held or deleted posts) and every reader gets the
 * same document; links are built on the configured site address.
 */
export function createFeedsService(deps: FeedsDeps) {
  const { platform, discussions, comments } = deps;
  const origin = platform.config.publicUrl;
  const guest = async (ip: string): Promise<RequestContext> => ({
    viewer: await platform.sessions.guest(),
    origin,
    ip,
  });
  const site = async () => ({
    title: String(await platform.siteConfig.get("garden.title")),
    description: String(await platform.siteConfig.get("garden.description")),
  });

  const discussionItem = (discussion: Discussion): FeedItem => ({
    id: `${origin}/discussion/${discussion.discussionID}`,
    title: discussion.name,
    url: discussion.url,
    author: discussion.insertUser?.name ?? "",
    published: discussion.dateInserted,
    updated: discussion.dateUpdated ?? discussion.dateInserted,
    html: discussion.body ?? "",
    category: discussion.category?.name,
  });

  const commentItem = (comment: Comment): FeedItem => ({
    id: `${origin}/discussion/comment/${comment.commentID}`,
    title: comment.name,
    url: comment.url,
    author: comment.insertUser?.name ?? "",
    published: comment.dateInserted,
    updated: comment.dateUpdated ?? comment.dateInserted,
    html: comment.body ?? "",
  });

  /** A feed of the newest discussions the filters let a guest read. */
  async function discussionsFeed(
    context: RequestContext,
    page: { url: string; title: string; description: string },
    filters: {
      categoryID?: number[];
      includeChildCategories?: boolean;
      tagID?: number[];
      insertUserID?: number[];
      siteSectionID?: string;
    },
  ): Promise<Feed> {
    const { items } = await discussions.list(
      {
        ...filters,
        sort: "-dateInserted",
        pinOrder: "mixed",
        limit: limits.feeds.items,
        expand: ["category", "-lastUser"],
      },
      context,
    );
    const feedItems = items.map(discussionItem);
    return {
      id: page.url,
      title: page.title,
      description: page.description,
      url: page.url,
      feedUrl: feedPath(page.url),
      base: `${origin}/`,
      updated: newest(feedItems, EPOCH),
      items: feedItems,
    };
  }

  return {
    /** `/discussions/feed.rss|atom`: the newest discussions; `/{folder}/discussions/feed.rss`, a subcommunity's. */
    async recent(ip: string, section: SiteSection | null = null): Promise<Feed> {
      const { title, description } = await site();
      const url = `${origin}${section?.basePath ?? ""}/discussions`;
      return discussionsFeed(
        await guest(ip),
        { url, title: `${feedWords.recent} — ${section?.name ?? title}`, description },
        section ? { siteSectionID: section.siteSectionID } : {},
      );
    },

    /** `/categories/{urlcode}/feed.rss|atom`: the newest discussions of the category and its subcategories. */
    async category(urlcode: string, ip: string): Promise<Feed> {
      const context = await guest(ip);
      const category = await asGuestCan(() => deps.categories.get(`$urlcode:${urlcode}`, context), "Category");
      const { title, description } = await site();
      return discussionsFeed(
        context,
        {
          url: category.url,
          title: `${category.name} — ${title}`,
          description: category.description || description,
        },
        { categoryID: [category.categoryID], includeChildCategories: true },
      );
    },

    /** `/discussions/tagged/{urlcode}/feed.rss|atom`: the newest discussions with the tag. */
    async tag(urlcode: string, ip: string, section: SiteSection | null = null): Promise<Feed> {
      const tag = await deps.tags.find(urlcode);
      if (!tag) throw notFound("Tag");
      const { title, description } = await site();
      return discussionsFeed(
        await guest(ip),
        {
          url: `${origin}${section?.basePath ?? ""}/discussions/tagged/${encodeURIComponent(tag.urlcode)}`,
          title: `${fill(feedWords.tagged, tag.name)} — ${section?.name ?? title}`,
          description,
        },
        { tagID: [tag.tagID], ...(section ? { siteSectionID: section.siteSectionID } : {}) },
      );
    },

    /** `/profile/{name}/feed.rss|atom`: the member's newest discussions a guest may read; 404 for a private or banned profile. */
    async member(name: string, ip: string): Promise<Feed> {
      const context = await guest(ip);
      const user = await asGuestCan(() => deps.users.get(`$name:${name}`, context), "User");
      if (user.private || user.banned === 1) throw notFound("User");
      const { title, description } = await site();
      return discussionsFeed(
        context,
        {
          url: `${origin}${profilePath(user.name)}`,
          title: `${fill(feedWords.member, user.name)} — ${title}`,
          description,
        },
        { insertUserID: [user.userID] },
      );
    },

    /** `/discussion/{id}[/{slug}]/feed.rss|atom`: the discussion's newest comments (tombstones left out). */
    async discussion(discussionID: number, ip: string): Promise<Feed> {
      const context = await guest(ip);
      const discussion = await asGuestCan(
        () => discussions.get(discussionID, ["-insertUser", "-lastUser", "-body"], context),
        "Discussion",
      );
      const { title } = await site();
      const { items } = await comments.list(
        { discussionID, sort: "-dateInserted", limit: limits.feeds.items },
        context,
      );
      const feedItems = items.filter((comment) => comment.displayMode !== "tombstone").map(commentItem);
      return {
        // Renaming changes the discussion's address, never its id.
        id: `${origin}/discussion/${discussionID}`,
        title: `${discussion.name} — ${title}`,
        description: fill(feedWords.comments, discussion.name),
        url: discussion.url,
        feedUrl: feedPath(discussion.url),
        base: `${origin}/`,
        updated: newest(feedItems, discussion.dateInserted),
        items: feedItems,
      };
    },
  };
}

export type FeedsService = ReturnType<typeof createFeedsService>;
