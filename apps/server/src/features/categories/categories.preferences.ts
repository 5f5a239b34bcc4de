import {
  limits,
  type Category,
  type CategoryPreferences,
  type CategoryPreferencesPatch,
  type CategorySuggestedQuery,
  type CategoryWithPreferences,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { assertAccountUsable, requireSignedIn } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import { badRequest, HttpError } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import type { CategoryDirectory } from "./categories.directory.ts";
import { categoriesPolicy } from "./categories.policy.ts";
import { categoryUrl } from "./categories.present.ts";
import {
  createCategoriesRepo,
  type CategoriesRepo,
  type CategoryPreferenceRow,
  type CategoryRow,
} from "./categories.repo.ts";

/*
 * A member's preferences for categories (Vanilla's `/categories/{id}/preferences/{userID}`), over the follows
 * `userCategories` keeps: followed, and told in the browser or by e-mail of new discussions and comments. The
 * member reads and sets their own; another member's need users.edit (as their followed list). And
 * `/categories/suggested`: categories to follow next.
 */

interface PreferencesDeps {
  repo: CategoriesRepo;
  platform: Platform;
  directory: CategoryDirectory;
  resolve: (id: string) => Promise<CategoryRow>;
  presentMany: (categoryIDs: number[], context: RequestContext) => Promise<Category[]>;
}

const none: Omit<CategoryPreferenceRow, "categoryID"> = {
  followed: 0,
  popupPosts: 0,
  emailPosts: 0,
  popupComments: 0,
  emailComments: 0,
};

/** A row (or none) → Vanilla's dotted preference names. */
const presentPreferences = (row: Omit<CategoryPreferenceRow, "categoryID"> = none): CategoryPreferences => ({
  "preferences.followed": row.followed === 1,
  "preferences.popup.posts": row.popupPosts === 1,
  "preferences.email.posts": row.emailPosts === 1,
  "preferences.popup.comments": row.popupComments === 1,
  "preferences.email.comments": row.emailComments === 1,
});

/** The member themself, or whoever may see and set other members' follows. */
function requireSelfOrEditor(viewer: Viewer, userID: number): void {
  requireSignedIn(viewer);
  assertAccountUsable(viewer);
  if (userID !== viewer.userID) requireAccess(viewer, categoriesPolicy.canSeeFollowsOfOthers);
}

const isGroupCategory = (row: Pick<CategoryRow, "groupID">) => row.groupID !== null;

export function createCategoryPreferences({ repo, platform, directory, resolve, presentMany }: PreferencesDeps) {
  /** A category the viewer may see and its member may follow (not a group's). */
  async function followable(id: string, viewer: Viewer): Promise<CategoryRow> {
    const row = await resolve(id);
    requireAccess(viewer, categoriesPolicy.canView, row);
    if (isGroupCategory(row)) throw badRequest("A group's category cannot be followed.");
    return row;
  }

  /** Newly followed: a category that lists discussions, and no more than the most a member follows. */
  async function checkNewFollow(row: CategoryRow, userID: number): Promise<void> {
    if (row.displayAs !== "discussions") throw badRequest("Category not configured to display as discussions.");
    const max = limits.categories.maxFollowed;
    if ((await repo.countFollowed(userID)) >= max)
      throw new HttpError(
        400,
        `You are already following the maximum of ${max} categories. Unfollow a category before following another.`,
        { description: null },
      );
  }

  return {
    /** `GET /categories/{id}/preferences/{userID}`. */
    async get(id: string, userID: number, context: RequestContext): Promise<CategoryPreferences> {
      requireSelfOrEditor(context.viewer, userID);
      const row = await followable(id, context.viewer);
      return presentPreferences((await repo.preferencesOf(userID, [row.categoryID])).get(row.categoryID));
    },

    /** `GET /categories/preferences/{userID}`: each category the member follows that the viewer may see. */
    async list(userID: number, context: RequestContext): Promise<CategoryWithPreferences[]> {
      requireSelfOrEditor(context.viewer, userID);
      const followed = [...(await repo.followedWithDates(userID)).keys()];
      const visible = new Set(await directory.visibleIDs(context.viewer));
      const ids = followed.filter((id) => visible.has(id));
      const [rows, preferences] = await Promise.all([repo.findByIds(ids), repo.preferencesOf(userID, ids)]);
      return rows
        .filter((row) => !isGroupCategory(row))
        .sort((a, b) => a.name.localeCompare(b.name) || a.categoryID - b.categoryID)
        .map((row) => ({
          categoryID: row.categoryID,
          name: row.name,
          url: categoryUrl(context.origin, row),
          preferences: presentPreferences(preferences.get(row.categoryID)),
        }));
    },

    /**
     * `PATCH /categories/{id}/preferences/{userID}`: only the fields given change. Asking to be told of anything
     * follows the category; unfollowing turns every notification off.
     */
    async patch(
      id: string,
      userID: number,
      body: CategoryPreferencesPatch,
      context: RequestContext,
    ): Promise<CategoryPreferences> {
      requireSelfOrEditor(context.viewer, userID);
      const row = await followable(id, context.viewer);
      const current = presentPreferences((await repo.preferencesOf(userID, [row.categoryID])).get(row.categoryID));
      const next = { ...current, ...body };
      const told =
        next["preferences.popup.posts"] ||
        next["preferences.email.posts"] ||
        next["preferences.popup.comments"] ||
        next["preferences.email.comments"];
      const followed = body["preferences.followed"] ?? (told || current["preferences.followed"]);
      if (followed && !current["preferences.followed"]) await checkNewFollow(row, userID);
      const flag = (key: keyof CategoryPreferences) => (followed && next[key] ? 1 : 0);
      await platform.db.transaction().execute(async (trx) => {
        const scoped = createCategoriesRepo(trx);
        if (followed !== current["preferences.followed"])
          await scoped.setFollowed(userID, row.categoryID, followed, platform.clock.nowIso());
        await scoped.setNotificationPreferences(userID, row.categoryID, {
          popupPosts: flag("preferences.popup.posts"),
          emailPosts: flag("preferences.email.posts"),
          popupComments: flag("preferences.popup.comments"),
          emailComments: flag("preferences.email.comments"),
        });
      });
      if (followed !== current["preferences.followed"])
        await platform.events.emit("category.followed", { categoryID: row.categoryID, userID, followed });
      return presentPreferences((await repo.preferencesOf(userID, [row.categoryID])).get(row.categoryID));
    },

    /**
     * `GET /categories/suggested` (Vanilla's, which draws on its cloud interests): Parley suggests the categories
     * the viewer may read that list discussions and that they neither follow nor excluded, the most followed
     * first, then the busiest.
     */
    async suggested(query: CategorySuggestedQuery, context: RequestContext): Promise<Category[]> {
      assertAccountUsable(context.viewer);
      const excluded = new Set(query.excludedCategoryIDs ?? []);
      const followed = context.viewer.userID > 0 ? await repo.followedWithDates(context.viewer.userID) : new Map();
      const visible = (await directory.visibleIDs(context.viewer)).filter(
        (id) => id > 0 && !excluded.has(id) && !followed.has(id),
      );
      const rows = (await repo.findByIds(visible)).filter(
        (row) => row.displayAs === "discussions" && !isGroupCategory(row) && row.isArchived === 0,
      );
      rows.sort(
        (a, b) =>
          b.countFollowers - a.countFollowers ||
          b.countAllDiscussions - a.countAllDiscussions ||
          a.categoryID - b.categoryID,
      );
      const page = query.page ?? 1;
      const limit = query.limit ?? limits.api.defaultLimit;
      const ids = rows.slice((page - 1) * limit, page * limit).map((row) => row.categoryID);
      const presented = new Map((await presentMany(ids, context)).map((item) => [item.categoryID, item]));
      return ids.flatMap((id) => presented.get(id) ?? []);
    },
  };
}
