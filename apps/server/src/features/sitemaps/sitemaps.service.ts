import type { FastifyReply, FastifyRequest } from "fastify";
import { limits } from "@parley/contracts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import { notFound } from "../../platform/errors.ts";
import type { SiteSection } from "../../platform/site-sections.ts";
import { weakEtagOf } from "../../platform/http/conditional-get.ts";
import { createTimedStore, type StoredAnswer } from "../../platform/http/timed-store.ts";
import { categoryUrl, type CategoryDirectory } from "../categories/index.ts";
import { discussionUrl, sitemapDiscussionChunk, sitemapDiscussionTotals } from "../discussions/index.ts";
import { sitemapGroups } from "../groups/index.ts";
import { sitemapArticles } from "../knowledge/index.ts";
import { profilesReadableBy, sitemapProfileChunk, sitemapProfileTotals } from "../users/index.ts";
import { profilePath } from "@parley/contracts/urls";
import { sitemapsPolicy as policy } from "./sitemaps.policy.ts";
import { robotsTxt } from "./sitemaps.robots.ts";
import { writeSitemapIndex, writeUrlset, type SitemapEntry } from "./sitemaps.xml.ts";

/** What sitemaps read: the category tree (who may read what) and the database, through each table's owner. */
export interface SitemapsDeps {
  platform: Platform;
  categories: CategoryDirectory;
  /** The addresses of the published custom pages that name no roles (every guest may read them). */
  customPagePaths?: () => Promise<string[]>;
  /** The site's subcommunities: robots.txt names each one's sitemap index beside the site's. */
  sections?: () => readonly SiteSection[];
  /** URLs a sitemap lists at most (tests make it small); default `limits.sitemaps.urls`, the protocol's 50,000. */
  chunkSize?: number | undefined;
}

/** A generated sitemap, kept: its bytes (and compressed copies), validator and date. */
export interface SitemapDocument extends StoredAnswer {
  key: string;
  etag: string;
  lastModified: string;
  /** When it was made (ms since the epoch): a soft change after it makes it stale `SOFT_MS` later. */
  madeAt: number;
}

/** A sitemap with no dated entry is dated at the epoch: its validators stay the same until one comes. */
const EPOCH = "1970-01-01T00:00:00.000Z";

const newest = (dates: Array<string | null | undefined>): string | null =>
  dates.reduce<string | null>(
    (latest, date) => (date && (latest === null || Date.parse(date) > Date.parse(latest)) ? date : latest),
    null,
  );

/** How long a kept document is served: changes in other processes show within it. */
const TTL_MS = 15 * 60_000;

/**
 * A comment only moves its discussion's `lastmod`: a document made before one is still served for up to this long,
 * so a busy category's 50,000-URL chunk (≈ 0.5 s to make at 1M posts) is made again at most once a minute, not
 * after every comment. What changes which URLs a sitemap lists (a discussion added, renamed, moved or deleted,
 * permissions, the tree) drops the documents at once.
 */
const SOFT_MS = 60_000;

const chunksOf = (count: number, size: number) => Math.ceil(count / size);

/**
 * robots.txt and the sitemaps of issue 32, always as a guest reads the forum, on the configured site address.
 * Documents are generated on demand from narrow reads (no presenter), kept in process, and keyed by the
 * generations of what they show: a content event bumps its generation, so the next request makes a fresh one
 * and the stale copy ages out (other processes' copies within `TTL_MS`).
 */
export function createSitemapsService(deps: SitemapsDeps) {
  const { platform, categories } = deps;
  const { db } = platform;
  const origin = platform.config.publicUrl;
  const size = deps.chunkSize ?? limits.sitemaps.urls;

  const store = createTimedStore<SitemapDocument>({
    ttlMs: TTL_MS,
    maxEntries: 1_000,
    // A 50,000-URL chunk is ≈ 6.5 MB of text: entries up to a tenth of this are kept.
    maxSize: 96_000_000,
  });
  const generations = new Map<string, number>();
  const generation = (topic: string) => generations.get(topic) ?? 0;
  const bump = (...topics: string[]) => {
    for (const topic of topics) generations.set(topic, generation(topic) + 1);
  };
  const { events } = platform;
  for (const name of ["discussion.created", "discussion.updated", "discussion.deleted"] as const)
    events.on(name, ({ categoryID }) => bump("content", `category:${categoryID}`));
  // Soft changes: when each topic last had one.
  const touched = new Map<string, number>();
  const touch = (...topics: string[]) => {
    for (const topic of topics) touched.set(topic, platform.clock.nowMs());
  };
  /** Whether a document made at `madeAt` is stale by a soft change of one of `topics` (after `SOFT_MS`). */
  const softlyStale = (madeAt: number, topics: string[]) =>
    platform.clock.nowMs() - madeAt > SOFT_MS && topics.some((topic) => (touched.get(topic) ?? 0) > madeAt);
  for (const name of ["comment.created", "comment.updated", "comment.deleted"] as const)
    events.on(name, ({ categoryID }) => touch("content", `category:${categoryID}`));
  events.on("discussion.moved", ({ categoryID, fromCategoryID }) =>
    bump("content", `category:${categoryID}`, `category:${fromCategoryID}`),
  );
  // A custom page added, changed or deleted (its layout's event): the list that holds them is made again.
  events.on("layout.changed", () => bump("content"));
  // Who may read what, the tree, groups and deleted members' posts: everything may change.
  for (const name of [
    "category.changed",
    "permissions.changed",
    "group.changed",
    "user.deleted",
    "subcommunity.changed",
  ] as const)
    events.on(name, () => bump("all"));
  for (const name of ["article.created", "article.updated", "article.statusChanged", "knowledge.changed"] as const)
    events.on(name, () => bump("articles"));
  for (const name of ["user.profile.changed", "user.access.changed"] as const) events.on(name, () => bump("profiles"));

  const guest = (): Promise<Viewer> => platform.sessions.guest();
  const key = (name: string, ...topics: string[]) =>
    [name, ...["all", ...topics].map((topic) => `${topic}=${generation(topic)}`)].join(":");

  /** Documents being made: requests that miss together wait for the one making (a 50,000-URL chunk is made once). */
  const making = new Map<string, Promise<SitemapDocument>>();

  /**
   * The kept document `name` (which shows `topics`), or a new one from `make` (its text and newest date), kept. A
   * change of a topic drops it (its key names the topics' generations); a soft change, `SOFT_MS` after it was made.
   */
  function cached(
    name: string,
    topics: string[],
    make: () => Promise<{ text: string; newest: string | null }>,
  ): Promise<SitemapDocument> {
    const storeKey = key(name, ...topics);
    const hit = store.get(storeKey);
    if (hit && !softlyStale(hit.madeAt, topics)) return Promise.resolve(hit);
    let pending = making.get(storeKey);
    if (!pending) {
      const madeAt = platform.clock.nowMs();
      pending = make()
        .then(({ text, newest: lastModified }) =>
          store.set(storeKey, {
            key: storeKey,
            body: Buffer.from(text),
            encoded: {},
            etag: weakEtagOf(text),
            lastModified: lastModified ?? EPOCH,
            madeAt,
          }),
        )
        .finally(() => making.delete(storeKey));
      making.set(storeKey, pending);
    }
    return pending;
  }

  type ForumView = { viewer: Viewer; visible: number[]; totals: Awaited<ReturnType<typeof sitemapDiscussionTotals>> };
  let view: { key: string; at: number; madeAt: number; value: Promise<ForumView | null> } | null = null;

  /**
   * The guest's view: the categories they read and each one's discussions' totals (one grouped count), kept
   * like the documents, so a kept chunk is answered without a query. 404 when guests may not read the forum.
   */
  async function forum(): Promise<ForumView> {
    const viewKey = key("forum", "content");
    if (!view || view.key !== viewKey || Date.now() - view.at > TTL_MS || softlyStale(view.madeAt, ["content"])) {
      const value = (async () => {
        const viewer = await guest();
        if (!policy.isOpenTo(viewer)) return null;
        const visible = await categories.visibleIDs(viewer);
        const totals = (await sitemapDiscussionTotals(db, visible)).filter((total) => total.count > 0);
        return { viewer, visible, totals };
      })();
      view = { key: viewKey, at: Date.now(), madeAt: platform.clock.nowMs(), value };
      value.catch(() => (view = null));
    }
    const value = await view.value;
    if (!value) throw notFound("Sitemap");
    return value;
  }

  /** A subcommunity's documents are its own: keyed by it, listing its root category's subtree only (issue 40). */
  const sectionKey = (section: SiteSection | null) => (section ? `@${section.folder}:${section.categoryID}` : "");
  const inSection = async (section: SiteSection | null) =>
    section ? new Set(await categories.withDescendants(section.categoryID)) : null;
  const wholeSiteOnly = (section: SiteSection | null) => {
    if (section) throw notFound("Sitemap");
  };

  const urlsetOrNotFound = async (entries: AsyncIterable<SitemapEntry> | Iterable<SitemapEntry>) => {
    const written = await writeUrlset(entries);
    if (written.count === 0) throw notFound("Sitemap");
    return written;
  };

  return {
    /** `/robots.txt` (not kept: a setting and a permission check). */
    async robots(): Promise<string> {
      const open = policy.isOpenTo(await guest());
      const additions = String(await platform.siteConfig.get("seo.robotsAdditions"));
      // A subcommunity whose root category is gone lists nothing: its index is left out (its private paths are not).
      const sections = deps.sections?.() ?? [];
      const sitemapSectionPaths: string[] = [];
      for (const section of sections)
        if (await categories.get(section.categoryID)) sitemapSectionPaths.push(section.basePath);
      const sectionPaths = sections.map((section) => section.basePath);
      return robotsTxt({ open, origin, additions, sectionPaths, sitemapSectionPaths });
    },

    /** `/sitemap.xml`: every sitemap that lists something; `/{folder}/sitemap.xml`, a subcommunity's. */
    index: (section: SiteSection | null = null) =>
      cached(`index${sectionKey(section)}`, ["content", "articles", "profiles"], async () => {
        const { viewer, visible: everyVisible, totals: everyTotal } = await forum();
        const within = await inSection(section);
        const visible = within ? everyVisible.filter((id) => within.has(id)) : everyVisible;
        const totals = within ? everyTotal.filter((total) => within.has(total.categoryID)) : everyTotal;
        const sitemaps: SitemapEntry[] = [];
        if (visible.length)
          sitemaps.push({
            loc: `${origin}${section?.basePath ?? ""}/sitemaps/categories.xml`,
            lastmod: newest(totals.map((total) => total.lastActive)),
          });
        for (const total of [...totals].sort((a, b) => a.categoryID - b.categoryID))
          for (let page = 1; page <= chunksOf(total.count, size); page += 1)
            sitemaps.push({
              loc: `${origin}/sitemaps/discussions/${total.categoryID}/${page}.xml`,
              lastmod: total.lastActive,
            });
        if (section) return { text: writeSitemapIndex(sitemaps), newest: newest(sitemaps.map((item) => item.lastmod)) };
        const articles = await sitemapArticles(db, viewer, origin, limits.sitemaps.urls);
        if (articles.length)
          sitemaps.push({
            loc: `${origin}/sitemaps/articles.xml`,
            lastmod: newest(articles.map((article) => article.lastActive)),
          });
        const groups = await sitemapGroups(db, viewer, origin, limits.sitemaps.urls);
        if (groups.length)
          sitemaps.push({
            loc: `${origin}/sitemaps/groups.xml`,
            lastmod: newest(groups.map((group) => group.lastActive)),
          });
        if (profilesReadableBy(viewer)) {
          const profiles = await sitemapProfileTotals(db);
          for (let page = 1; page <= chunksOf(profiles.count, size); page += 1)
            sitemaps.push({ loc: `${origin}/sitemaps/profiles/${page}.xml`, lastmod: profiles.lastActive });
        }
        return { text: writeSitemapIndex(sitemaps), newest: newest(sitemaps.map((item) => item.lastmod)) };
      }),

    /** `/sitemaps/categories.xml`: the home page, every category a guest reads (not groups') and the public custom pages. */
    categories: (section: SiteSection | null = null) =>
      cached(`categories${sectionKey(section)}`, ["content"], async () => {
        const { visible: everyVisible, totals } = await forum();
        const within = await inSection(section);
        const visible = within ? everyVisible.filter((id) => within.has(id)) : everyVisible;
        const lastActive = new Map(
          totals.flatMap((total) =>
            !within || within.has(total.categoryID) ? [[total.categoryID, total.lastActive]] : [],
          ),
        );
        const home = section ? `${origin}${section.basePath}` : `${origin}/`;
        const entries: SitemapEntry[] = [{ loc: home, lastmod: newest([...lastActive.values()]) }];
        for (const categoryID of [...visible].sort((a, b) => a - b)) {
          const node = await categories.get(categoryID);
          if (!node || node.groupID !== null) continue;
          entries.push({ loc: categoryUrl(origin, node), lastmod: lastActive.get(categoryID) });
        }
        if (!section)
          for (const path of (await deps.customPagePaths?.()) ?? []) entries.push({ loc: `${origin}${path}` });
        return urlsetOrNotFound(entries);
      }),

    /** `/sitemaps/discussions/{categoryID}/{page}.xml`: the page-th chunk of the category's discussions. */
    async discussions(categoryID: number, page: number, section: SiteSection | null = null) {
      if (section && !(await inSection(section))?.has(categoryID)) throw notFound("Sitemap");
      const { totals } = await forum();
      const total = totals.find((item) => item.categoryID === categoryID);
      if (!total || page < 1 || page > chunksOf(total.count, size)) throw notFound("Sitemap");
      return cached(`discussions/${categoryID}/${page}`, [`category:${categoryID}`], async () => {
        async function* entries() {
          for await (const row of sitemapDiscussionChunk(db, categoryID, (page - 1) * size, size))
            yield { loc: discussionUrl(origin, row), lastmod: row.lastActive };
        }
        return urlsetOrNotFound(entries());
      });
    },

    /** `/sitemaps/articles.xml`: the knowledge base's published articles guests read. */
    articles: (section: SiteSection | null = null) =>
      cached("articles", ["articles"], async () => {
        wholeSiteOnly(section);
        const { viewer } = await forum();
        const articles = await sitemapArticles(db, viewer, origin, limits.sitemaps.urls);
        return urlsetOrNotFound(articles.map((article) => ({ loc: article.url, lastmod: article.lastActive })));
      }),

    /** `/sitemaps/groups.xml`: the groups whose discussions guests read. */
    groups: (section: SiteSection | null = null) =>
      cached("groups", [], async () => {
        wholeSiteOnly(section);
        const { viewer } = await forum();
        const groups = await sitemapGroups(db, viewer, origin, limits.sitemaps.urls);
        return urlsetOrNotFound(groups.map((group) => ({ loc: group.url, lastmod: group.lastActive })));
      }),

    /** `/sitemaps/profiles/{page}.xml`: public profiles, when guests may read profiles. */
    async profiles(page: number, section: SiteSection | null = null) {
      wholeSiteOnly(section);
      const { viewer } = await forum();
      if (!profilesReadableBy(viewer) || page < 1) throw notFound("Sitemap");
      return cached(`profiles/${page}`, ["profiles"], async () => {
        async function* entries() {
          for await (const profile of sitemapProfileChunk(db, (page - 1) * size, size))
            yield { loc: `${origin}${profilePath(profile.name)}`, lastmod: profile.lastActive };
        }
        return urlsetOrNotFound(entries());
      });
    },

    /** Sends a document in the encoding the request accepts (compressed once per kept document). */
    send: (request: FastifyRequest, reply: FastifyReply, document: SitemapDocument) =>
      store.send(request, reply, document.key, document),
  };
}

export type SitemapsService = ReturnType<typeof createSitemapsService>;
