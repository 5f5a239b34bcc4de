import type { Kysely, RawBuilder, SqlBool } from "kysely";
import { postTypeMessages as messages, type FieldError, type PostField, type PostMeta } from "@parley/contracts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { DB } from "../../platform/db/schema.ts";
import { fieldError, HttpError, validationFailed } from "../../platform/errors.ts";
import { checkValue, missingError } from "../profile-fields/index.ts";
import { postTypesPolicy as policy } from "./post-types.policy.ts";
import { isOriginalType, presentPostField } from "./post-types.present.ts";
import { metaCondition } from "./post-types.repo.ts";
import { type PostTypesDeps } from "./post-types.service.ts";

type Category = { categoryID: number; name: string };
export type MetaValue = PostMeta[string];

const say = (template: string, values: Record<string, string>) =>
  Object.entries(values).reduce((text, [key, value]) => text.replaceAll(`{${key}}`, value), template);
const postTypeError = (message: string) => validationFailed([fieldError("postTypeID", "invalid", message)]);
const originalOf = (type: string | undefined) => (type !== undefined && isOriginalType(type) ? type : undefined);

/**
 * What discussions ask of post types when a discussion is posted, edited, moved and read: the post type it is
 * posted as (active, one the viewer's roles may post, taken by the category), its field values checked against
 * the type's fields and written in the discussion's transaction, and the values each viewer may see.
 */
export function createPostTypeRules({ repo, platform }: PostTypesDeps) {
  const enabled = async () => (await platform.siteConfig.get("postTypes.enabled")) === true;

  /** A site's post type a discussion may be in this category as (400 on `postTypeID`, 403 for the roles). */
  async function requireInCategory(postTypeID: string, category: Category): Promise<void> {
    const row = await repo.getType(postTypeID);
    if (!row) return;
    const categories = (await repo.categoriesOf([postTypeID])).get(postTypeID) ?? [];
    if (!categories.includes(category.categoryID))
      throw postTypeError(say(messages.notInCategory, { category: category.name, name: row.name }));
  }

  return {
    requireInCategory,

    /**
     * The type a new discussion is posted as: null when no `postTypeID` is given (its `type` decides), an original
     * one's type, or a site's own type with its original parent (which `type`, when given, must be).
     */
    async choose(
      input: { postTypeID?: string | undefined; type?: string | undefined },
      category: Category,
      viewer: Viewer,
    ): Promise<{ type: string; postTypeID: string | null } | null> {
      const { postTypeID } = input;
      if (postTypeID === undefined) return null;
      const asked = originalOf(input.type);
      if (isOriginalType(postTypeID)) {
        if (asked && asked !== postTypeID)
          throw postTypeError(say(messages.typeMismatch, { name: postTypeID, parent: postTypeID, type: asked }));
        return { type: postTypeID, postTypeID: null };
      }
      const row = (await enabled()) ? await repo.getType(postTypeID) : undefined;
      if (!row || row.isDeleted === 1) throw postTypeError(say(messages.unknownPostType, { postTypeID }));
      if (row.isActive === 0) throw postTypeError(say(messages.inactivePostType, { name: row.name }));
      if (asked && asked !== row.parentPostTypeID)
        throw postTypeError(say(messages.typeMismatch, { name: row.name, parent: row.parentPostTypeID, type: asked }));
      const roles = (await repo.rolesOf([postTypeID])).get(postTypeID) ?? [];
      if (!policy.canPost(viewer, roles)) throw new HttpError(403, say(messages.roleNotAllowed, { name: row.name }));
      await requireInCategory(postTypeID, category);
      return { type: row.parentPostTypeID, postTypeID };
    },

    /**
     * `postMeta` checked against the post type's active fields: each value as its field takes it (400 naming
     * `postMeta.<id>`), internal ones set by moderators only, and the required ones the viewer fills in given a
     * value (on a new post; an edit may not clear one). The values to write, null clearing one.
     */
    async checkMeta(
      postTypeID: string,
      postMeta: Record<string, unknown> | undefined,
      viewer: Viewer,
      edit: boolean,
    ): Promise<Map<string, MetaValue>> {
      const given = Object.entries(postMeta ?? {});
      const values = new Map<string, MetaValue>();
      if (!(await enabled())) {
        if (given.length) throw validationFailed([fieldError("postMeta", "invalid", messages.disabled)]);
        return values;
      }
      const rows = await repo.listFields({ postTypeID, isActive: true });
      const fields = new Map(rows.map((row) => [row.postFieldID, presentPostField(row, [postTypeID])]));
      const errors: FieldError[] = [];
      const checked = (field: PostField) => ({
        apiName: `postMeta.${field.postFieldID}`,
        label: field.label,
        dataType: field.dataType,
        formType: field.formType,
        dropdownOptions: field.dropdownOptions,
      });
      for (const [postFieldID, value] of given) {
        const field = fields.get(postFieldID);
        if (!field) {
          errors.push(fieldError(`postMeta.${postFieldID}`, "invalid", say(messages.notAField, { postFieldID })));
          continue;
        }
        if (!policy.canSet(viewer, field)) {
          errors.push(
            fieldError(`postMeta.${postFieldID}`, "invalid", say(messages.internalField, { label: field.label })),
          );
          continue;
        }
        const result = checkValue(checked(field), value);
        if ("error" in result) errors.push(result.error);
        else values.set(postFieldID, result.value);
      }
      for (const field of fields.values()) {
        if (!field.isRequired || !policy.canSet(viewer, field)) continue;
        const value = values.get(field.postFieldID);
        const missing = edit ? values.has(field.postFieldID) && value === null : value === undefined || value === null;
        if (missing && !errors.some((error) => error.field === `postMeta.${field.postFieldID}`))
          errors.push(missingError(checked(field)));
      }
      if (errors.length) throw validationFailed(errors);
      return values;
    },

    /**
     * `GET /discussions?postMeta[field]=value`: a condition per field on the discussions listed. Each value is read as
     * its field takes it (a number, a date, one of a dropdown's options, `true`/`false`), so it matches the stored
     * value; a list of values matches any. Only a field the viewer may see: a private one (its author's and
     * moderators') narrows a member's list to their own discussions; an internal one is for moderators (400 otherwise,
     * as for a field that does not exist, so filtering reveals no value the viewer could not read).
     */
    async metaFilters(postMeta: Record<string, string | string[]>, viewer: Viewer): Promise<RawBuilder<SqlBool>[]> {
      const given = Object.entries(postMeta);
      if (!given.length) return [];
      if (!(await enabled())) throw validationFailed([fieldError("postMeta", "invalid", messages.disabled)]);
      const rows = new Map((await repo.listFields({ isActive: true })).map((row) => [row.postFieldID, row]));
      const errors: FieldError[] = [];
      const conditions: RawBuilder<SqlBool>[] = [];
      for (const [postFieldID, asked] of given) {
        const row = rows.get(postFieldID);
        const field = row && presentPostField(row, []);
        const apiName = `postMeta.${postFieldID}`;
        const seen = field && (policy.canSee(viewer, field, -1) || (field.visibility === "private" && viewer.userID));
        if (!field || !seen) {
          errors.push(fieldError(apiName, "invalid", say(messages.notFilterable, { postFieldID })));
          continue;
        }
        const checked = { apiName, label: field.label, dataType: field.dataType, formType: field.formType };
        const values: MetaValue[] = [];
        for (const text of Array.isArray(asked) ? asked : [asked]) {
          const raw = field.dataType === "boolean" ? { true: true, 1: true, false: false, 0: false }[text] : text;
          const result =
            field.dataType === "string[]"
              ? { value: text.trim() ? [text.trim()] : null }
              : checkValue({ ...checked, dropdownOptions: field.dropdownOptions }, raw ?? text);
          // A query's value that its field would not take: 400 (a request's malformed parameter), not a body's 422.
          if ("error" in result) errors.push({ ...result.error, status: 400 });
          else if (result.value !== null) values.push(result.value);
        }
        if (!values.length) continue;
        const authorID = policy.canSee(viewer, field, -1) ? undefined : viewer.userID;
        conditions.push(
          metaCondition(platform.database.dialect, {
            postFieldID,
            ...(field.dataType === "string[]"
              ? { tokens: values.flatMap((value) => (Array.isArray(value) ? value : [])) }
              : { json: values.map((value) => JSON.stringify(value)) }),
            ...(authorID !== undefined ? { authorID } : {}),
          }),
        );
      }
      if (errors.length) throw validationFailed(errors);
      return conditions;
    },

    /** Writes the checked values in the discussion's transaction. */
    async writeMeta(trx: Kysely<DB>, discussionID: number, values: Map<string, MetaValue>): Promise<void> {
      const scoped = repo.withTransaction(trx);
      for (const [postFieldID, value] of values) {
        if (value === null) await scoped.clearMeta(discussionID, postFieldID);
        else await scoped.setMeta(discussionID, postFieldID, JSON.stringify(value));
      }
    },

    /** Each discussion's values of active fields the viewer may see (two queries for any number). */
    async metaOf(
      rows: ReadonlyArray<{ discussionID: number; insertUserID: number }>,
      viewer: Viewer,
    ): Promise<Map<number, PostMeta>> {
      const out = new Map<number, PostMeta>();
      if (!rows.length || !(await enabled())) return out;
      const [stored, fields] = await Promise.all([
        repo.metaOf(rows.map((row) => row.discussionID)),
        repo.listFields({ isActive: true }),
      ]);
      const byID = new Map(fields.map((row) => [row.postFieldID, row]));
      for (const row of rows) {
        const meta: PostMeta = {};
        for (const [postFieldID, json] of stored.get(row.discussionID) ?? []) {
          const field = byID.get(postFieldID);
          if (
            field &&
            policy.canSee(viewer, { visibility: field.visibility as PostField["visibility"] }, row.insertUserID)
          )
            meta[postFieldID] = JSON.parse(json) as MetaValue;
        }
        out.set(row.discussionID, meta);
      }
      return out;
    },
  };
}

export type PostTypeRules = ReturnType<typeof createPostTypeRules>;
