import { defaultDiscussionSort, limits, postTypeMessages, type DiscussionListQuery } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { assertAccountUsable, requireSignedIn } from "../../platform/auth/authorize.ts";
import { fieldError, notFound, validationFailed } from "../../platform/errors.ts";
import { parseDateFilter } from "../../platform/http/filters.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { noSiteSections } from "../../platform/site-sections.ts";
import { followedCategoryIDs } from "./discussions.deps.ts";
import type { DiscussionsDeps } from "./discussions.operation.ts";
import { discussionsPolicy as policy } from "./discussions.policy.ts";
import { Expansions } from "./discussions.present.ts";
import { presentDiscussionsJson, type RecordSerializer, type SharedRecordSerializer } from "./discussions.list-json.ts";
import { presentDiscussions } from "./discussions.read.ts";
import type { DiscussionFilters } from "./discussions.repo.ts";
import { requireIdeas } from "./ideas.repo.ts";
import { requireQuestions } from "./questions.repo.ts";
import { cachedIdeaStatuses } from "./statuses.repo.ts";

/** The default idea status, from memory. */
const defaultStatusID = async (db: Parameters<typeof cachedIdeaStatuses>[0]) =>
  (await cachedIdeaStatuses(db)).find((item) => item.isDefault)?.statusID ?? 1;

/**
 * The filters whose lists are the same for every viewer who may read the same categories (which are in the key):
 * not a member's own bookmarks, participation or mutes, nor another feature's SQL conditions (a key cannot hold
 * them). A filter added later is left out until it is listed here.
 */
const sharedFilters = new Set<keyof DiscussionFilters>([
  "categoryIDs",
  "discussionIDs",
  "insertUserIDs",
  "tagIDs",
  "types",
  "postTypeIDs",
  "pinned",
  "hasComments",
  "questionStatus",
  "ideaStatusIDs",
  "defaultIdeaStatusID",
  "reactionTagID",
  "resolved",
  "dates",
]);
const sharedBetweenViewers = (filters: DiscussionFilters) =>
  Object.entries(filters).every(
    ([key, value]) => value === undefined || sharedFilters.has(key as keyof DiscussionFilters),
  );

/**
 * `GET /discussions`: the categories the viewer may read (narrowed by `categoryID`, `groupID`, `followed`),
 * the other filters, then one page in the asked sort with announcements first, presented in batches.
 */
export async function listDiscussions(
  deps: DiscussionsDeps,
  query: DiscussionListQuery,
  context: RequestContext,
  own: Pick<DiscussionFilters, "mutedUserID"> = {},
) {
  const { rows, ...paging } = await findDiscussionPage(deps, query, context, own);
  const items = await presentDiscussions(deps, rows, context, new Expansions(query.expand), query.excerptLength);
  return { items, ...paging };
}

/** As `listDiscussions`, each record as its JSON (`discussions.list-json.ts`): what the API route answers. */
export async function listDiscussionsJson(
  deps: DiscussionsDeps,
  query: DiscussionListQuery,
  context: RequestContext,
  serialize: { shared: SharedRecordSerializer; record: RecordSerializer },
) {
  const { rows, ...paging } = await findDiscussionPage(deps, query, context);
  const items = await presentDiscussionsJson(deps, rows, context, query.expand ?? [], query.excerptLength, serialize);
  return { items, ...paging };
}

/** The page of rows a list shows the viewer, and the list's paging. */
async function findDiscussionPage(
  deps: DiscussionsDeps,
  query: DiscussionListQuery,
  context: RequestContext,
  own: Pick<DiscussionFilters, "mutedUserID"> = {},
) {
  const { repo, platform, categories } = deps;
  const { viewer } = context;
  assertAccountUsable(viewer);
  if (query.status !== undefined) await requireQuestions(platform.siteConfig);
  if (query.statusID !== undefined) await requireIdeas(platform.siteConfig);
  const visible = new Set(await categories.visibleIDs(viewer));
  let categoryIDs = [...visible];
  let inCategory = false;
  if (query.categoryID?.length) {
    inCategory = true;
    const requested = query.includeChildCategories
      ? (await Promise.all(query.categoryID.map((id) => categories.withDescendants(id)))).flat()
      : query.categoryID;
    for (const id of query.categoryID) {
      if (!(await categories.get(id))) throw notFound("Category");
      requireAccess(viewer, policy.canView, { categoryID: id });
    }
    categoryIDs = requested.filter((id) => visible.has(id));
  }
  const section = await (deps.sections ?? noSiteSections).resolve(query.siteSectionID);
  if (section) {
    // A subcommunity's lists hold its root category's subtree only (issue 40); its announcements are the recent list's.
    const inSection = new Set(await categories.withDescendants(section.categoryID));
    categoryIDs = categoryIDs.filter((id) => inSection.has(id));
  }
  if (query.groupID?.length) {
    // Vanilla's `groupID` (one id or a CSV): the discussions of those groups the viewer may read.
    inCategory = true;
    const ofGroups = new Set(await categories.ofGroups(query.groupID));
    categoryIDs = categoryIDs.filter((id) => ofGroups.has(id));
  }
  if (query.followed) {
    // Reference §4 `followed`: discussions in the categories the viewer follows (none for a guest).
    const followed = new Set(await followedCategoryIDs(platform.db, viewer.userID));
    categoryIDs = categoryIDs.filter((id) => followed.has(id));
  }
  // Who resolved what is for those who triage (the field itself is theirs alone).
  if (query.resolved !== undefined) requireAccess(viewer, policy.canResolve);
  for (const userID of [query.bookmarkUserID, query.participatedUserID]) {
    if (userID !== undefined && userID !== viewer.userID) requireAccess(viewer, policy.isModerator);
  }
  const filters: DiscussionFilters = {
    categoryIDs,
    ...(query.discussionID ? { discussionIDs: query.discussionID } : {}),
    ...(query.insertUserID ? { insertUserIDs: query.insertUserID } : {}),
    ...(query.tagID ? { tagIDs: query.tagID } : {}),
    ...(query.type ? { types: query.type } : {}),
    ...(query.postTypeID ? { postTypeIDs: query.postTypeID } : {}),
    ...(query.pinned !== undefined ? { pinned: query.pinned } : {}),
    ...(query.hasComments !== undefined ? { hasComments: query.hasComments } : {}),
    ...(query.status !== undefined ? { questionStatus: query.status } : {}),
    ...(query.statusID?.length
      ? { ideaStatusIDs: query.statusID, defaultIdeaStatusID: await defaultStatusID(platform.db) }
      : {}),
    ...(query.resolved !== undefined ? { resolved: query.resolved } : {}),
    ...(query.bookmarkUserID !== undefined ? { bookmarkUserID: query.bookmarkUserID } : {}),
    ...(query.participatedUserID !== undefined ? { participatedUserID: query.participatedUserID } : {}),
    ...own,
  };
  if (query.postMeta) {
    if (!deps.postTypes) throw validationFailed([fieldError("postMeta", "invalid", postTypeMessages.disabled)]);
    const conditions = await deps.postTypes.metaFilters(query.postMeta, viewer);
    if (conditions.length) filters.conditions = conditions;
  }
  if (query.reactionType !== undefined) {
    const tagID = await repo.reactionTagID(query.reactionType);
    if (tagID === undefined)
      throw validationFailed([
        fieldError("reactionType", "invalid", `${query.reactionType} is not a valid reaction type.`),
      ]);
    filters.reactionTagID = tagID;
  }
  for (const field of ["dateInserted", "dateUpdated", "dateLastComment"] as const) {
    const value = query[field];
    if (value) filters.dates = { ...filters.dates, [field]: parseDateFilter(field, value) };
  }
  const page = query.page ?? 1;
  const limit = query.limit ?? limits.api.defaultLimit;
  const sort = query.sort ?? defaultDiscussionSort;
  const pinFirst = query.pinOrder === "mixed" || query.pinned !== undefined ? null : inCategory ? "category" : "recent";
  const offset = (page - 1) * limit;
  const read = async () => {
    const [rows, total] = await Promise.all([
      repo.list(filters, { sort, pinFirst }, offset, limit),
      repo.count(filters),
    ]);
    return { rows, total };
  };
  const { rows, total } =
    deps.listCache && sharedBetweenViewers(filters)
      ? await deps.listCache.page(`discussions:${JSON.stringify([filters, sort, pinFirst, offset, limit])}`, read)
      : await read();
  return { rows, page, limit, total };
}

/**
 * `GET /discussions/bookmarked` and `/discussions/muted` (Vanilla's): the signed-in viewer's own bookmarked or muted
 * discussions, as `GET /discussions` lists them (the categories they may still read), most recently active first.
 */
export async function listFlaggedDiscussions(
  deps: DiscussionsDeps,
  flag: "bookmarked" | "muted",
  query: Pick<DiscussionListQuery, "page" | "limit" | "expand">,
  context: RequestContext,
) {
  requireSignedIn(context.viewer);
  const { userID } = context.viewer;
  return flag === "bookmarked"
    ? listDiscussions(deps, { ...query, bookmarkUserID: userID }, context)
    : listDiscussions(deps, query, context, { mutedUserID: userID });
}
