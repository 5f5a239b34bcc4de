import {
  discussionTypes,
  postTypeMessages as messages,
  postTypeRules,
  type PostType,
  type PostTypeGetQuery,
  type PostTypePatch,
  type PostTypePost,
  type PostTypeQuery,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import { conflict, fieldError, HttpError, notFound, validationFailed } from "../../platform/errors.ts";
import type { CategoryDirectory } from "../categories/index.ts";
import { postTypesPolicy as policy } from "./post-types.policy.ts";
import { isOriginalType, presentOriginal, presentPostField, presentPostType } from "./post-types.present.ts";
import type { PostTypeRow, PostTypesRepo } from "./post-types.repo.ts";

export interface PostTypesDeps {
  repo: PostTypesRepo;
  platform: Platform;
  categories: CategoryDirectory;
}

const say = (template: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((text, [key, value]) => text.replaceAll(`{${key}}`, String(value)), template);

/** The add-on's switch (`postTypes.enabled`): off, its routes answer 404, as a Vanilla site without it. */
export async function requirePostTypes(platform: Platform): Promise<void> {
  if (!(await platform.siteConfig.get("postTypes.enabled"))) throw new HttpError(404, messages.disabled);
}

/** Whether each original type's add-on is on (a discussion always is). */
async function originalsActive(platform: Platform): Promise<Record<string, boolean>> {
  const [qna, ideation, polls] = await Promise.all([
    platform.siteConfig.get("plugins.qna"),
    platform.siteConfig.get("plugins.ideation"),
    platform.siteConfig.get("plugins.polls"),
  ]);
  return { discussion: true, question: qna === true, idea: ideation === true, poll: polls === true };
}

/** Site post types, presented with their roles, categories and (expand=postFields) active fields, in batches. */
async function presentTypes(
  { repo }: Pick<PostTypesDeps, "repo">,
  types: PostType[],
  rows: PostTypeRow[],
  withFields: boolean,
  viewer: Viewer,
): Promise<PostType[]> {
  const ids = rows.map((row) => row.postTypeID);
  const [roles, categories] = await Promise.all([repo.rolesOf(ids), repo.categoriesOf(ids)]);
  const all = [
    ...types,
    ...rows.map((row) => presentPostType(row, roles.get(row.postTypeID) ?? [], categories.get(row.postTypeID) ?? [])),
  ];
  if (!withFields) return all;
  return Promise.all(
    all.map(async (type) => {
      const fields = await repo.listFields({
        postTypeID: type.postTypeID,
        ...(policy.seesInactive(viewer) ? {} : { isActive: true }),
      });
      const typesOf = await repo.typesOfFields(fields.map((field) => field.postFieldID));
      return {
        ...type,
        postFields: fields
          .filter((field) => policy.canSet(viewer, { visibility: field.visibility as "public" }))
          .map((field) => presentPostField(field, typesOf.get(field.postFieldID) ?? [])),
      };
    }),
  );
}

/**
 * Post types (`/post-types`): the original ones (discussion, question, idea, poll; read only) and a site's own,
 * each a kind of an original one, managed by administrators.
 */
export function createPostTypesService(deps: PostTypesDeps) {
  const { repo, platform, categories } = deps;
  const wantsFields = (expand?: readonly string[]) => !!expand?.some((name) => name === "postFields" || name === "all");

  async function one(postTypeID: string, viewer: Viewer, query: PostTypeGetQuery = {}): Promise<PostType> {
    const active = await originalsActive(platform);
    if (isOriginalType(postTypeID)) {
      const [type] = await presentTypes(
        deps,
        [presentOriginal(postTypeID, active[postTypeID]!)],
        [],
        wantsFields(query.expand),
        viewer,
      );
      return type!;
    }
    const row = await repo.getType(postTypeID);
    const hidden =
      !row || (row.isDeleted === 1 && !query.includeDeleted) || (row.isActive === 0 && !policy.seesInactive(viewer));
    if (hidden) throw notFound("Post Type");
    const [type] = await presentTypes(deps, [], [row], wantsFields(query.expand), viewer);
    return type!;
  }

  /** Roles that exist, categories that exist and take posts, post fields that exist (400 naming the field). */
  async function checkLinks(body: Pick<PostTypePatch, "roleIDs" | "categoryIDs" | "postFieldIDs">): Promise<void> {
    const errors = [];
    const roles = await repo.existingRoles(body.roleIDs ?? []);
    for (const roleID of body.roleIDs ?? [])
      if (!roles.has(roleID)) errors.push(fieldError("roleIDs", "invalid", say(messages.unknownRole, { roleID })));
    for (const categoryID of body.categoryIDs ?? []) {
      const node = await categories.get(categoryID);
      if (!node || node.categoryID === -1)
        errors.push(fieldError("categoryIDs", "invalid", say(messages.unknownCategory, { categoryID })));
    }
    for (const postFieldID of body.postFieldIDs ?? [])
      if (!(await repo.getField(postFieldID)))
        errors.push(fieldError("postFieldIDs", "invalid", say(messages.unknownField, { postFieldID })));
    if (errors.length) throw validationFailed(errors);
  }

  const unique = <T>(values: readonly T[] | undefined) => (values ? [...new Set(values)] : undefined);

  return {
    async list(query: PostTypeQuery, viewer: Viewer): Promise<PostType[]> {
      await requirePostTypes(platform);
      const seesInactive = policy.seesInactive(viewer);
      const isActive = seesInactive ? query.isActive : true;
      const active = await originalsActive(platform);
      const originals =
        query.isOriginal === false || query.parentPostTypeID !== undefined
          ? []
          : discussionTypes
              .map((type) => presentOriginal(type, active[type]!))
              .filter((type) => (query.postTypeID ? type.postTypeID === query.postTypeID : true))
              .filter((type) => (isActive === undefined ? true : type.isActive === isActive));
      const rows =
        query.isOriginal === true
          ? []
          : await repo.listTypes({
              ...(query.postTypeID ? { postTypeID: query.postTypeID } : {}),
              ...(query.parentPostTypeID ? { parentPostTypeID: query.parentPostTypeID } : {}),
              ...(isActive === undefined ? {} : { isActive }),
              includeDeleted: seesInactive && query.includeDeleted === true,
            });
      return presentTypes(deps, originals, rows, wantsFields(query.expand), viewer);
    },

    async get(postTypeID: string, query: PostTypeGetQuery, viewer: Viewer): Promise<PostType> {
      await requirePostTypes(platform);
      return one(postTypeID, viewer, { ...query, includeDeleted: query.includeDeleted && policy.seesInactive(viewer) });
    },

    async create(body: PostTypePost, viewer: Viewer): Promise<PostType> {
      await requirePostTypes(platform);
      requireAccess(viewer, policy.canManage);
      if (isOriginalType(body.postTypeID)) throw conflict(messages.idTaken);
      if (!isOriginalType(body.parentPostTypeID))
        throw validationFailed([
          fieldError("parentPostTypeID", "invalid", say(messages.parentUnknown, { types: discussionTypes.join(", ") })),
        ]);
      await checkLinks(body);
      const now = platform.clock.nowIso();
      await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        if (await scoped.getType(body.postTypeID)) throw conflict(messages.idTaken);
        if ((await scoped.countTypes()) >= postTypeRules.maxPostTypes) throw new HttpError(422, messages.tooManyTypes);
        await scoped.insertType({
          postTypeID: body.postTypeID,
          name: body.name.trim(),
          parentPostTypeID: body.parentPostTypeID,
          postButtonLabel: body.postButtonLabel?.trim() ?? "",
          postHelperText: body.postHelperText?.trim() ?? "",
          isActive: body.isActive === false ? 0 : 1,
          isDeleted: 0,
          dateInserted: now,
          dateUpdated: null,
          insertUserID: viewer.userID,
          updateUserID: null,
        });
        await scoped.setRoles(body.postTypeID, unique(body.roleIDs) ?? []);
        await scoped.setCategories(body.postTypeID, unique(body.categoryIDs) ?? []);
        if (body.postFieldIDs) await scoped.setTypeFields(body.postTypeID, unique(body.postFieldIDs)!);
      });
      return one(body.postTypeID, viewer);
    },

    async update(postTypeID: string, body: PostTypePatch, viewer: Viewer): Promise<PostType> {
      await requirePostTypes(platform);
      requireAccess(viewer, policy.canManage);
      if (isOriginalType(postTypeID)) throw new HttpError(400, messages.originalReadOnly);
      await one(postTypeID, viewer);
      await checkLinks(body);
      await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        await scoped.updateType(postTypeID, {
          ...(body.name !== undefined ? { name: body.name.trim() } : {}),
          ...(body.isActive !== undefined ? { isActive: body.isActive ? 1 : 0 } : {}),
          ...(body.postButtonLabel !== undefined ? { postButtonLabel: body.postButtonLabel.trim() } : {}),
          ...(body.postHelperText !== undefined ? { postHelperText: body.postHelperText.trim() } : {}),
          dateUpdated: platform.clock.nowIso(),
          updateUserID: viewer.userID,
        });
        if (body.roleIDs) await scoped.setRoles(postTypeID, unique(body.roleIDs)!);
        if (body.categoryIDs) await scoped.setCategories(postTypeID, unique(body.categoryIDs)!);
        if (body.postFieldIDs) await scoped.setTypeFields(postTypeID, unique(body.postFieldIDs)!);
      });
      return one(postTypeID, viewer);
    },

    /** Deleted, not erased: its discussions keep their type and values (`includeDeleted` still finds it). */
    async remove(postTypeID: string, viewer: Viewer): Promise<void> {
      await requirePostTypes(platform);
      requireAccess(viewer, policy.canManage);
      if (isOriginalType(postTypeID)) throw new HttpError(400, messages.originalReadOnly);
      await one(postTypeID, viewer);
      await repo.updateType(postTypeID, {
        isDeleted: 1,
        isActive: 0,
        dateUpdated: platform.clock.nowIso(),
        updateUserID: viewer.userID,
      });
    },
  };
}

export type PostTypesService = ReturnType<typeof createPostTypesService>;
