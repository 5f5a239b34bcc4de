import {
  subcommunitiesLimits,
  subcommunityFolderProblem,
  subcommunityMessages,
  type FieldError,
  type Subcommunity,
  type SubcommunityPatch,
  type SubcommunityPost,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Clock } from "../../platform/clock.ts";
import { fieldError, isUniqueViolation, notFound, validationFailed } from "../../platform/errors.ts";
import type { EventBus } from "../../platform/events.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { subcommunitiesPolicy as policy } from "./subcommunities.policy.ts";
import { presentSubcommunity } from "./subcommunities.present.ts";
import type { SubcommunitiesRepo, SubcommunityRow } from "./subcommunities.repo.ts";
import type { LoadedSiteSections } from "./subcommunities.sections.ts";

declare module "../../platform/events.ts" {
  interface EventMap {
    /** A subcommunity was added, changed or removed: pages rendered before show the old picker and lists. */
    "subcommunity.changed": { subcommunityID: number };
  }
}

export interface SubcommunitiesDeps {
  repo: SubcommunitiesRepo;
  sections: LoadedSiteSections;
  clock: Clock;
  events: EventBus;
  /** Whether the category exists. */
  categoryExists(categoryID: number): Promise<boolean>;
  /** Whether a theme of this id exists. */
  themeExists(themeID: string): Promise<boolean>;
  /** Whether a custom page's address starts with `/{folder}` (the section would hide it). */
  customPageUnder(folder: string): Promise<boolean>;
}

const invalid = (field: string, message: string) => fieldError(field, "invalid", message, 422);
const localePattern = /^[a-z]{2,3}([_-][A-Za-z0-9]{2,8})*$/;

/**
 * `/subcommunities` (issue 40, Vanilla's subcommunities add-on): sections of the site, each at `/{folder}` over its
 * own root category. Everyone may list them (the title bar's picker does); site managers write them.
 */
export function createSubcommunitiesService(deps: SubcommunitiesDeps) {
  const { repo, sections, clock, events } = deps;

  const loadOrThrow = async (subcommunityID: number): Promise<SubcommunityRow> => {
    const row = await repo.find(subcommunityID);
    if (!row) throw notFound("Subcommunity");
    return row;
  };

  /** The checked values of a post or patch, with an error per field (422); `current` is the one patched. */
  async function checkFields(body: SubcommunityPatch, current: SubcommunityRow | null) {
    const errors: FieldError[] = [];
    const others = (await repo.list()).filter((row) => row.subcommunityID !== current?.subcommunityID);
    const folder = body.folder?.trim().toLowerCase();
    if (folder !== undefined) {
      const problem = subcommunityFolderProblem(folder);
      if (problem) errors.push(invalid("folder", problem));
      else if (others.some((row) => row.folder === folder))
        errors.push(invalid("folder", subcommunityMessages.folderTaken));
      else if (await deps.customPageUnder(folder))
        errors.push(invalid("folder", `A custom page's address starts with /${folder}.`));
    }
    if (body.name !== undefined && !body.name.trim())
      errors.push(fieldError("name", "missingField", "The name is required.", 422));
    if (body.categoryID !== undefined) {
      if (!(await deps.categoryExists(body.categoryID)))
        errors.push(invalid("categoryID", subcommunityMessages.unknownCategory));
      else if (others.some((row) => row.categoryID === body.categoryID))
        errors.push(invalid("categoryID", subcommunityMessages.categoryTaken));
    }
    if (body.locale !== undefined && body.locale !== "" && !localePattern.test(body.locale))
      errors.push(invalid("locale", "The locale must be a language code such as fr or pt-BR."));
    if (typeof body.themeID === "string" && body.themeID !== "" && !(await deps.themeExists(body.themeID)))
      errors.push(invalid("themeID", subcommunityMessages.unknownTheme));
    if (current === null && others.length >= subcommunitiesLimits.maxSections)
      errors.push(invalid("folder", subcommunityMessages.tooMany));
    if (errors.length) throw validationFailed(errors);
    return { folder };
  }

  /** Two managers saving the same folder or category at once: the second is told as the first check would. */
  const uniqueOrThrow = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw validationFailed([invalid("folder", subcommunityMessages.folderTaken)]);
    }
  };

  /** Rows as the API answers them (the category directory is in memory: no query per row). */
  const present = async (row: SubcommunityRow, origin: string) =>
    presentSubcommunity(row, origin, await deps.categoryExists(row.categoryID));

  const changed = async (subcommunityID: number) => {
    await sections.reload();
    await events.emit("subcommunity.changed", { subcommunityID });
  };

  return {
    /** `GET /subcommunities`: every section, in the picker's order. */
    async list({ origin }: RequestContext): Promise<Subcommunity[]> {
      return Promise.all((await repo.list()).map((row) => present(row, origin)));
    },

    async get(subcommunityID: number, { origin }: RequestContext): Promise<Subcommunity> {
      return present(await loadOrThrow(subcommunityID), origin);
    },

    async create(body: SubcommunityPost, context: RequestContext): Promise<Subcommunity> {
      requireAccess(context.viewer, policy.canManage);
      const { folder } = await checkFields(body, null);
      const subcommunityID = await uniqueOrThrow(() =>
        repo.insert({
          name: body.name.trim(),
          folder: folder!,
          categoryID: body.categoryID,
          locale: body.locale ?? "",
          themeID: body.themeID || null,
          sort: body.sort ?? 0,
          insertUserID: context.viewer.userID,
          dateInserted: clock.nowIso(),
          updateUserID: null,
          dateUpdated: null,
        }),
      );
      await changed(subcommunityID);
      return present(await loadOrThrow(subcommunityID), context.origin);
    },

    /** `PATCH /subcommunities/{id}`: only the fields given. */
    async update(subcommunityID: number, body: SubcommunityPatch, context: RequestContext): Promise<Subcommunity> {
      requireAccess(context.viewer, policy.canManage);
      const current = await loadOrThrow(subcommunityID);
      const { folder } = await checkFields(body, current);
      await uniqueOrThrow(() =>
        repo.update(subcommunityID, {
          ...(body.name !== undefined ? { name: body.name.trim() } : {}),
          ...(folder !== undefined ? { folder } : {}),
          ...(body.categoryID !== undefined ? { categoryID: body.categoryID } : {}),
          ...(body.locale !== undefined ? { locale: body.locale } : {}),
          ...(body.themeID !== undefined ? { themeID: body.themeID || null } : {}),
          ...(body.sort !== undefined ? { sort: body.sort } : {}),
          updateUserID: context.viewer.userID,
          dateUpdated: clock.nowIso(),
        }),
      );
      await changed(subcommunityID);
      return present(await loadOrThrow(subcommunityID), context.origin);
    },

    /** `DELETE /subcommunities/{id}`: the section goes; its category and content stay, on the whole site. */
    async remove(subcommunityID: number, context: RequestContext): Promise<void> {
      requireAccess(context.viewer, policy.canManage);
      await loadOrThrow(subcommunityID);
      await repo.remove(subcommunityID);
      await changed(subcommunityID);
    },
  };
}

export type SubcommunitiesService = ReturnType<typeof createSubcommunitiesService>;
