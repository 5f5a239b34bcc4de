import {
  attachmentMessages,
  attachmentsLimits,
  type Attachment,
  type AttachmentCatalog,
  type AttachmentFormSchema,
  type AttachmentPost,
  type AttachmentRecordType,
  type AttachmentSchemaQuery,
  type AttachmentsQuery,
  type AttachmentsRefresh,
  type TicketIntegrationPatch,
  type TicketIntegrationSettings,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import { badRequest, fieldError, HttpError, notFound, validationFailed } from "../../platform/errors.ts";
import type { Limiter } from "../../platform/http/rate-limit.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { htmlToText, truncate } from "../../platform/render/excerpt.ts";
import { attachmentsPolicy } from "./attachments.policy.ts";
import { presentAttachment, presentTicketSettings } from "./attachments.present.ts";
import type { AttachmentRow, AttachmentsRepo } from "./attachments.repo.ts";
import type { TicketClient } from "./ticket.client.ts";
import { checkTicketSettings, ticketDefaults, type TicketSettings } from "./ticket.settings.ts";

/** What an attachment needs of its post: read as the viewer, so a post they may not see is 403 or 404. */
export interface AttachmentPostFacts {
  discussionID: number;
  commentID: number | null;
  name: string;
  /** Rendered HTML. */
  body: string;
  url: string;
  insertUserID: number;
  userName: string;
}
export type AttachmentRecordLoaders = Record<
  AttachmentRecordType,
  (recordID: number, context: RequestContext) => Promise<AttachmentPostFacts>
>;
/**
 * Which of several posts of a type the viewer may see, in a fixed number of queries (a page of comments). It may
 * answer fewer than they may see: each one left out is loaded on its own, which refuses it (403, 404) or lets it be.
 */
export type AttachmentRecordBatchChecks = Partial<
  Record<AttachmentRecordType, (recordIDs: number[], context: RequestContext) => Promise<Set<number>>>
>;

export interface AttachmentsDeps {
  repo: AttachmentsRepo;
  platform: Platform;
  records: AttachmentRecordLoaders;
  /** Batched reads for `GET /attachments?recordIDs=` (else each post is loaded on its own). */
  readable?: AttachmentRecordBatchChecks;
  client: TicketClient;
  /** Refreshes per member and minute (`attachmentsLimits.refreshPerMinute`): each may call the ticket API 10 times. */
  refreshLimiter?: Limiter;
  /** `attachments.allowedHosts`: hosts reached even on private addresses (and over http). */
  allowedHosts: () => Promise<string[]>;
}

const TICKET = "ticket";

/**
 * `/attachments`: staff who may see a post read its attachments; moderators create a ticket for it through the
 * ticket integration and refresh tickets' status; site managers configure the integration (its auth secret is
 * write-only). The ticket API is called before the row is written: a ticket the API refused leaves nothing here.
 */
export function createAttachmentsService(deps: AttachmentsDeps) {
  const { repo, platform, records, client } = deps;
  const { clock } = platform;

  async function loadTicket() {
    const row = await repo.integration(TICKET);
    const stored = row ? (JSON.parse(row.settings) as Partial<TicketSettings>) : {};
    return {
      settings: { ...ticketDefaults, ...stored },
      secret: row?.authSecret ?? null,
      dateUpdated: row?.dateUpdated ?? null,
      updateUserID: row?.updateUserID ?? null,
    };
  }

  async function enabledTicket() {
    const ticket = await loadTicket();
    if (!ticket.settings.enabled)
      throw validationFailed([fieldError("attachmentType", "invalid", attachmentMessages.notEnabled, 422)]);
    return ticket;
  }

  /** The templates' values for a post (its text plain, the moderator's name). */
  const valuesOf = (recordType: AttachmentRecordType, recordID: number, post: AttachmentPostFacts, viewer: Viewer) => ({
    recordType,
    recordID: String(recordID),
    discussionID: String(post.discussionID),
    commentID: post.commentID === null ? "" : String(post.commentID),
    name: post.name,
    body: htmlToText(post.body, { spoilers: false }),
    url: post.url,
    userName: post.userName,
    insertUserID: String(post.insertUserID),
    moderatorName: viewer.user?.name ?? "",
  });

  /** `recordID` (Vanilla's) or `recordIDs`: one of them. */
  const recordIDsOf = (query: AttachmentsQuery): number[] => {
    if (query.recordID !== undefined && query.recordIDs !== undefined)
      throw validationFailed([fieldError("recordIDs", "invalid", attachmentMessages.recordBoth)]);
    if (query.recordID !== undefined) return [query.recordID];
    if (query.recordIDs !== undefined) return [...new Set(query.recordIDs)];
    throw validationFailed([fieldError("recordID", "missingField", attachmentMessages.recordMissing)]);
  };

  /** Every post must be one the viewer may see: the first that is not is its own 403 or 404. */
  async function requireReadable(recordType: AttachmentRecordType, recordIDs: number[], context: RequestContext) {
    const batch = deps.readable?.[recordType];
    const seen = recordIDs.length > 1 && batch ? await batch(recordIDs, context) : new Set<number>();
    for (const recordID of recordIDs) if (!seen.has(recordID)) await records[recordType](recordID, context);
  }

  return {
    /** The attachments of a post, or of several posts of a type (a page of comments) in one call. */
    async list(query: AttachmentsQuery, context: RequestContext): Promise<Attachment[]> {
      requireAccess(context.viewer, attachmentsPolicy.canView);
      const recordIDs = recordIDsOf(query);
      await requireReadable(query.recordType, recordIDs, context);
      return (await repo.forRecords(query.recordType, recordIDs)).map(presentAttachment);
    },

    /** Creates the ticket at the API, then stores the attachment with its id, link and status. */
    async create(body: AttachmentPost, context: RequestContext): Promise<Attachment> {
      requireAccess(context.viewer, attachmentsPolicy.canCreate);
      const { settings, secret } = await enabledTicket();
      const post = await records[body.recordType](body.recordID, context);
      const values = {
        ...valuesOf(body.recordType, body.recordID, post, context.viewer),
        name: body.name.trim(),
        body: body.body,
      };
      const remote = await client.create(settings, secret, values);
      const now = clock.nowIso();
      const attachmentID = await repo.insert({
        recordType: body.recordType,
        recordID: body.recordID,
        type: TICKET,
        source: settings.name,
        sourceID: remote.sourceID,
        sourceUrl: remote.sourceUrl,
        status: remote.status,
        foreignUserID: post.insertUserID,
        insertUserID: context.viewer.userID,
        dateInserted: now,
        updateUserID: null,
        dateUpdated: now,
        lastModifiedDate: now,
      });
      return presentAttachment((await repo.find(attachmentID))!);
    },

    /**
     * Reads each ticket's status again (at most 10). `onlyStale` (the web app's call when staff look at a post):
     * only those not refreshed for 10 minutes, and a ticket the API fails to answer is answered as last known
     * rather than failing the others (a pressed Refresh says the failure: 502).
     */
    async refresh(body: AttachmentsRefresh, context: RequestContext): Promise<Attachment[]> {
      requireAccess(context.viewer, attachmentsPolicy.canCreate);
      if (body.attachmentIDs.length > attachmentsLimits.refreshMaxIDs)
        throw badRequest(attachmentMessages.refreshTooMany);
      const limited = await deps.refreshLimiter?.hit(String(context.viewer.userID));
      if (limited && !limited.allowed) throw new HttpError(429, attachmentMessages.refreshLimited);
      const rows = await repo.findMany([...new Set(body.attachmentIDs)]);
      if (rows.length === 0) throw notFound("Attachment");
      const { settings, secret } = await enabledTicket();
      const staleBefore = clock.now().getTime() - attachmentsLimits.staleAfterMs;
      const answered: AttachmentRow[] = [];
      for (const row of rows) {
        const post = await records[row.recordType](row.recordID, context);
        const fresh = row.dateUpdated !== null && new Date(row.dateUpdated).getTime() > staleBefore;
        if (body.onlyStale && fresh) {
          answered.push(row);
          continue;
        }
        const values = valuesOf(row.recordType, row.recordID, post, context.viewer);
        const remote = await client.fetch(settings, secret, row.sourceID, values).catch((error: unknown) => {
          if (body.onlyStale && error instanceof HttpError && error.status === 502) return null;
          throw error;
        });
        if (remote === null) {
          answered.push(row);
          continue;
        }
        const now = clock.nowIso();
        const changes = {
          status: remote.status,
          sourceUrl: remote.sourceUrl ?? row.sourceUrl,
          updateUserID: context.viewer.userID,
          dateUpdated: now,
          ...(remote.status !== row.status ? { lastModifiedDate: now } : {}),
        };
        await repo.update(row.attachmentID, changes);
        answered.push({ ...row, ...changes });
      }
      return answered.map(presentAttachment);
    },

    /** The integrations the viewer may read (staff): the ticket one when enabled. */
    async catalog(viewer: Viewer): Promise<AttachmentCatalog> {
      if (!attachmentsPolicy.canView(viewer)) return {};
      const { settings } = await loadTicket();
      if (!settings.enabled) return {};
      return {
        [TICKET]: {
          attachmentType: TICKET,
          name: settings.name,
          title: `Create ticket in ${settings.name}`,
          label: "Create ticket",
          submitButton: "Create ticket",
          externalIDLabel: "Ticket",
          logoIcon: "ticket",
          attachmentTypeIcon: "ticket",
          postSuccessMessage: "The ticket was created.",
          writeableContentScope: attachmentsPolicy.canCreate(viewer) ? "all" : "none",
          recordTypes: ["discussion", "comment"],
          canCreate: attachmentsPolicy.canCreate(viewer),
        },
      };
    },

    /** The creation form's JSON schema for a post: its title and text as the defaults. */
    async schema(query: AttachmentSchemaQuery, context: RequestContext): Promise<AttachmentFormSchema> {
      requireAccess(context.viewer, attachmentsPolicy.canCreate);
      const { settings } = await loadTicket();
      if (!settings.enabled) throw notFound("Integration");
      const post = await records[query.recordType](query.recordID, context);
      const text = htmlToText(post.body, { spoilers: false });
      return {
        type: "object",
        properties: {
          name: {
            type: "string",
            title: "Title",
            default: truncate(post.name, attachmentsLimits.nameMaxLength),
            minLength: 1,
            maxLength: attachmentsLimits.nameMaxLength,
            "x-control": { inputType: "textBox", multiline: false },
          },
          body: {
            type: "string",
            title: "Description",
            default: truncate(`${text}\n\n${post.url}`, attachmentsLimits.bodyMaxLength),
            maxLength: attachmentsLimits.bodyMaxLength,
            "x-control": { inputType: "textBox", multiline: true },
          },
        },
        required: ["name"],
      };
    },

    async ticketSettings(viewer: Viewer): Promise<TicketIntegrationSettings> {
      requireAccess(viewer, attachmentsPolicy.canConfigure);
      const ticket = await loadTicket();
      return presentTicketSettings(ticket.settings, { ...ticket, hasAuthSecret: ticket.secret !== null });
    },

    /** Only the fields given change; `authSecret` is stored and never answered ("" removes it). */
    async updateTicketSettings(
      change: TicketIntegrationPatch,
      context: RequestContext,
    ): Promise<TicketIntegrationSettings> {
      requireAccess(context.viewer, attachmentsPolicy.canConfigure);
      const current = await loadTicket();
      const { authSecret, ...fields } = change;
      const trimmed = Object.fromEntries(
        Object.entries(fields).map(([key, value]) => [key, typeof value === "string" ? value.trim() : value]),
      );
      const next: TicketSettings = { ...current.settings, ...trimmed };
      const errors = await checkTicketSettings(next, change, await deps.allowedHosts());
      if (errors.length > 0) throw validationFailed(errors);
      const secret = authSecret === undefined ? current.secret : authSecret === "" ? null : authSecret;
      const now = clock.nowIso();
      await repo.saveIntegration({
        attachmentType: TICKET,
        settings: JSON.stringify(next),
        authSecret: secret,
        updateUserID: context.viewer.userID,
        dateUpdated: now,
      });
      return presentTicketSettings(next, {
        hasAuthSecret: secret !== null,
        dateUpdated: now,
        updateUserID: context.viewer.userID,
      });
    },
  };
}

export type AttachmentsService = ReturnType<typeof createAttachmentsService>;
