import {
  collectionRules,
  type Collection,
  type CollectionByResourcePut,
  type CollectionContent,
  type CollectionContentsQuery,
  type CollectionRecordContent,
  type CollectionListQuery,
  type CollectionPatch,
  type CollectionPost,
  type CollectionRecordInput,
  type FieldError,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import { fieldError, HttpError, notFound, validationFailed } from "../../platform/errors.ts";
import { parseDateFilter } from "../../platform/http/filters.ts";
import { collectionsPolicy } from "./collections.policy.ts";
import type { CollectionRecordRow, CollectionRow, CollectionsRepo } from "./collections.repo.ts";
import type { RequestContext as ContentContext } from "../../platform/http/request-context.ts";

const isRecordType = (value: string) => (collectionRules.recordTypes as readonly string[]).includes(value);

/** Record items: a known recordType (422 with the item's path otherwise), each record once. */
function checkRecords(records: CollectionRecordInput[], field = "records"): void {
  const errors: FieldError[] = [];
  records.forEach((record, index) => {
    if (!isRecordType(record.recordType)) {
      errors.push({
        ...fieldError(
          "recordType",
          "invalid",
          `recordType must be one of: ${collectionRules.recordTypes.join(", ")}.`,
          422,
        ),
        path: `${field}[${index}]`,
      });
    }
  });
  if (errors.length) throw validationFailed(errors);
}

const recordRows = (collectionID: number, records: CollectionRecordInput[], now: string): CollectionRecordRow[] => {
  const seen = new Set<string>();
  return records
    .filter((record) => {
      const key = `${record.recordType}:${record.recordID}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((record, index) => ({
      collectionID,
      recordType: record.recordType,
      recordID: record.recordID,
      sort: record.sort ?? index,
      dateInserted: now,
    }));
};

/**
 * Presents records of one type as their own endpoint does (a Discussion, a Category), leaving out
 * those that are gone or that the viewer may not see, in a fixed number of queries however many.
 */
export type RecordPresenter = (ids: number[], context: ContentContext) => Promise<Array<[number, object]>>;

/** Collections: read by anyone, made and changed with community.manage (spec §6), 30 records at most. */
export function createCollectionsService({
  repo,
  platform,
  presenters,
}: {
  repo: CollectionsRepo;
  platform: Platform;
  presenters: Partial<Record<string, RecordPresenter>>;
}) {
  /**
   * The records expanded, one call per record type, and the lookup of a row's record (undefined when
   * there is nothing to show: gone, unseen, or a type Parley has no feature for, such as articles).
   */
  async function expanded(
    rows: CollectionRecordRow[],
    context: ContentContext,
  ): Promise<(row: Pick<CollectionRecordRow, "recordType" | "recordID">) => object | undefined> {
    const keyOf = (recordType: string, recordID: number) => `${recordType}:${recordID}`;
    const idsByType = new Map<string, Set<number>>();
    for (const row of rows)
      idsByType.set(row.recordType, (idsByType.get(row.recordType) ?? new Set()).add(row.recordID));
    const out = new Map<string, object>();
    await Promise.all(
      [...idsByType].map(async ([recordType, ids]) => {
        const present = presenters[recordType];
        if (!present) return;
        for (const [recordID, record] of await present([...ids], context)) out.set(keyOf(recordType, recordID), record);
      }),
    );
    return (row) => out.get(keyOf(row.recordType, row.recordID));
  }

  /** Presents collections with their records: one query for all of them. */
  async function present(rows: CollectionRow[]): Promise<Collection[]> {
    const records = await repo.recordsOf(rows.map((row) => row.collectionID));
    return rows.map((row) => ({
      collectionID: row.collectionID,
      name: row.name,
      records: records
        .filter((record) => record.collectionID === row.collectionID)
        .map((record) => ({
          recordID: record.recordID,
          recordType: record.recordType,
          sort: record.sort,
          dateAddedToCollection: toRfc3339(record.dateInserted),
        })),
      dateInserted: toRfc3339(row.dateInserted),
      dateUpdated: row.dateUpdated ? toRfc3339(row.dateUpdated) : null,
      insertUserID: row.insertUserID,
      updateUserID: row.updateUserID,
    }));
  }

  async function load(collectionID: number): Promise<CollectionRow> {
    const [row] = await repo.findByIds([collectionID]);
    if (!row) throw notFound("Collection");
    return row;
  }

  return {
    async list(query: CollectionListQuery) {
      const page = query.page ?? 1;
      const limit = query.limit ?? collectionRules.defaultLimit;
      const rows = await repo.list(
        {
          ...(query.collectionID ? { collectionIDs: query.collectionID } : {}),
          ...(query.name !== undefined ? { name: query.name } : {}),
        },
        (page - 1) * limit,
        limit,
      );
      return { items: await present(rows), page, limit };
    },

    async get(collectionID: number): Promise<Collection> {
      return (await present([await load(collectionID)]))[0]!;
    },

    async create(body: CollectionPost, viewer: Viewer): Promise<Collection> {
      requireAccess(viewer, collectionsPolicy.canManage);
      const missing = [
        ...(body.name?.trim() ? [] : [fieldError("name", "missingField", "name is required.")]),
        ...(body.records === undefined ? [fieldError("records", "missingField", "records is required.")] : []),
      ];
      if (missing.length) {
        throw new HttpError(400, missing.map((error) => error.message).join(" "), { errors: missing });
      }
      const records = body.records!;
      checkRecords(records);
      const now = platform.clock.nowIso();
      const collectionID = await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        const id = await scoped.insert({
          name: body.name!.trim(),
          insertUserID: viewer.userID,
          updateUserID: null,
          dateInserted: now,
          dateUpdated: null,
        });
        await scoped.replaceRecords(id, recordRows(id, records, now));
        return id;
      });
      return this.get(collectionID);
    },

    async update(collectionID: number, body: CollectionPatch, viewer: Viewer): Promise<Collection> {
      requireAccess(viewer, collectionsPolicy.canManage);
      await load(collectionID);
      if (body.name !== undefined && !body.name.trim())
        throw validationFailed([fieldError("name", "missingField", "name is required.")]);
      if (body.records) checkRecords(body.records);
      const now = platform.clock.nowIso();
      await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        await scoped.update(collectionID, {
          ...(body.name !== undefined ? { name: body.name.trim() } : {}),
          dateUpdated: now,
          updateUserID: viewer.userID,
        });
        if (body.records) await scoped.replaceRecords(collectionID, recordRows(collectionID, body.records, now));
      });
      return this.get(collectionID);
    },

    async remove(collectionID: number, viewer: Viewer): Promise<void> {
      requireAccess(viewer, collectionsPolicy.canManage);
      await load(collectionID);
      await platform.db.transaction().execute((trx) => repo.withTransaction(trx).remove(collectionID));
    },

    /** `GET /collections/contents/{locale}`: records across collections, each with its `record`; a numbered pager. */
    async contents(query: CollectionContentsQuery, context: ContentContext) {
      const page = query.page ?? 1;
      const limit = query.limit ?? collectionRules.contentsDefaultLimit;
      const filters = {
        ...(query.collectionID ? { collectionIDs: query.collectionID } : {}),
        ...(query.dateAddedToCollection
          ? { dates: parseDateFilter("dateAddedToCollection", query.dateAddedToCollection) }
          : {}),
      };
      const [rows, total] = await Promise.all([
        repo.recordsPage(filters, (page - 1) * limit, limit),
        repo.countRecords(filters),
      ]);
      const withCollection = (query.expand ?? []).some((name) => name === "collection" || name === "all");
      const [recordOf, collections] = await Promise.all([
        expanded(rows, context),
        withCollection ? repo.findByIds([...new Set(rows.map((row) => row.collectionID))]) : Promise.resolve([]),
      ]);
      const names = new Map(collections.map((row) => [row.collectionID, row.name]));
      const items = rows.flatMap((row): CollectionRecordContent[] => {
        const record = recordOf(row);
        if (!record) return [];
        return [
          {
            collectionID: row.collectionID,
            recordID: row.recordID,
            recordType: row.recordType,
            sort: row.sort,
            dateAddedToCollection: toRfc3339(row.dateInserted),
            record,
            ...(withCollection
              ? { collection: { collectionID: row.collectionID, name: names.get(row.collectionID) ?? "" } }
              : {}),
          },
        ];
      });
      return { items, page, limit, total };
    },

    /** `GET /collections/{id}/content/{locale}`: one collection with each record expanded. */
    async content(collectionID: number, context: ContentContext): Promise<CollectionContent> {
      const row = await load(collectionID);
      const rows = await repo.recordsOf([collectionID]);
      const recordOf = await expanded(rows, context);
      return {
        collectionID: row.collectionID,
        name: row.name,
        records: rows.flatMap((record) => {
          const expandedRecord = recordOf(record);
          return expandedRecord
            ? [{ recordID: record.recordID, recordType: record.recordType, sort: record.sort, record: expandedRecord }]
            : [];
        }),
      };
    },

    async byResource(recordType: string, recordID: number): Promise<Collection[]> {
      const ids = await repo.collectionIDsOfRecord(recordType, recordID);
      return present(await repo.findByIds(ids));
    },

    /**
     * Sets the collections a record belongs to (replacing the list): parse → load (the collections) →
     * authorize (community.manage) → one transaction → the record's collections.
     */
    async setByResource(body: CollectionByResourcePut, viewer: Viewer): Promise<Collection[]> {
      requireAccess(viewer, collectionsPolicy.canManage);
      checkRecords([body.record], "record");
      const wanted = [...new Set(body.collectionIDs)];
      const found = await repo.findByIds(wanted);
      const unknown = wanted.filter((id) => !found.some((row) => row.collectionID === id));
      if (unknown.length) throw notFound("Collection", `Unknown collection: ${unknown.join(", ")}.`);
      const { recordType, recordID } = body.record;
      const current = await repo.collectionIDsOfRecord(recordType, recordID);
      const now = platform.clock.nowIso();
      await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        await scoped.removeRecordFrom(
          recordType,
          recordID,
          current.filter((id) => !wanted.includes(id)),
        );
        for (const collectionID of wanted.filter((id) => !current.includes(id))) {
          const count = await scoped.countRecords({ collectionIDs: [collectionID] });
          if (count >= collectionRules.maxRecords) {
            throw new HttpError(400, `A collection holds at most ${collectionRules.maxRecords} records.`);
          }
          await scoped.addRecord({
            collectionID,
            recordType,
            recordID,
            sort: body.record.sort ?? count,
            dateInserted: now,
          });
          await scoped.update(collectionID, { dateUpdated: now, updateUserID: viewer.userID });
        }
      });
      return this.byResource(recordType, recordID);
    },
  };
}

export type CollectionsService = ReturnType<typeof createCollectionsService>;
