import type { Kysely } from "kysely";
import { noSiteSections, type SiteSections } from "../../platform/site-sections.ts";
import {
  allowedTypesOf,
  discussionTypes,
  limits,
  ROOT_CATEGORY_ID,
  type Category,
  type CategoryEdit,
  type CategoryFollow,
  type CategoryListQuery,
  type CategoryPatch,
  type CategoryPost,
  type CategorySearchQuery,
  type CategoryTreeItem,
  type CategoryRoleGrants,
  type LongRunnerQuery,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { assertAccountUsable, requireSignedIn } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { badRequest, conflict, fieldError, HttpError, notFound, validationFailed } from "../../platform/errors.ts";
import type { Platform } from "../../platform/context.ts";
import { plainTitle } from "../../platform/text.ts";
import type { DB } from "../../platform/db/schema.ts";
import type { CategoryDirectory, CategoryNode } from "./categories.directory.ts";
import { categoriesPolicy } from "./categories.policy.ts";
import { createCategoryPreferences } from "./categories.preferences.ts";
import {
  createCategoriesRepo,
  newCategoryDefaults,
  recomputeDepths,
  recomputePermissionCategories,
  recountCategories,
} from "./categories.repo.ts";
import type { CategoriesRepo, CategoryContent, CategoryRow } from "./categories.repo.ts";
import { buildTree, flattenTree, presentCategory, type PresentContext } from "./categories.present.ts";
import type { LongRunnerAnswer } from "../../platform/long-runner/long-runner.ts";
import {
  DELETE_CATEGORY_ACTION,
  deleteCategoryAction,
  requireTarget,
  type DeleteCategoryArgs,
} from "./categories.delete.ts";
import type { RequestContext as CategoryRequestContext } from "../../platform/http/request-context.ts";

export interface CategoryListResult {
  items: Array<CategoryTreeItem | Category>;
  /** Set for the flat, paged output. */
  paging?: { page: number; limit: number; total: number };
}

/** Category names and descriptions in a content locale (the translations feature's, given by app.ts). */
export interface CategoryTranslations {
  locales: { contentLocale(requested: string | undefined): Promise<string | null> };
  forRecords(
    recordType: "category",
    recordIDs: number[],
    locale: string | null,
  ): Promise<ReadonlyMap<number, Readonly<Record<string, string>>>>;
}

/**
 * The roles' grants in one category (the roles feature's, handed in by app.ts): `check` refuses what it cannot
 * write (400); `write` replaces the listed roles' grants in the caller's transaction.
 */
export interface CategoryGrants {
  check(body: CategoryRoleGrants): Promise<void>;
  write(db: Kysely<DB>, categoryID: number, body: CategoryRoleGrants): Promise<void>;
}

/**
 * The site's own post types each category takes (the post types feature's, handed in by app.ts): read for many
 * at once, and a create's or edit's list checked (400) and written in the category's transaction.
 */
export interface CategoryPostTypeLinks {
  allowedOf(categoryIDs: number[]): Promise<ReadonlyMap<number, string[]>>;
  check(postTypeIDs: string[]): Promise<string[]>;
  write(db: Kysely<DB>, categoryID: number, postTypeIDs: string[]): Promise<void>;
}

/** Whether new discussions can go to a category at all: not a group of categories or a heading, not archived. */
const takesDiscussions = (node: CategoryNode) =>
  node.displayAs !== "categories" && node.displayAs !== "heading" && !node.isArchived;

/**
 * `allowedDiscussionTypes` as the column keeps it: null (every type) as it is, a list checked (at least one, each a type
 * Parley posts) and kept comma-separated, without repeats.
 */
function allowedTypesColumn(given: string[] | null): string | null {
  if (given === null) return null;
  // Vanilla's clients name them capitalised ("Question").
  const types = given.map((type) => type.toLowerCase());
  const invalid = (message: string) => validationFailed([fieldError("allowedDiscussionTypes", "invalid", message)]);
  if (types.length === 0) throw invalid("Allow at least one post type, or send null to allow every type.");
  const unknown = types.find((type) => !(discussionTypes as readonly string[]).includes(type));
  if (unknown !== undefined)
    throw invalid(`"${unknown}" is not a post type. The post types are: ${discussionTypes.join(", ")}.`);
  return discussionTypes.filter((type) => types.includes(type)).join(",");
}

/** The media fields of a post or patch: an empty address is none. */
const imageColumn = (url: string | null) => (url ? url : null);

/** A group's category, or the groups' "Social Groups" parent: the groups feature keeps them; lists leave them out. */
const isGroupCategory = (row: Pick<CategoryRow, "groupID">) => row.groupID !== null;
const groupCategoryConflict = () =>
  conflict("This category belongs to the groups.", "Change or delete the group instead.");

declare module "../../platform/events.ts" {
  interface EventMap {
    /** A category was created, edited, moved or deleted. */
    "category.changed": { categoryID: number };
    /** A member followed or unfollowed a category. */
    "category.followed": { categoryID: number; userID: number; followed: boolean };
  }
}

/** Categories: the tree and one category, each only where the viewer holds discussions.view; upkeep by managers. */
export function createCategoriesService(
  repo: CategoriesRepo,
  platform: Platform,
  directory: CategoryDirectory,
  content: CategoryContent,
  translations: CategoryTranslations,
  grants: CategoryGrants,
  postTypes: CategoryPostTypeLinks,
  sections: SiteSections = noSiteSections,
) {
  const manage = (viewer: Viewer) => requireAccess(viewer, categoriesPolicy.canManage);

  /**
   * A create's or edit's `permissions`, before anything is written: site.manage (403), customPermissions not
   * turned off in the same body, and grants the roles feature can write (400).
   */
  async function checkGrants(body: CategoryPatch, viewer: Viewer) {
    if (body.permissions === undefined) return;
    requireAccess(viewer, categoriesPolicy.canSetPermissions);
    if (body.customPermissions === false) {
      throw validationFailed([
        fieldError("customPermissions", "invalid", "A category given its own permissions has them turned on."),
      ]);
    }
    await grants.check(body.permissions);
  }
  /** Once committed: every process reads the new grants. */
  async function announceGrants(body: CategoryPatch) {
    if (body.permissions !== undefined) await platform.events.emit("permissions.changed", {});
  }

  /** After a structural change: depths, inherited permissions and counts, in the change's transaction. */
  async function recompute(db: Kysely<DB>) {
    await recomputeDepths(db);
    await recomputePermissionCategories(db);
    await recountCategories(db);
  }

  /**
   * Once the change is committed: every cache of the tree dropped, and `category.changed` for the
   * listeners (theirs too), which would otherwise reload what another connection still sees as before.
   */
  async function announce(categoryID: number) {
    directory.invalidate();
    platform.permissions.invalidate();
    await platform.events.emit("category.changed", { categoryID });
  }
  platform.longRunner.register(deleteCategoryAction({ db: platform.db, platform, directory, content, announce }));

  /** The viewer's followed categories, with when each was followed (a guest follows none). */
  async function followedBy(viewer: Viewer): Promise<Map<number, string | null>> {
    return viewer.userID > 0 ? repo.followedWithDates(viewer.userID) : new Map();
  }
  /** Names and descriptions of these rows in the reader's content locale: one query, none without a locale. */
  async function translatedFor(rows: CategoryRow[], context: CategoryRequestContext) {
    const locale = await translations.locales.contentLocale(context.locale);
    return translations.forRecords(
      "category",
      rows.map((row) => row.categoryID),
      locale,
    );
  }
  async function presentContext(context: CategoryRequestContext, rows: CategoryRow[] = []): Promise<PresentContext> {
    const ids = rows.map((row) => row.categoryID);
    const [followed, translated, allowedPostTypes] = await Promise.all([
      followedBy(context.viewer),
      translatedFor(rows, context),
      postTypes.allowedOf(ids),
    ]);
    return { origin: context.origin, followed: new Set(followed.keys()), translated, allowedPostTypes };
  }

  /**
   * `postTypeID`: the categories of the tree that take a post type, flat in its order: an original type by their
   * `allowedDiscussionTypes`, a site's own by their `allowedPostTypeIDs`.
   */
  function listTaking(postTypeID: string, tree: CategoryTreeItem[], query: CategoryListQuery): CategoryListResult {
    const items = flattenTree(tree).filter((category) =>
      (discussionTypes as readonly string[]).includes(postTypeID)
        ? allowedTypesOf(category).includes(postTypeID)
        : (category.allowedPostTypeIDs ?? []).includes(postTypeID),
    );
    return pagedFlat(items, query);
  }

  /** A flat list, one page of it (the query's, or the first of the default size). */
  function pagedFlat(items: CategoryTreeItem[], query: CategoryListQuery): CategoryListResult {
    const page = query.page ?? limits.api.defaultPage;
    const limit = query.limit ?? limits.api.defaultLimit;
    return { items: items.slice((page - 1) * limit, page * limit), paging: { page, limit, total: items.length } };
  }

  /**
   * `followed` / `followedUserID` (reference §5): the followed categories the viewer may see, flat, in the
   * tree's order unless sorted (by id, name or the date followed). Another member's need users.edit.
   */
  async function listFollowed(query: CategoryListQuery, context: CategoryRequestContext): Promise<CategoryListResult> {
    const { viewer } = context;
    const userID = query.followedUserID ?? viewer.userID;
    if (userID !== viewer.userID) requireAccess(viewer, categoriesPolicy.canSeeFollowsOfOthers);
    const dates = userID > 0 ? await repo.followedWithDates(userID) : new Map<number, string | null>();
    const visible = new Set(await directory.visibleIDs(viewer));
    const within =
      query.parentCategoryID !== undefined ? new Set(await directory.withDescendants(query.parentCategoryID)) : null;
    const ids = [...dates.keys()].filter((id) => visible.has(id) && (!within || within.has(id)));
    const rows = (await repo.findByIds(ids)).filter((row) => !isGroupCategory(row));
    const order = (await directory.everyID()).reduce((map, id, index) => map.set(id, index), new Map<number, number>());
    const sort = query.sort ?? "";
    const direction = sort.startsWith("-") ? -1 : 1;
    const key = sort.replace(/^-/, "");
    const compare = (a: CategoryRow, b: CategoryRow): number => {
      if (key === "categoryID") return a.categoryID - b.categoryID;
      if (key === "name") return a.name.localeCompare(b.name);
      if (key === "dateFollowed") return (dates.get(a.categoryID) ?? "").localeCompare(dates.get(b.categoryID) ?? "");
      return (order.get(a.categoryID) ?? 0) - (order.get(b.categoryID) ?? 0);
    };
    rows.sort((a, b) => direction * compare(a, b) || a.categoryID - b.categoryID);
    const mine = userID === viewer.userID ? new Set(dates.keys()) : new Set((await followedBy(viewer)).keys());
    const [translated, allowedPostTypes] = await Promise.all([
      translatedFor(rows, context),
      postTypes.allowedOf(rows.map((row) => row.categoryID)),
    ]);
    const items = rows.map((row) =>
      presentCategory(row, { origin: context.origin, followed: mine, translated, allowedPostTypes }),
    );
    const page = query.page ?? limits.api.defaultPage;
    const limit = query.limit ?? limits.api.defaultLimit;
    return {
      items: items.slice((page - 1) * limit, page * limit),
      paging: { page, limit, total: items.length },
    };
  }

  async function checkUrlcode(urlcode: string, exceptID?: number) {
    const taken = await repo.findByUrlcode(urlcode);
    if (taken && taken.categoryID !== exceptID) {
      throw validationFailed([fieldError("urlcode", "invalid", "The URL code is already in use by another category.")]);
    }
  }

  /** The parent a category goes under: null, 0 (what a JSON null becomes in a query) and -1 are the root. */
  async function parentRow(parentCategoryID: number | null | undefined): Promise<CategoryRow> {
    const id =
      parentCategoryID === null || parentCategoryID === undefined || parentCategoryID <= 0
        ? ROOT_CATEGORY_ID
        : parentCategoryID;
    const row = await repo.findById(id);
    if (!row)
      throw validationFailed([fieldError("parentCategoryID", "invalid", "The parent category does not exist.")]);
    if (isGroupCategory(row))
      throw validationFailed([fieldError("parentCategoryID", "invalid", "Categories cannot go under the groups.")]);
    return row;
  }
  async function requireCategory(row: CategoryRow | undefined): Promise<CategoryRow> {
    if (!row || row.categoryID === ROOT_CATEGORY_ID) throw notFound("Category");
    return row;
  }

  /** `12`, `$urlcode:general` or `$name:General` → the category row (reference §1.1 smart ids). */
  async function resolve(id: string): Promise<CategoryRow> {
    if (/^-?\d+$/.test(id)) return requireCategory(await repo.findById(Number(id)));
    const match = /^\$(\w+):(.*)$/s.exec(id);
    if (!match) throw badRequest(`Invalid category id "${id}".`);
    const [, column, value = ""] = match;
    if (column === "urlcode") {
      const row = await repo.findByUrlcode(value);
      if (!row) throw new HttpError(404, "Smart ID not found.");
      return row;
    }
    if (column === "name") {
      const rows = await repo.findAllByName(value);
      if (rows.length === 0) throw new HttpError(404, "Smart ID not found.");
      if (rows.length > 1) throw conflict("More than one record matches the smart ID.");
      return rows[0]!;
    }
    throw badRequest(`Unknown smart ID column "${column}".`);
  }

  async function parentOf(query: CategoryListQuery): Promise<CategoryRow> {
    if (query.parentCategoryID !== undefined && query.parentCategoryID !== ROOT_CATEGORY_ID) {
      return requireCategory(await repo.findById(query.parentCategoryID));
    }
    if (query.parentCategoryCode !== undefined) {
      return requireCategory(await repo.findByUrlcode(query.parentCategoryCode));
    }
    const root = await repo.findById(ROOT_CATEGORY_ID);
    if (!root) throw new Error("The root category (-1) is missing: the database is not migrated.");
    return root;
  }

  const service = {
    resolve,

    /**
     * `PUT /categories/{id}/follow` (reference §5): a signed-in member who may view the category follows or
     * unfollows it. As in Vanilla, only a category that lists discussions can be newly followed, and at most
     * `limits.categories.maxFollowed` at once (the refusal carries an actionButton).
     */
    async follow(id: string, followed: boolean, context: CategoryRequestContext): Promise<CategoryFollow> {
      const { viewer } = context;
      requireSignedIn(viewer);
      assertAccountUsable(viewer);
      const row = await resolve(id);
      requireAccess(viewer, categoriesPolicy.canView, row);
      if (isGroupCategory(row)) throw badRequest("A group's category cannot be followed.");
      const current = await repo.isFollowed(viewer.userID, row.categoryID);
      if (current === followed) return { followed };
      if (followed) {
        if (row.displayAs !== "discussions") throw badRequest("Category not configured to display as discussions.");
        const max = limits.categories.maxFollowed;
        if ((await repo.countFollowed(viewer.userID)) >= max) {
          throw new HttpError(
            400,
            `You are already following the maximum of ${max} categories. Unfollow a category before following another.`,
            {
              description: null,
              actionButton: { label: "Review your followed categories", url: "/categories", target: "_blank" },
            },
          );
        }
      }
      await platform.db.transaction().execute(async (trx) => {
        await createCategoriesRepo(trx).setFollowed(viewer.userID, row.categoryID, followed, platform.clock.nowIso());
      });
      await platform.events.emit("category.followed", { categoryID: row.categoryID, userID: viewer.userID, followed });
      return { followed: await repo.isFollowed(viewer.userID, row.categoryID) };
    },

    async create(body: CategoryPost, context: CategoryRequestContext): Promise<Category> {
      manage(context.viewer);
      const parent = await parentRow(body.parentCategoryID);
      await checkUrlcode(body.urlcode);
      const name = plainTitle(body.name);
      if (!name) throw validationFailed([fieldError("name", "missingField", "name is required.")]);
      await checkGrants(body, context.viewer);
      const allowedDiscussionTypes = allowedTypesColumn(body.allowedDiscussionTypes ?? null);
      const allowedPostTypeIDs = await postTypes.check(body.allowedPostTypeIDs ?? []);
      // Inserted, then put at its place among its siblings (`sort`, or the end) with theirs numbered again.
      const categoryID = await platform.db.transaction().execute(async (trx) => {
        const scoped = createCategoriesRepo(trx);
        const id = await scoped.insert({
          ...newCategoryDefaults(context.viewer.userID, platform.clock.nowIso()),
          parentCategoryID: parent.categoryID,
          name,
          urlcode: body.urlcode,
          description: body.description ?? null,
          displayAs: body.displayAs ?? "discussions",
          customPermissions: body.customPermissions ? 1 : 0,
          isArchived: body.isArchived ? 1 : 0,
          featured: body.featured ? 1 : 0,
          iconUrl: imageColumn(body.iconUrl ?? null),
          bannerUrl: imageColumn(body.bannerUrl ?? null),
          allowedDiscussionTypes,
          ideationType: body.ideationType ?? "up",
          sort: 0,
          depth: parent.depth + 1,
        });
        await scoped.placeUnder(id, parent.categoryID, body.sort);
        if (body.permissions) await grants.write(trx, id, body.permissions);
        if (allowedPostTypeIDs.length) await postTypes.write(trx, id, allowedPostTypeIDs);
        await recompute(trx);
        return id;
      });
      await announce(categoryID);
      await announceGrants(body);
      const created = (await repo.findById(categoryID))!;
      return presentCategory(created, await presentContext(context, [created]));
    },

    /**
     * Edits a category. A move (`parentCategoryID`, `sort` or both) puts it at position `sort` among its new
     * siblings (the end without one) and numbers the siblings again, old and new, in the edit's transaction;
     * a category cannot go under itself or one of its own subcategories (checked again inside it).
     */
    async patch(id: string, body: CategoryPatch, context: CategoryRequestContext): Promise<Category> {
      manage(context.viewer);
      const row = await resolve(id);
      if (isGroupCategory(row)) throw groupCategoryConflict();
      if (body.urlcode !== undefined) await checkUrlcode(body.urlcode, row.categoryID);
      const parent = body.parentCategoryID === undefined ? null : await parentRow(body.parentCategoryID);
      const insideItself = () =>
        validationFailed([
          fieldError("parentCategoryID", "invalid", "A category cannot move inside itself or its subcategories."),
        ]);
      if (parent && (await directory.withDescendants(row.categoryID)).includes(parent.categoryID)) throw insideItself();
      const name = body.name === undefined ? undefined : plainTitle(body.name);
      if (name === "") throw validationFailed([fieldError("name", "missingField", "name is required.")]);
      await checkGrants(body, context.viewer);
      const allowedDiscussionTypes =
        body.allowedDiscussionTypes === undefined ? undefined : allowedTypesColumn(body.allowedDiscussionTypes);
      const allowedPostTypeIDs =
        body.allowedPostTypeIDs === undefined ? undefined : await postTypes.check(body.allowedPostTypeIDs);
      const moving = parent !== null || body.sort !== undefined;
      await platform.db.transaction().execute(async (trx) => {
        const scoped = createCategoriesRepo(trx);
        if (moving) {
          const parentCategoryID = parent?.categoryID ?? row.parentCategoryID ?? ROOT_CATEGORY_ID;
          if ((await scoped.ancestorIDs(parentCategoryID)).includes(row.categoryID)) throw insideItself();
          await scoped.placeUnder(row.categoryID, parentCategoryID, body.sort);
        }
        await scoped.update(row.categoryID, {
          ...(name !== undefined ? { name } : {}),
          ...(body.urlcode !== undefined ? { urlcode: body.urlcode } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.displayAs !== undefined ? { displayAs: body.displayAs } : {}),
          ...(body.customPermissions !== undefined ? { customPermissions: body.customPermissions ? 1 : 0 } : {}),
          ...(body.isArchived !== undefined ? { isArchived: body.isArchived ? 1 : 0 } : {}),
          ...(body.featured !== undefined ? { featured: body.featured ? 1 : 0 } : {}),
          ...(body.iconUrl !== undefined ? { iconUrl: imageColumn(body.iconUrl) } : {}),
          ...(body.bannerUrl !== undefined ? { bannerUrl: imageColumn(body.bannerUrl) } : {}),
          ...(allowedDiscussionTypes !== undefined ? { allowedDiscussionTypes } : {}),
          ...(body.ideationType !== undefined ? { ideationType: body.ideationType } : {}),
          dateUpdated: platform.clock.nowIso(),
          updateUserID: context.viewer.userID,
        });
        if (body.permissions) await grants.write(trx, row.categoryID, body.permissions);
        if (allowedPostTypeIDs) await postTypes.write(trx, row.categoryID, allowedPostTypeIDs);
        await recompute(trx);
      });
      await announce(row.categoryID);
      await announceGrants(body);
      const edited = (await repo.findById(row.categoryID))!;
      return presentCategory(edited, await presentContext(context, [edited]));
    },

    /**
     * `DELETE /categories/{id}`, long-running: with `newCategoryID` its discussions and subcategories move
     * there; without, the category, its subcategories and everything posted in them are deleted. Checked here,
     * then its discussions go in batches and the category last (`categories.delete.ts`).
     */
    async remove(
      id: string,
      newCategoryID: number | undefined,
      context: CategoryRequestContext,
      query: LongRunnerQuery = {},
    ): Promise<LongRunnerAnswer> {
      manage(context.viewer);
      const row = await resolve(id);
      if (isGroupCategory(row)) throw groupCategoryConflict();
      const subtree = await directory.withDescendants(row.categoryID);
      if (newCategoryID !== undefined) await requireTarget(repo, newCategoryID, subtree);
      const ids = await repo.discussionIDsIn(newCategoryID === undefined ? subtree : [row.categoryID]);
      const args: DeleteCategoryArgs = { categoryID: row.categoryID, newCategoryID: newCategoryID ?? null };
      return platform.longRunner.start(DELETE_CATEGORY_ACTION, ids, args, context, query);
    },

    async search(query: CategorySearchQuery, context: CategoryRequestContext) {
      assertAccountUsable(context.viewer);
      const visible = new Set(await directory.visibleIDs(context.viewer));
      for (const id of visible) if (await directory.isGroupCategory(id)) visible.delete(id);
      let within =
        query.parentCategoryID !== undefined
          ? (await directory.withDescendants(query.parentCategoryID)).filter(
              (id) => id !== query.parentCategoryID && visible.has(id),
            )
          : [...visible];
      if (query.filterDiscussionsAdd) {
        const nodes = await Promise.all(within.map((id) => directory.get(id)));
        within = nodes.flatMap((node) =>
          node && takesDiscussions(node) && categoriesPolicy.canPostIn(context.viewer, node) ? [node.categoryID] : [],
        );
      }
      const page = query.page ?? 1;
      const limit = query.limit ?? limits.categories.searchLimit;
      const rows = await repo.search(query.query, within, query.displayAs, (page - 1) * limit, limit);
      const wantsCrumbs = (query.expand ?? []).some((name) => ["breadcrumbs", "all", "true"].includes(name));
      const present = await presentContext(context, rows);
      const items = await Promise.all(
        rows.map(async (row) => ({
          ...presentCategory(row, present),
          ...(wantsCrumbs ? { breadcrumbs: await directory.breadcrumbs(row.categoryID, context.origin) } : {}),
        })),
      );
      return { items, page, limit };
    },

    async list(asked: CategoryListQuery, context: CategoryRequestContext): Promise<CategoryListResult> {
      assertAccountUsable(context.viewer);
      // A subcommunity's categories: its root category's children and their subtrees (issue 40).
      const section = await sections.resolve(asked.siteSectionID);
      const query =
        section && asked.parentCategoryID === undefined && asked.parentCategoryCode === undefined
          ? { ...asked, parentCategoryID: section.categoryID }
          : asked;
      if (query.followed || query.followedUserID !== undefined) return listFollowed(query, context);
      const parent = await parentOf(query);
      if (parent.categoryID !== ROOT_CATEGORY_ID) requireAccess(context.viewer, categoriesPolicy.canView, parent);
      const rows = (
        await repo.listDescendantCandidates({
          parent,
          maxDepth: query.maxDepth,
          ...(query.archived === undefined ? {} : { archived: query.archived }),
        })
      ).filter((row) => !isGroupCategory(row));
      const treeContext: PresentContext = {
        ...(await presentContext(context, rows)),
        canView: (row) => categoriesPolicy.canView(context.viewer, row),
      };
      const tree = buildTree(rows, parent.categoryID, treeContext);
      if (query.postTypeID !== undefined) return listTaking(query.postTypeID, tree, query);
      // Featured or not: a flat list of those the viewer may see, as Vanilla answers `featured`.
      const featured = query.featured;
      if (featured !== undefined)
        return pagedFlat(
          flattenTree(tree).filter((item) => item.featured === featured),
          query,
        );
      const paged =
        query.outputFormat === "flat" ||
        (query.outputFormat === undefined && (query.page ?? query.limit) !== undefined);
      if (!paged) return { items: tree };
      return pagedFlat(flattenTree(tree), query);
    },

    async get(id: string, context: CategoryRequestContext): Promise<Category> {
      const row = await resolve(id);
      requireAccess(context.viewer, categoriesPolicy.canView, row);
      return presentCategory(row, await presentContext(context, [row]));
    },

    /** `GET /categories/{id}/edit`: the category as its edit form starts (community.manage or site.manage). */
    async edit(id: string, context: CategoryRequestContext): Promise<CategoryEdit> {
      requireAccess(context.viewer, categoriesPolicy.canManage);
      const { categoryID, name, parentCategoryID, urlcode, description, displayAs } = await this.get(id, context);
      return { categoryID, name, parentCategoryID, urlcode, description, displayAs };
    },

    /** Several categories as `get` presents each, those the viewer may see, in a fixed number of queries. */
    async presentMany(categoryIDs: number[], context: CategoryRequestContext): Promise<Category[]> {
      const rows = (await repo.findByIds(categoryIDs)).filter((row) => categoriesPolicy.canView(context.viewer, row));
      if (rows.length === 0) return [];
      const presented = await presentContext(context, rows);
      return rows.map((row) => presentCategory(row, presented));
    },
  };
  const preferences = createCategoryPreferences({
    repo,
    platform,
    directory,
    resolve,
    presentMany: (ids, context) => service.presentMany(ids, context),
  });
  return { ...service, preferences };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
