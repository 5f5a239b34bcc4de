import {
  profileFieldFormTypesOf,
  profileFieldMessages as messages,
  profileFieldRules,
  type FieldError,
  type ProfileField,
  type ProfileFieldPatch,
  type ProfileFieldPost,
  type ProfileFieldSorts,
  type ProfileFieldValue,
  type UserProfileFields,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import { conflict, fieldError, HttpError, notFound, validationFailed } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { profileFieldsPolicy as policy } from "./profile-fields.policy.ts";
import { fullDisplayOptions, presentProfileField } from "./profile-fields.present.ts";
import type { ProfileFieldFilters, ProfileFieldsRepo } from "./profile-fields.repo.ts";
import { checkValue, missingError } from "./profile-fields.values.ts";

const notFoundField = () => notFound("Profile Field");

/** The form type goes with the data type; a dropdown has options (422 naming the field otherwise). */
export function checkShape(field: Pick<ProfileField, "dataType" | "formType" | "dropdownOptions">): void {
  const errors: FieldError[] = [];
  if (!profileFieldFormTypesOf[field.dataType].includes(field.formType)) {
    const message = messages.formTypeMismatch
      .replace("{formType}", field.formType)
      .replace("{dataType}", field.dataType);
    errors.push(fieldError("formType", "invalid", message, 422));
  }
  if (field.formType === "dropdown") {
    const options = field.dropdownOptions ?? [];
    const wrongType = options.some((option) => (field.dataType === "number") !== (typeof option === "number"));
    if (!options.length || wrongType)
      errors.push(
        fieldError(
          "dropdownOptions",
          "invalid",
          wrongType
            ? messages.formTypeMismatch.replace("{formType}", "dropdown").replace("{dataType}", field.dataType)
            : messages.optionsNeeded,
          422,
        ),
      );
  }
  if (errors.length) throw validationFailed(errors);
}

/**
 * Custom profile fields: administrators manage the definitions; members (and users.edit) set their values,
 * which others see as each field's visibility allows.
 */
export function createProfileFieldsService({ repo, platform }: { repo: ProfileFieldsRepo; platform: Platform }) {
  async function definition(apiName: string): Promise<ProfileField> {
    const row = await repo.get(apiName);
    if (!row) throw notFoundField();
    return presentProfileField(row);
  }

  /** The member asked about (404 when unknown or deleted). */
  async function member(userID: number) {
    const row = await repo.member(userID);
    if (!row || row.deleted === 1) throw notFound("User");
    return row;
  }

  /** The enabled fields' values the viewer may see (none of a private profile but for its owner and staff). */
  async function visibleValues(
    userID: number,
    row: { private: number },
    viewer: Viewer,
    fields?: ProfileField[],
  ): Promise<UserProfileFields> {
    if (row.private === 1 && !policy.canSeePrivateProfile(viewer, userID)) return {};
    const enabled = fields ?? (await repo.list({ enabled: true })).map(presentProfileField);
    const stored = await repo.valuesOf(userID);
    const values: UserProfileFields = {};
    for (const field of enabled) {
      if (!policy.canSee(viewer, field, userID)) continue;
      const json = stored.get(field.apiName);
      values[field.apiName] = json === undefined ? null : (JSON.parse(json) as UserProfileFields[string]);
    }
    return values;
  }

  return {
    async list(filters: ProfileFieldFilters, viewer: Viewer): Promise<ProfileField[]> {
      requireAccess(viewer, policy.canView);
      return (await repo.list(filters)).map(presentProfileField);
    },

    async get(apiName: string, viewer: Viewer): Promise<ProfileField> {
      requireAccess(viewer, policy.canView);
      return definition(apiName);
    },

    async create(body: ProfileFieldPost, viewer: Viewer): Promise<ProfileField> {
      requireAccess(viewer, policy.canManage);
      const dropdownOptions = body.formType === "dropdown" ? (body.dropdownOptions ?? []) : null;
      checkShape({ ...body, dropdownOptions });
      await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        if (await scoped.get(body.apiName)) throw conflict(messages.apiNameTaken);
        if ((await scoped.count()) >= profileFieldRules.maxFields) throw new HttpError(422, messages.tooManyFields);
        await scoped.insert({
          apiName: body.apiName,
          label: body.label.trim(),
          description: body.description?.trim() ?? "",
          dataType: body.dataType,
          formType: body.formType,
          visibility: body.visibility,
          mutability: body.mutability ?? "all",
          registrationOptions: body.registrationOptions ?? "optional",
          displayOptions: JSON.stringify(fullDisplayOptions(body.displayOptions)),
          dropdownOptions: dropdownOptions === null ? null : JSON.stringify(dropdownOptions),
          enabled: body.enabled === false ? 0 : 1,
          sort: (await scoped.maxSort()) + 1,
          dateInserted: platform.clock.nowIso(),
          dateUpdated: null,
        });
      });
      return definition(body.apiName);
    },

    async update(apiName: string, body: ProfileFieldPatch, viewer: Viewer): Promise<ProfileField> {
      requireAccess(viewer, policy.canManage);
      const current = await definition(apiName);
      const formType = body.formType ?? current.formType;
      const dropdownOptions =
        formType === "dropdown"
          ? body.dropdownOptions !== undefined
            ? body.dropdownOptions
            : current.dropdownOptions
          : null;
      checkShape({ dataType: current.dataType, formType, dropdownOptions });
      await repo.update(apiName, {
        ...(body.label !== undefined ? { label: body.label.trim() } : {}),
        ...(body.description !== undefined ? { description: body.description.trim() } : {}),
        formType,
        ...(body.visibility ? { visibility: body.visibility } : {}),
        ...(body.mutability ? { mutability: body.mutability } : {}),
        ...(body.registrationOptions ? { registrationOptions: body.registrationOptions } : {}),
        ...(body.displayOptions
          ? {
              displayOptions: JSON.stringify(fullDisplayOptions({ ...current.displayOptions, ...body.displayOptions })),
            }
          : {}),
        dropdownOptions: dropdownOptions === null ? null : JSON.stringify(dropdownOptions),
        ...(body.enabled !== undefined ? { enabled: body.enabled ? 1 : 0 } : {}),
        dateUpdated: platform.clock.nowIso(),
      });
      return definition(apiName);
    },

    /** Deletes the definition and, in the same transaction, every member's value of it. */
    async remove(apiName: string, viewer: Viewer): Promise<void> {
      requireAccess(viewer, policy.canManage);
      await definition(apiName);
      await platform.db.transaction().execute(async (trx) => repo.withTransaction(trx).remove(apiName));
    },

    /** Sets the sort of the fields named (all or none: an unknown name is a 404, nothing written). */
    async sort(sorts: ProfileFieldSorts, viewer: Viewer): Promise<void> {
      requireAccess(viewer, policy.canManage);
      await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        for (const [apiName, sort] of Object.entries(sorts)) {
          if (!(await scoped.get(apiName))) throw notFoundField();
          await scoped.update(apiName, { sort });
        }
      });
    },

    /** `GET /users/{id}/profile-fields`. */
    async values(userID: number, viewer: Viewer): Promise<UserProfileFields> {
      requireAccess(viewer, policy.canView);
      return visibleValues(userID, await member(userID), viewer);
    },

    /**
     * `PATCH /users/{id}/profile-fields`: every value checked against its field (422 naming each wrong one, a
     * required field left without a value among them), then screened (a blocked watched word is a 422 naming the
     * field; a flagged one is recorded), then all written in one transaction.
     */
    async patch(userID: number, body: Record<string, unknown>, context: RequestContext): Promise<UserProfileFields> {
      const { viewer } = context;
      requireSignedIn(viewer);
      requireAccess(viewer, policy.canEditValues, userID);
      const row = await member(userID);
      const fields = (await repo.list({ enabled: true })).map(presentProfileField);
      const byName = new Map(fields.map((field) => [field.apiName, field]));
      const errors: FieldError[] = [];
      const changes = new Map<string, ProfileFieldValue>();
      for (const [apiName, value] of Object.entries(body)) {
        const field = byName.get(apiName);
        if (!field) {
          errors.push(fieldError(apiName, "unexpectedField", messages.unknownField.replace("{field}", apiName), 422));
          continue;
        }
        if (!policy.canEditField(viewer, field, userID)) {
          throw new HttpError(403, messages.notEditable.replace("{label}", field.label), {
            errors: [fieldError(apiName, "invalid", messages.notEditable.replace("{label}", field.label), 403)],
          });
        }
        const checked = checkValue(field, value);
        if ("error" in checked) errors.push(checked.error);
        else changes.set(apiName, checked.value);
      }
      // A required field sent without a value (a PATCH leaves the fields it does not name as they are).
      for (const [apiName, change] of changes) {
        const field = byName.get(apiName);
        if (field?.registrationOptions === "required" && change === null) errors.push(missingError(field));
      }
      if (errors.length) throw validationFailed(errors);
      // Watched words in what members write into the fields (each by its API name), as in names and signatures.
      const written = [...changes].filter(([, value]) => typeof value === "string" || Array.isArray(value));
      const screened = written.length
        ? await platform.screening.screen({
            kind: "profile",
            fields: Object.fromEntries(
              written.map(([apiName, value]) => [apiName, Array.isArray(value) ? value.join(", ") : String(value)]),
            ),
            context,
            edit: true,
          })
        : null;
      await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        for (const [apiName, value] of changes) {
          if (value === null) await scoped.clearValue(userID, apiName);
          else await scoped.setValue(userID, apiName, JSON.stringify(value));
        }
      });
      await screened?.recorded(null, userID);
      return visibleValues(userID, row, viewer, fields);
    },

    /** `expand=profileFields` of a user record: the values the viewer may see. */
    valuesFor: (userID: number, row: { private: number }, viewer: Viewer) => visibleValues(userID, row, viewer),

    /** A deleted account's values go with it (inside the deletion's transaction). */
    clearMember: (db: Parameters<ProfileFieldsRepo["withTransaction"]>[0], userID: number) =>
      repo.withTransaction(db).clearMember(userID),
  };
}

export type ProfileFieldsService = ReturnType<typeof createProfileFieldsService>;
