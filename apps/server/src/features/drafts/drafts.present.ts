import {
  draftStatuses,
  limits,
  pinLocationOfAnnounce,
  type Draft,
  type DraftAttributes,
  type DraftEdit,
  type DraftStatus,
} from "@parley/contracts";
import { toRfc3339 } from "../../platform/dates.ts";
import { normalizeFormat, renderExcerpt } from "../../platform/render/index.ts";
import { slugify } from "./drafts.deps.ts";
import type { DraftRow } from "./drafts.repo.ts";

const statusName = (value: number): DraftStatus => draftStatuses[value] ?? "draft";

/** The stored number of a status given as its name or number. */
export const statusNumber = (input: DraftStatus | number): number =>
  typeof input === "number" ? input : draftStatuses.indexOf(input);

export function parseDraftAttributes(json: string): DraftAttributes {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as DraftAttributes) : {};
  } catch {
    return {};
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === "object" && !Array.isArray(value);

/** The body as stored source text: rich bodies may come as a structured array (spec §5). */
export function bodyOf(attributes: DraftAttributes): { body: string; format: string } {
  const raw = attributes["body"];
  const body = typeof raw === "string" ? raw : Array.isArray(raw) ? JSON.stringify(raw) : "";
  const declared = typeof attributes["format"] === "string" ? attributes["format"] : limits.drafts.defaultFormat;
  return { body, format: Array.isArray(raw) && declared !== "rich" ? "rich2" : declared };
}

/** `draftMeta`, with old-style discussion drafts' `name`/`categoryID`/`announce` mapped in (spec §3). */
export function metaOf(row: Pick<DraftRow, "recordType" | "parentRecordID">, attributes: DraftAttributes) {
  const meta: Record<string, unknown> = isObject(attributes["draftMeta"]) ? { ...attributes["draftMeta"] } : {};
  if (row.recordType === "discussion") {
    if (meta["name"] === undefined && typeof attributes["name"] === "string") meta["name"] = attributes["name"];
    if (meta["categoryID"] === undefined) {
      const legacy = attributes["categoryID"] ?? row.parentRecordID;
      if (legacy !== undefined && legacy !== null) meta["categoryID"] = Number(legacy);
    }
    if (meta["pinLocation"] === undefined && attributes["announce"] !== undefined)
      meta["pinLocation"] = pinLocationOfAnnounce(attributes["announce"]);
    if (meta["pinLocation"] !== undefined) meta["pinned"] = meta["pinLocation"] !== "none";
  }
  return meta;
}

/** `GET /drafts/{id}/edit`: the attributes a form continues from, old-style fields mapped. */
export function presentDraftEdit(row: DraftRow): DraftEdit {
  const attributes = parseDraftAttributes(row.attributes);
  const { body, format } = bodyOf(attributes);
  return {
    draftID: row.draftID,
    recordType: row.recordType as DraftEdit["recordType"],
    recordID: row.recordID,
    parentRecordType: row.parentRecordType,
    parentRecordID: row.parentRecordID,
    attributes: { ...attributes, body, format, draftMeta: metaOf(row, attributes) },
  };
}

/** Where the draft continues: the post form, or the discussion's comment box (spec §2's draft links). */
function draftEditUrl(origin: string, row: DraftRow, discussionName: string | undefined): string {
  if (row.recordType === "comment") {
    const meta = metaOf(row, parseDraftAttributes(row.attributes));
    const parentCommentID = Number(meta["commentParentID"] ?? 0);
    if (parentCommentID > 0)
      return `${origin}/discussion/comment/${parentCommentID}?hasDraft=true#Comment_${parentCommentID}`;
    const id = row.parentRecordID ?? 0;
    return `${origin}/discussion/${id}/${slugify(discussionName ?? "")}?hasDraft=true#create-comment`;
  }
  return `${origin}/post/editdiscussion/${row.recordID ?? 0}/${row.draftID}`;
}

export function presentDraft(row: DraftRow, origin: string, discussionNames: Map<number, string>): Draft {
  const attributes = parseDraftAttributes(row.attributes);
  const meta = metaOf(row, attributes);
  const { body, format } = bodyOf(attributes);
  const discussionName =
    row.recordType === "comment" && row.parentRecordID !== null ? discussionNames.get(row.parentRecordID) : undefined;
  const name =
    row.recordType === "comment" ? (discussionName ?? "") : typeof meta["name"] === "string" ? meta["name"] : "";
  let excerpt = "";
  const postFormat = normalizeFormat(format);
  if (body && postFormat) excerpt = renderExcerpt(body, postFormat, 200);
  return {
    draftID: row.draftID,
    recordType: row.recordType as Draft["recordType"],
    recordID: row.recordID,
    parentRecordType: row.parentRecordType,
    parentRecordID: row.parentRecordID,
    attributes,
    insertUserID: row.insertUserID,
    dateInserted: toRfc3339(row.dateInserted),
    updateUserID: row.updateUserID,
    dateUpdated: row.dateUpdated ? toRfc3339(row.dateUpdated) : null,
    draftStatus: statusName(row.draftStatus),
    dateScheduled: row.dateScheduled ? toRfc3339(row.dateScheduled) : null,
    failedReason: row.failedReason,
    name,
    excerpt,
    editUrl: draftEditUrl(origin, row, discussionName),
  };
}
