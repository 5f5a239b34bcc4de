import {
  moderationMessageRules,
  type ModerationMessage,
  type ModerationMessagePatch,
  type ModerationMessagePost,
  type ModerationMessageQuery,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Platform } from "../../platform/context.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import { conflict, fieldError, notFound, validationFailed } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { normalizeFormat, renderBody, type PostFormat } from "../../platform/render/index.ts";
import type { CategoryDirectory } from "./warnings.deps.ts";
import { warningsPolicy as policy } from "./warnings.policy.ts";
import type { MessageRow, WarningsRepo } from "./warnings.repo.ts";

const present = (row: MessageRow, origin: string): ModerationMessage => ({
  moderationMessageID: row.moderationMessageID,
  body: renderBody(row.body, row.format as PostFormat, { origin }),
  bodyRaw: row.body,
  format: row.format,
  type: row.type as ModerationMessage["type"],
  viewLocation: row.viewLocation as ModerationMessage["viewLocation"],
  layoutViewType: row.layoutViewType as ModerationMessage["layoutViewType"],
  recordType: row.recordType === "category" ? "category" : null,
  recordID: row.recordID,
  includeDescendants: row.includeDescendants === 1,
  isEnabled: row.isEnabled === 1,
  isDismissible: row.isDismissible === 1,
  sort: row.sort,
  insertUserID: row.insertUserID,
  dateInserted: toRfc3339(row.dateInserted),
  updateUserID: row.updateUserID,
  dateUpdated: row.dateUpdated === null ? null : toRfc3339(row.dateUpdated),
});

type Fields = Required<ModerationMessagePatch>;

/**
 * Moderation messages (`/moderation-messages`): site-wide notices community managers write. Everyone reads the
 * enabled ones (the pages show them where `viewLocation` and the category say); managers read them all.
 */
export function createModerationMessagesService(deps: {
  repo: WarningsRepo;
  platform: Platform;
  categories: CategoryDirectory;
}) {
  const { repo, platform } = deps;

  /** The stored columns of a message's fields, checked together (a category message names its category). */
  async function columns(fields: Fields) {
    const format = normalizeFormat(fields.format);
    const errors = [
      ...(format ? [] : [fieldError("format", "invalid", `${fields.format} is not a valid format.`, 422)]),
      ...(fields.body.trim() ? [] : [fieldError("body", "missingField", "body is required.")]),
    ];
    if (fields.recordType === "category") {
      if (fields.recordID === null || !(await deps.categories.get(fields.recordID)))
        errors.push(fieldError("recordID", "invalid", "recordID must be a category's ID.", 422));
    }
    if (errors.length) throw validationFailed(errors);
    return {
      body: fields.body,
      format: format!,
      type: fields.type,
      viewLocation: fields.viewLocation,
      layoutViewType: fields.layoutViewType,
      recordType: fields.recordType,
      recordID: fields.recordType === "category" ? fields.recordID : null,
      includeDescendants: fields.includeDescendants ? 1 : 0,
      isEnabled: fields.isEnabled ? 1 : 0,
      isDismissible: fields.isDismissible ? 1 : 0,
      sort: fields.sort,
    };
  }

  const fieldsOf = (row: MessageRow): Fields => ({
    body: row.body,
    format: row.format,
    type: row.type as Fields["type"],
    viewLocation: row.viewLocation as Fields["viewLocation"],
    layoutViewType: row.layoutViewType as Fields["layoutViewType"],
    recordType: row.recordType === "category" ? "category" : null,
    recordID: row.recordID,
    includeDescendants: row.includeDescendants === 1,
    isEnabled: row.isEnabled === 1,
    isDismissible: row.isDismissible === 1,
    sort: row.sort,
  });

  /** Of `rows`, those a page in the category shows: site-wide ones, the category's, its ancestors' that include descendants. */
  const appliesTo = async (rows: MessageRow[], categoryID: number) => {
    const shown: MessageRow[] = [];
    for (const row of rows) {
      if (row.recordType !== "category" || row.recordID === null) shown.push(row);
      else if (row.recordID === categoryID) shown.push(row);
      else if (
        row.includeDescendants === 1 &&
        (await deps.categories.withDescendants(row.recordID)).includes(categoryID)
      )
        shown.push(row);
    }
    return shown;
  };

  /** A category's message is for those who may see the category; community managers see every message. */
  const mayRead = (row: MessageRow, context: RequestContext) =>
    policy.canManageMessages(context.viewer) ||
    (row.isEnabled === 1 &&
      (row.recordType !== "category" ||
        row.recordID === null ||
        policy.canSeeCategoryMessage(context.viewer, row.recordID)));

  const visible = async (id: number, context: RequestContext) => {
    const row = await repo.messageById(id);
    if (!row || !mayRead(row, context)) throw notFound("Moderation message");
    return row;
  };

  return {
    async list(query: ModerationMessageQuery, context: RequestContext): Promise<ModerationMessage[]> {
      const manager = policy.canManageMessages(context.viewer);
      // Only managers see messages turned off.
      if (!manager && query.isEnabled === false) return [];
      const { categoryID, ...filter } = query;
      const rows = await repo.messages({ ...filter, ...(manager ? {} : { isEnabled: true }) });
      const shown = categoryID === undefined ? rows : await appliesTo(rows, categoryID);
      // A dismissible message the member dismissed is not shown to them again (managers still list it).
      const dismissed =
        manager || context.viewer.userID === 0
          ? new Set<number>()
          : await repo.dismissedMessageIDs(context.viewer.userID);
      return shown
        .filter((row) => mayRead(row, context) && !(row.isDismissible === 1 && dismissed.has(row.moderationMessageID)))
        .map((row) => present(row, context.origin));
    },

    async get(id: number, context: RequestContext): Promise<ModerationMessage> {
      return present(await visible(id, context), context.origin);
    },

    /** `PUT /moderation-messages/{id}/dismiss`: a member hides a dismissible message they may read, for themself. */
    async dismiss(id: number, context: RequestContext): Promise<{ dismissed: boolean }> {
      requireAccess(context.viewer, policy.isSignedIn);
      const row = await visible(id, context);
      if (row.isDismissible !== 1)
        throw conflict("This message cannot be dismissed.", "Only a dismissible message can be dismissed.");
      await repo.dismissMessage(id, context.viewer.userID, platform.clock.nowIso());
      return { dismissed: true };
    },

    async create(body: ModerationMessagePost, context: RequestContext): Promise<ModerationMessage> {
      requireAccess(context.viewer, policy.canManageMessages);
      if ((await repo.countMessages()) >= moderationMessageRules.maxMessages)
        throw validationFailed([
          fieldError("body", "invalid", `A site has at most ${moderationMessageRules.maxMessages} messages.`, 422),
        ]);
      const values = await columns({
        type: "info",
        layoutViewType: null,
        recordType: null,
        recordID: null,
        includeDescendants: false,
        isEnabled: true,
        isDismissible: false,
        sort: 0,
        ...body,
      });
      const id = await repo.insertMessage({
        ...values,
        insertUserID: context.viewer.userID,
        dateInserted: platform.clock.nowIso(),
      });
      return present((await repo.messageById(id))!, context.origin);
    },

    async update(id: number, body: ModerationMessagePatch, context: RequestContext): Promise<ModerationMessage> {
      requireAccess(context.viewer, policy.canManageMessages);
      const row = await repo.messageById(id);
      if (!row) throw notFound("Moderation message");
      const values = await columns({ ...fieldsOf(row), ...body });
      await repo.updateMessage(id, {
        ...values,
        updateUserID: context.viewer.userID,
        dateUpdated: platform.clock.nowIso(),
      });
      return present((await repo.messageById(id))!, context.origin);
    },

    async remove(id: number, context: RequestContext): Promise<void> {
      requireAccess(context.viewer, policy.canManageMessages);
      if (!(await repo.messageById(id))) throw notFound("Moderation message");
      await repo.deleteMessage(id);
    },
  };
}

export type ModerationMessagesService = ReturnType<typeof createModerationMessagesService>;
