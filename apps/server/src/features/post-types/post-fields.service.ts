import {
  postTypeMessages as messages,
  postTypeRules,
  type PostField,
  type PostFieldPatch,
  type PostFieldPost,
  type PostFieldQuery,
  type PostFieldSorts,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { conflict, fieldError, HttpError, notFound, validationFailed } from "../../platform/errors.ts";
import { checkShape } from "../profile-fields/index.ts";
import { postTypesPolicy as policy } from "./post-types.policy.ts";
import { isOriginalType, presentPostField } from "./post-types.present.ts";
import type { PostFieldRow } from "./post-types.repo.ts";
import { requirePostTypes, type PostTypesDeps } from "./post-types.service.ts";

const notFoundField = () => notFound("Post Field");

/**
 * Post fields (`/post-fields`): administrators define them and place them in post types; members fill them in
 * when they post one of those types. Readers get the active fields they may fill in (internal ones: moderators).
 */
export function createPostFieldsService({ repo, platform }: PostTypesDeps) {
  const present = async (rows: PostFieldRow[]): Promise<PostField[]> => {
    const typesOf = await repo.typesOfFields(rows.map((row) => row.postFieldID));
    return rows.map((row) => presentPostField(row, typesOf.get(row.postFieldID) ?? []));
  };

  const shown = (row: PostFieldRow, viewer: Viewer) =>
    policy.seesInactive(viewer) ||
    (row.isActive === 1 && policy.canSet(viewer, { visibility: row.visibility as PostField["visibility"] }));

  async function one(postFieldID: string, viewer: Viewer): Promise<PostField> {
    const row = await repo.getField(postFieldID);
    if (!row || !shown(row, viewer)) throw notFoundField();
    return (await present([row]))[0]!;
  }

  /** A post type a field may belong to: an original one or a site's own (not deleted). */
  async function requireType(postTypeID: string, field: string): Promise<void> {
    if (isOriginalType(postTypeID)) return;
    const row = await repo.getType(postTypeID);
    if (!row || row.isDeleted === 1)
      throw validationFailed([
        fieldError(field, "invalid", messages.unknownPostType.replace("{postTypeID}", postTypeID)),
      ]);
  }

  return {
    async list(query: PostFieldQuery, viewer: Viewer): Promise<PostField[]> {
      await requirePostTypes(platform);
      const rows = await repo.listFields(query);
      return present(rows.filter((row) => shown(row, viewer)));
    },

    async get(postFieldID: string, viewer: Viewer): Promise<PostField> {
      await requirePostTypes(platform);
      return one(postFieldID, viewer);
    },

    async create(body: PostFieldPost, viewer: Viewer): Promise<PostField> {
      await requirePostTypes(platform);
      requireAccess(viewer, policy.canManage);
      const dropdownOptions = body.formType === "dropdown" ? (body.dropdownOptions ?? []) : null;
      checkShape({ ...body, dropdownOptions });
      if (body.postTypeID) await requireType(body.postTypeID, "postTypeID");
      await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        if (await scoped.getField(body.postFieldID)) throw conflict(messages.fieldIDTaken);
        if ((await scoped.countFields()) >= postTypeRules.maxPostFields)
          throw new HttpError(422, messages.tooManyFields);
        await scoped.insertField({
          postFieldID: body.postFieldID,
          label: body.label.trim(),
          description: body.description?.trim() ?? "",
          dataType: body.dataType,
          formType: body.formType,
          visibility: body.visibility,
          dropdownOptions: dropdownOptions === null ? null : JSON.stringify(dropdownOptions),
          isRequired: body.isRequired ? 1 : 0,
          isActive: body.isActive === false ? 0 : 1,
          dateInserted: platform.clock.nowIso(),
          dateUpdated: null,
          insertUserID: viewer.userID,
          updateUserID: null,
        });
        if (body.postTypeID) await scoped.addTypeField(body.postTypeID, body.postFieldID);
      });
      return one(body.postFieldID, viewer);
    },

    async update(postFieldID: string, body: PostFieldPatch, viewer: Viewer): Promise<PostField> {
      await requirePostTypes(platform);
      requireAccess(viewer, policy.canManage);
      const current = await one(postFieldID, viewer);
      const dropdownOptions =
        current.formType === "dropdown"
          ? body.dropdownOptions !== undefined
            ? body.dropdownOptions
            : current.dropdownOptions
          : null;
      checkShape({ dataType: current.dataType, formType: current.formType, dropdownOptions });
      await repo.updateField(postFieldID, {
        ...(body.label !== undefined ? { label: body.label.trim() } : {}),
        ...(body.description !== undefined ? { description: body.description.trim() } : {}),
        ...(body.visibility ? { visibility: body.visibility } : {}),
        ...(body.isRequired !== undefined ? { isRequired: body.isRequired ? 1 : 0 } : {}),
        ...(body.isActive !== undefined ? { isActive: body.isActive ? 1 : 0 } : {}),
        dropdownOptions: dropdownOptions === null ? null : JSON.stringify(dropdownOptions),
        dateUpdated: platform.clock.nowIso(),
        updateUserID: viewer.userID,
      });
      return one(postFieldID, viewer);
    },

    /** The definition, its place in post types and every post's value of it, in one transaction. */
    async remove(postFieldID: string, viewer: Viewer): Promise<void> {
      await requirePostTypes(platform);
      requireAccess(viewer, policy.canManage);
      await one(postFieldID, viewer);
      await platform.db.transaction().execute(async (trx) => repo.withTransaction(trx).removeField(postFieldID));
    },

    /** The fields' order within a post type (all or none: a field not of the type is a 400, nothing written). */
    async sort(postTypeID: string, sorts: PostFieldSorts, viewer: Viewer): Promise<PostField[]> {
      await requirePostTypes(platform);
      requireAccess(viewer, policy.canManage);
      await requireType(postTypeID, "postTypeID");
      await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        for (const [postFieldID, sort] of Object.entries(sorts))
          if (!(await scoped.sortTypeField(postTypeID, postFieldID, sort)))
            throw validationFailed([
              fieldError(postFieldID, "invalid", messages.notAField.replace("{postFieldID}", postFieldID)),
            ]);
      });
      return present(await repo.listFields({ postTypeID }));
    },
  };
}

export type PostFieldsService = ReturnType<typeof createPostFieldsService>;
