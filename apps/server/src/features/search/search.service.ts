import type { Kysely } from "kysely";
import { noSiteSections, type SiteSections } from "../../platform/site-sections.ts";
import {
  defaultSearchSort,
  domainRecordTypes,
  limits,
  ROOT_CATEGORY_ID,
  searchCountBound,
  type SearchQuery,
  type SearchRecordType,
  type SearchResult,
} from "@parley/contracts";
import { assertAccountUsable } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { DB } from "../../platform/db/schema.ts";
import { parseDateFilter } from "../../platform/http/filters.ts";
import type { RequestContext as SearchRequestContext } from "../../platform/http/request-context.ts";
import { followedCategoryIDs, type CategoryDirectory, type CategoryNode } from "../categories/index.ts";
import type { UserFragments } from "../users/index.ts";
import { Expansions } from "../discussions/index.ts";
import { type SearchCriteria, type SearchDetails, type SearchDriver, wantsDetails } from "./search.driver.ts";
import { groupsTrail, presentSearchResult } from "./search.present.ts";
import { searchPolicy } from "./search.policy.ts";
import { parseSearchText } from "./search.text.ts";
import { createLookups } from "./search.lookups.ts";

export interface SearchServiceDeps {
  db: Kysely<DB>;
  driver: SearchDriver;
  categories: CategoryDirectory;
  users: UserFragments;
  /** The site's subcommunities: `siteSectionID` searches a section's categories only. */
  sections?: SiteSections;
}

export interface SearchPage {
  items: SearchResult[];
  page: number;
  limit: number;
  total: number;
}

/** Records this site can find. */
const searchable: readonly SearchRecordType[] = ["discussion", "comment", "user", "category", "article", "group"];
const postTypes = new Set(["discussion", "comment"]);
/** Records with an author to filter by (spec §2: author names are valid for posts and articles). */
const authoredTypes = new Set(["discussion", "comment", "article"]);
/** As long as the category directory keeps the tree. */
const VIEWABLE_TTL_MS = 5_000;

/**
 * The one search behind the API, the search page and the suggestions: parameters → criteria (the
 * viewer's viewable categories inside the query) → one driver query → one query for excerpts →
 * one for the authors.
 */
export function createSearchService({ db, driver, categories, users, sections = noSiteSections }: SearchServiceDeps) {
  const lookups = createLookups(db);

  /**
   * The viewer's viewable categories, without and with archived ones, and the count of all categories:
   * the same for every viewer with the same roles and groups, so kept for a few seconds by both (the
   * directory's own cache lives as long).
   */
  const viewable = new Map<string, { at: number; open: number[]; all: number[]; every: number }>();
  async function viewableFor(viewer: Viewer) {
    // Group memberships are rights too (each group's category answers to its members).
    const groups = viewer.memberships.map((membership) => `${membership.groupID}${membership.role[0]}`).sort();
    const key = `${viewer.userID === 0 ? "guest" : "member"}:${[...viewer.roleIDs].sort().join(",")}|${groups.join(",")}`;
    const cached = viewable.get(key);
    if (cached && Date.now() - cached.at < VIEWABLE_TTL_MS) return cached;
    const all = await categories.visibleIDs(viewer);
    const open: number[] = [];
    for (const id of all) if (!(await categories.get(id))?.isArchived) open.push(id);
    const every = (await categories.everyID()).filter((id) => id !== ROOT_CATEGORY_ID).length;
    if (viewable.size > 1_000) viewable.clear();
    const entry = { at: Date.now(), open, all, every };
    viewable.set(key, entry);
    return entry;
  }

  /** The categories whose records may appear, or null when that is all of them. */
  async function allowedCategories(query: SearchQuery, viewer: Viewer): Promise<number[] | null> {
    const { open, all, every } = await viewableFor(viewer);
    let allowed = query.includeArchivedCategories ? all : open;
    const requested = [...(query.categoryIDs ?? []), ...(query.categoryID !== undefined ? [query.categoryID] : [])];
    if (requested.length) {
      const wanted = new Set(
        query.includeChildCategories
          ? (await Promise.all(requested.map((id) => categories.withDescendants(id)))).flat()
          : requested,
      );
      allowed = allowed.filter((id) => wanted.has(id));
    }
    const section = await sections.resolve(query.siteSectionID);
    if (section) {
      // A subcommunity's search: its root category's subtree (issue 40).
      const inSection = new Set(await categories.withDescendants(section.categoryID));
      allowed = allowed.filter((id) => inSection.has(id));
    }
    if (query.followedCategories) {
      // As Vanilla: only the searcher's followed categories (a guest follows none, so no posts match).
      const followed = new Set(await followedCategoryIDs(db, viewer.userID));
      allowed = allowed.filter((id) => followed.has(id));
    }
    return allowed.length === every ? null : allowed;
  }

  function recordTypesOf(query: SearchQuery, viewer: Viewer): string[] {
    let types: readonly string[] = query.recordTypes?.length
      ? query.recordTypes
      : query.domain
        ? domainRecordTypes[query.domain]
        : ["discussion", "comment"];
    if (query.domain && query.recordTypes?.length)
      types = types.filter((type) => domainRecordTypes[query.domain!].includes(type as SearchRecordType));
    if (query.collapse) types = types.filter((type) => type !== "comment");
    if (!searchPolicy.canFindUsers(viewer)) types = types.filter((type) => type !== "user");
    // Articles are read with `kb.view`; they sit in no forum category, so a search within categories
    // (or the followed ones) leaves them out. It leaves groups out too (a group is no post in a category),
    // and so does a search of posts or articles by author (spec §2: author names are valid for them only;
    // a search of groups alone ignores them, as one of members or categories does).
    const inCategories =
      query.categoryID !== undefined ||
      Boolean(query.categoryIDs?.length) ||
      Boolean(query.followedCategories) ||
      (query.siteSectionID !== undefined && query.siteSectionID !== "" && query.siteSectionID !== "0");
    if (!searchPolicy.canFindArticles(viewer) || inCategories) types = types.filter((type) => type !== "article");
    const byAuthor = Boolean(query.authors?.length || query.insertUserNames?.length || query.insertUserIDs?.length);
    if (inCategories || (byAuthor && types.some((type) => authoredTypes.has(type))))
      types = types.filter((type) => type !== "group");
    return types.filter((type) => searchable.includes(type as SearchRecordType));
  }

  return {
    driverName: driver.name,

    /** Rights changed: the viewable categories are read anew. */
    invalidate(): void {
      viewable.clear();
    },

    async search(query: SearchQuery, context: SearchRequestContext): Promise<SearchPage> {
      const { viewer, origin } = context;
      assertAccountUsable(viewer);
      const page = query.page ?? 1;
      const limit = query.limit ?? limits.search.defaultLimit;
      const empty = { items: [], page, limit, total: 0 };
      const prefix = query.matchMode === "prefix";
      const text = parseSearchText(query.query);
      const title = parseSearchText(query.name);
      // Spec §4: an empty autocomplete query suggests nothing.
      if (prefix && !text && !title) return empty;

      const recordTypes = recordTypesOf(query, viewer);
      // Filters that only mean something for posts (spec §2) are dropped for members and categories.
      const forPosts = recordTypes.some((type) => postTypes.has(type));
      const authorNames = [...(query.authors ?? []), ...(query.insertUserNames ?? [])];
      const authorIDs = recordTypes.some((type) => authoredTypes.has(type))
        ? await lookups.authorIDs(query.insertUserIDs, authorNames)
        : undefined;
      const tagIDs = forPosts && query.tags?.length ? await lookups.tagIDs(query.tags) : undefined;
      const dates: SearchCriteria["dates"] = {};
      if (query.dateInserted) dates.dateInserted = parseDateFilter("dateInserted", query.dateInserted);
      if (query.dateUpdated) dates.dateUpdated = parseDateFilter("dateUpdated", query.dateUpdated);
      const narrowed =
        authorIDs !== undefined ||
        tagIDs !== undefined ||
        query.discussionID !== undefined ||
        query.categoryID !== undefined ||
        Boolean(query.categoryIDs?.length) ||
        Object.keys(dates).length > 0;
      if (!recordTypes.length || (!text && !title && !narrowed)) return empty;

      const expand = new Expansions(query.expand);
      const withBody = expand.hasDefault("body");
      const withExcerpt = expand.has("excerpt");
      const criteria: SearchCriteria = {
        text,
        title,
        operator: query.queryOperator ?? "and",
        prefix,
        recordTypes,
        types: forPosts && query.types?.length ? query.types : null,
        categoryIDs: await allowedCategories(query, viewer),
        ...(forPosts && query.discussionID !== undefined ? { discussionID: query.discussionID } : {}),
        ...(authorIDs ? { insertUserIDs: authorIDs } : {}),
        ...(tagIDs ? { tags: { tagIDs, operator: query.tagOperator ?? "or" } } : {}),
        dates,
        sort: query.sort ?? defaultSearchSort,
        offset: (page - 1) * limit,
        limit,
        countWithin: searchCountBound((page - 1) * limit, limit),
        details: withBody || withExcerpt,
      };
      const { hits, total, details: withPage } = await driver.search(criteria);
      const groupIDs = hits.filter((hit) => hit.recordType === "group").map((hit) => hit.recordID);
      const [details, userMap, groups] = await Promise.all([
        withPage ??
          (wantsDetails(criteria, hits)
            ? driver.details(
                criteria,
                hits.map((hit) => hit.docID),
              )
            : new Map<number, SearchDetails>()),
        expand.has("insertUser")
          ? users.load(
              hits.map((hit) => hit.insertUserID),
              origin,
            )
          : null,
        lookups.groups(groupIDs),
      ]);
      const categoryNodes = new Map<number, CategoryNode>();
      let breadcrumbs: Map<number, Array<{ name: string; url: string }>> | null = null;
      if (expand.has("breadcrumbs")) breadcrumbs = new Map();
      for (const hit of hits) {
        if (hit.categoryID === null) continue;
        const node = await categories.get(hit.categoryID);
        if (node) categoryNodes.set(hit.categoryID, node);
        if (breadcrumbs && !breadcrumbs.has(hit.categoryID))
          breadcrumbs.set(
            hit.categoryID,
            // A group's posts sit in Groups › the group, as on their pages (its category is no page of its own).
            node && node.groupID !== null
              ? groupsTrail(origin, node.groupID > 0 ? { groupID: node.groupID, name: node.name } : null)
              : await categories.breadcrumbs(hit.categoryID, origin),
          );
      }
      const presentContext = {
        origin,
        categories: categoryNodes,
        breadcrumbs,
        groups,
        users: userMap,
        details,
        withBody,
        withExcerpt,
      };
      return { items: hits.map((hit) => presentSearchResult(hit, presentContext)), page, limit, total };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
