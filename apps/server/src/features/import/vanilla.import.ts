import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/database.ts";
import type { DB } from "../../platform/db/schema.ts";
import type { Storage } from "../../platform/storage/index.ts";
import { advanceIdSequence } from "../../platform/db/sequences.ts";
import { importedPasswordHash } from "../../platform/auth/imported-hashes.ts";
import { createSiteConfig } from "../../platform/site-config.ts";
import {
  insertImportedCategories,
  recountCategories,
  recountImportedCategoryFollowers,
  settleImportedCategories,
  type ImportedCategory,
} from "../categories/index.ts";
import { insertImportedComments, recountImportedCommentScores, type ImportedComment } from "../comments/index.ts";
import {
  insertImportedConversationMessages,
  insertImportedConversations,
  insertImportedParticipants,
  recountImportedConversations,
  type ImportedConversation,
  type ImportedConversationMessage,
  type ImportedParticipant,
} from "../conversations/index.ts";
import {
  insertImportedDiscussions,
  insertImportedUserDiscussions,
  recountImportedDiscussions,
  settleImportedPolls,
  type ImportedDiscussion,
  type ImportedUserDiscussion,
} from "../discussions/index.ts";
import {
  foldReactionCode,
  insertImportedReactions,
  reactionTypesByCode,
  type ImportedReaction,
} from "../reactions/index.ts";
import { insertImportedTagDiscussions, insertImportedTags, recountTagCounts, type ImportedTag } from "../tags/index.ts";
import { recalculatePoints } from "../reputation/index.ts";
import { importRole, setImportedGrants } from "../roles/index.ts";
import { createSearchEngine, searchLanguageOf } from "../search/index.ts";
import { rebuildMentionIndex } from "../mentions/index.ts";
import { createAnalyticsRepo } from "../analytics/index.ts";
import { insertImportedUserRoles, insertImportedUsers, recountPostCounts, type ImportedUser } from "../users/index.ts";
import {
  countUsers,
  existingRecords,
  existingUsers,
  largestID,
  postAuthors,
  postIdentity,
  roleIdByName,
} from "./import.repo.ts";
import { importedRedirects, insertImportRedirects } from "./import.redirects.ts";
import {
  date,
  discussionType,
  displayAs,
  flag,
  grantedBy,
  int,
  ipAddress,
  isCategoryPermission,
  permissionName,
  photoUrl,
  postFormat,
  text,
} from "./vanilla.map.ts";
import type { ImportSource, SourceRow } from "./import.source.ts";
import {
  importCategoryFollows,
  importDrafts,
  importMedia,
  importPolls,
  type ImportContext,
  type TableReport,
} from "./vanilla.extras.ts";

export interface ImportReport {
  dryRun: boolean;
  tables: TableReport[];
  /** What was imported but changed on the way (a format or type Parley lacks, a photo not kept…), counted. */
  notes: Record<string, number>;
  /** Records in the rebuilt search index; null in a dry run. */
  indexed: number | null;
}

export interface ImportOptions {
  source: ImportSource;
  database: Database;
  dryRun?: boolean;
  /** Rows read (and written) a batch at a time; 1,000 by default. */
  batchSize?: number;
  /** Progress lines and the steps' names (the CLI prints them on stderr). */
  log?: (line: string) => void;
  /** Milliseconds between two progress lines of one table (the last line is always said). */
  progressEveryMs?: number;
  /**
   * Vanilla's uploads folder (`--uploads`), whose files (media, members' photos) are copied into `to`, Parley's
   * uploads' storage (`<dataDir>/uploads`, or the configured bucket). Without it, no file is imported (the report says so).
   */
  uploads?: { from: string; to: Storage };
}

const REQUIRED = ["User", "Category", "Discussion", "Comment"] as const;
const ROLE_TYPES = new Set(["guest", "unconfirmed", "applicant", "member", "moderator", "administrator"]);
const ALREADY = "already imported";
/** A permission column as the porter's export structure names it: `Garden_SignIn_Allow`, `Vanilla_Discussions_View`. */
const PORTER_PERMISSION = /^[A-Z][A-Za-z]+_[A-Z][A-Za-z]+_[A-Z][A-Za-z]+$/;

/** Thrown when the target holds members that did not come from this source (an import goes into a new forum). */
export class ImportRefused extends Error {}

/**
 * Reads a live Vanilla database into Parley's: roles and their permissions, members (with their password hashes,
 * which keep working: password.ts), categories, discussions and comments with their own ids; then recounts the
 * counters once and rebuilds the search index. Each batch is one transaction of the target; a row whose id is
 * already there is skipped, so a re-run after a stop continues where it was and never duplicates. A dry run reads
 * and checks everything and writes nothing.
 */
export async function importVanilla(options: ImportOptions): Promise<ImportReport> {
  const { source, database } = options;
  const db = database.db;
  const dryRun = options.dryRun ?? false;
  const batchSize = options.batchSize ?? 1_000;
  const log = options.log ?? (() => {});
  const report: ImportReport = { dryRun, tables: [], notes: {}, indexed: null };
  const note = (what: string) => (report.notes[what] = (report.notes[what] ?? 0) + 1);

  for (const table of REQUIRED)
    if (!(await source.hasTable(table)))
      throw new Error(`${source.describe} has no table ${table} (a database: with the prefix given, --prefix).`);

  /** Runs a batch's writes in one transaction, or nothing in a dry run. */
  const write = async <T>(work: (trx: Kysely<DB>) => Promise<T>, dry: T): Promise<T> =>
    dryRun ? dry : db.transaction().execute(work);

  const tableReport = (table: string): TableReport => {
    const entry: TableReport = { table, read: 0, imported: 0, skipped: {} };
    report.tables.push(entry);
    return entry;
  };
  const skip = (entry: TableReport, reason: string, count = 1) => {
    if (count > 0) entry.skipped[reason] = (entry.skipped[reason] ?? 0) + count;
  };

  /** The largest id read of each table: new records' ids start past it, so a row skipped now can come later. */
  const highest = new Map<string, number>();

  /** Reads a table batch by batch, handing each to `each`, with a progress line per table. */
  async function pass(
    table: string,
    key: readonly string[],
    each: (rows: SourceRow[], entry: TableReport) => Promise<void>,
    /** The source's table, when the report's line has another name (a second pass over one table). */
    from = table,
  ): Promise<TableReport> {
    const entry = tableReport(table);
    const total = await source.count(from);
    const started = Date.now();
    let said = started;
    const say = () => {
      const seconds = Math.max((Date.now() - started) / 1000, 0.001);
      const skipped = Object.values(entry.skipped).reduce((a, b) => a + b, 0);
      log(
        `${table}: ${entry.read.toLocaleString("en-US")}/${total.toLocaleString("en-US")} read, ` +
          `${entry.imported.toLocaleString("en-US")} ${dryRun ? "to import" : "imported"}, ` +
          `${skipped.toLocaleString("en-US")} skipped, ${Math.round(entry.read / seconds).toLocaleString("en-US")} rows/s`,
      );
    };
    for await (const rows of source.batches(from, key, batchSize)) {
      entry.read += rows.length;
      // A file's rows come in its own order: the largest id of the batch, not its last.
      if (key.length === 1)
        for (const row of rows) {
          const id = int(row[key[0]!]);
          if (id > (highest.get(table) ?? 0)) highest.set(table, id);
        }
      await each(rows, entry);
      if (Date.now() - said >= (options.progressEveryMs ?? 1_000)) {
        said = Date.now();
        say();
      }
    }
    say();
    return entry;
  }
  /**
   * Inserts records whose id was taken in the target under new ids past the source's and the target's largest, each
   * with its old id mapped to the new one (importRedirects) in the same transaction. Answers old id → new id.
   */
  async function insertMoved<T>(
    recordType: "discussion" | "comment",
    rows: T[],
    idOf: (row: T) => number,
    withID: (row: T, id: number) => T,
    insert: (trx: Kysely<DB>, rows: T[]) => Promise<number[]>,
    entry: TableReport,
  ): Promise<Map<number, number>> {
    const moved = new Map<number, number>();
    if (rows.length === 0) return moved;
    const from = recordType === "discussion" ? "Discussion" : "Comment";
    let next = Math.max(highest.get(from) ?? 0, await largestID(db, recordType)) + 1;
    for (let start = 0; start < rows.length; start += batchSize) {
      const batch = rows.slice(start, start + batchSize).map((row) => withID(row, next++));
      const redirects = rows
        .slice(start, start + batchSize)
        .map((row, index) => ({ recordType, oldID: idOf(row), newID: idOf(batch[index]!) }));
      await write(async (trx) => {
        await insert(trx, batch);
        await insertImportRedirects(trx, redirects);
      }, undefined);
      for (const { oldID, newID } of redirects) moved.set(oldID, newID);
    }
    highest.set(from, next - 1);
    entry.imported += rows.length;
    for (let i = 0; i < rows.length; i++)
      note(`${recordType} whose id was taken in the target, imported under a new id`);
    return moved;
  }
  const summary = (entry: TableReport) => {
    const skipped = Object.values(entry.skipped).reduce((a, b) => a + b, 0);
    log(`${entry.table}: ${entry.imported} ${dryRun ? "to import" : "imported"}, ${skipped} skipped`);
  };

  // A target with members goes on only when they came from this source (a re-run): the first batch of the
  // source's members must be there under the same ids and names. An import goes into a new forum.
  if ((await countUsers(db)) > 0) {
    const first = await source.batches("User", ["UserID"], batchSize).next();
    const rows = first.done ? [] : first.value;
    const present = await existingUsers(
      db,
      rows.map((row) => int(row["UserID"])),
    );
    const same = rows.some(
      (row) => present.get(int(row["UserID"]))?.toLowerCase() === text(row["Name"])?.trim().toLowerCase(),
    );
    if (!same)
      throw new ImportRefused(
        "The target database has members that were not imported from this source: import into a new database " +
          "(`npm run import` migrates it without the demo community or an admin).",
      );
  }

  // Roles: matched to Parley's by name (its defaults have Vanilla's names), else created.
  const roleIDs = new Map<number, number>();
  const hasRoles = await source.hasTable("Role");
  if (hasRoles)
    await pass("Role", ["RoleID"], async (rows, entry) => {
      for (const row of rows) {
        const name = text(row["Name"])?.trim();
        if (!name) {
          skip(entry, "no name");
          continue;
        }
        const type = text(row["Type"])?.toLowerCase() ?? null;
        if (dryRun) {
          const matched = await roleIdByName(db, name);
          roleIDs.set(int(row["RoleID"]), matched ?? 0);
          if (matched === undefined) entry.imported += 1;
          else skip(entry, "matched to Parley's role of the same name");
          continue;
        }
        const { roleID, created } = await importRole(db, {
          name,
          description: text(row["Description"]),
          type: type && ROLE_TYPES.has(type) ? type : null,
          sort: int(row["Sort"]),
          deletable: flag(row["Deletable"] ?? 1),
          canSession: flag(row["CanSession"] ?? 1),
          personalInfo: flag(row["PersonalInfo"]),
          dateInserted: new Date().toISOString(),
          dateUpdated: null,
        });
        roleIDs.set(int(row["RoleID"]), roleID);
        if (created) entry.imported += 1;
        else skip(entry, "matched to Parley's role of the same name");
      }
    });

  // Members, with their ids. The first batch tells a resumed import from a foreign target.
  const users = new Set<number>();
  await pass("User", ["UserID"], async (rows, entry) => {
    const present = await existingUsers(
      db,
      rows.map((row) => int(row["UserID"])),
    );
    const fresh: ImportedUser[] = [];
    for (const row of rows) {
      const userID = int(row["UserID"]);
      const name = text(row["Name"])?.trim() ?? "";
      const there = present.get(userID);
      if (there !== undefined) {
        if (there.toLowerCase() === name.toLowerCase()) {
          users.add(userID);
          skip(entry, ALREADY);
        } else skip(entry, "its id is another member's in the target");
        continue;
      }
      if (!name) {
        skip(entry, "no name");
        continue;
      }
      // Kept when Parley can check it (imported-hashes.ts), by the row's hash method or the source's.
      const passwordHash = importedPasswordHash(
        text(row["HashMethod"])?.trim() || source.defaultHashMethod,
        text(row["Password"]),
      );
      if (!passwordHash) note("member without a password Parley can check (signs in after a password reset)");
      const photo = photoUrl(row["Photo"]);
      if (text(row["Photo"]) && !photo && !options.uploads)
        note("member photo stored in Vanilla's uploads, not kept (no uploads folder given: --uploads)");
      const inserted = date(row["DateInserted"]) ?? date(row["DateFirstVisit"]) ?? new Date().toISOString();
      fresh.push({
        userID,
        name,
        email: text(row["Email"]) ?? "",
        emailConfirmed: flag(row["Confirmed"] ?? 1),
        passwordHash,
        photoUrl: photo,
        title: text(row["Title"]),
        location: text(row["Location"]),
        about: text(row["About"]),
        aboutFormat: text(row["About"]) ? "text" : null,
        isAdmin: int(row["Admin"]) === 1 ? 1 : 0,
        banned: flag(row["Banned"]),
        deleted: flag(row["Deleted"]),
        private: 0,
        points: int(row["Points"]),
        showEmail: flag(row["ShowEmail"]),
        countVisits: int(row["CountVisits"]),
        dateInserted: inserted,
        dateUpdated: date(row["DateUpdated"]),
        dateLastActive: date(row["DateLastActive"]),
        insertIPAddress: ipAddress(row["InsertIPAddress"]),
        lastIPAddress: ipAddress(row["LastIPAddress"]),
      });
    }
    const inserted = await write(
      (trx) => insertImportedUsers(trx, fresh),
      fresh.map((row) => row.userID),
    );
    for (const userID of inserted) users.add(userID);
    entry.imported += inserted.length;
    skip(entry, "its name is another member's in the target", fresh.length - inserted.length);
  });

  if (await source.hasTable("UserRole"))
    await pass("UserRole", ["UserID", "RoleID"], async (rows, entry) => {
      const pairs: Array<{ userID: number; roleID: number }> = [];
      for (const row of rows) {
        const userID = int(row["UserID"]);
        const roleID = roleIDs.get(int(row["RoleID"]));
        if (!users.has(userID)) skip(entry, "member not imported");
        else if (roleID === undefined) skip(entry, "role not imported");
        else pairs.push({ userID, roleID });
      }
      const inserted = await write((trx) => insertImportedUserRoles(trx, pairs), pairs.length);
      entry.imported += inserted;
      skip(entry, ALREADY, pairs.length - inserted);
    });

  // Categories: few enough to order in memory (parents before children); the root row (-1) is Parley's own.
  const categories = new Set<number>([-1]);
  const sourceCategories: SourceRow[] = [];
  const categoryEntry = await pass("Category", ["CategoryID"], async (rows, entry) => {
    for (const row of rows) {
      if (int(row["CategoryID"]) <= 0) skip(entry, "the root category (Parley has its own)");
      else sourceCategories.push(row);
    }
  });
  {
    const byParent = new Map<number, SourceRow[]>();
    const ids = new Set(sourceCategories.map((row) => int(row["CategoryID"])));
    const parentOf = (row: SourceRow) => {
      const parent = int(row["ParentCategoryID"], -1);
      return ids.has(parent) ? parent : -1;
    };
    for (const row of sourceCategories) byParent.set(parentOf(row), [...(byParent.get(parentOf(row)) ?? []), row]);
    const ordered: SourceRow[] = [];
    const queue = [-1];
    while (queue.length)
      for (const row of byParent.get(queue.shift()!) ?? []) {
        ordered.push(row);
        queue.push(int(row["CategoryID"]));
      }
    // A cycle in the source's tree leaves rows unreached: skipped, with the reason.
    skip(categoryEntry, "in a cycle of parent categories", sourceCategories.length - ordered.length);
    for (let start = 0; start < ordered.length; start += batchSize) {
      const batch = ordered.slice(start, start + batchSize);
      const present = await existingRecords(
        db,
        "categories",
        batch.map((row) => int(row["CategoryID"])),
      );
      const fresh: ImportedCategory[] = [];
      for (const row of batch) {
        const categoryID = int(row["CategoryID"]);
        const there = present.get(categoryID);
        if (there !== undefined) {
          if (there === (text(row["UrlCode"])?.trim() || `category-${categoryID}`).toLowerCase()) {
            categories.add(categoryID);
            skip(categoryEntry, ALREADY);
          } else skip(categoryEntry, "its id is another category's in the target");
          continue;
        }
        const dateInserted = date(row["DateInserted"]) ?? new Date().toISOString();
        fresh.push({
          categoryID,
          parentCategoryID: parentOf(row),
          name: text(row["Name"])?.trim() || `Category ${categoryID}`,
          urlcode: text(row["UrlCode"])?.trim() || `category-${categoryID}`,
          description: text(row["Description"]),
          displayAs: displayAs(row["DisplayAs"], byParent.has(categoryID)),
          customPermissions: int(row["PermissionCategoryID"]) === categoryID ? 1 : 0,
          isArchived: flag(row["Archived"]),
          sort: int(row["Sort"]),
          depth: 0,
          dateInserted,
          dateUpdated: date(row["DateUpdated"]),
          insertUserID: int(row["InsertUserID"], 0),
          updateUserID: row["UpdateUserID"] === null ? null : int(row["UpdateUserID"]),
          iconUrl: photoUrl(row["Photo"]),
          lastDiscussionID: null,
          lastCommentID: null,
          dateLastPost: null,
          permissionCategoryID: -1,
        });
      }
      const inserted = await write(
        (trx) => insertImportedCategories(trx, fresh),
        fresh.map((row) => row.categoryID),
      );
      for (const categoryID of inserted) categories.add(categoryID);
      categoryEntry.imported += inserted.length;
      skip(categoryEntry, "its urlcode is another category's in the target", fresh.length - inserted.length);
    }
  }

  summary(categoryEntry);

  // Permissions: each role's global row (and the root category's row: the defaults of categories without their
  // own) and its rows for categories with custom permissions. Columns Parley has no name for are left.
  if (await source.hasTable("Permission")) {
    const columns = new Map<string, string>();
    const unknown: string[] = [];
    for (const column of await source.columns("Permission"))
      if (column.includes(".") || PORTER_PERMISSION.test(column)) {
        // The porter's structure names them with underscores (`Garden_SignIn_Allow`).
        const name = permissionName(column.includes(".") ? column : column.replaceAll("_", "."));
        if (name) columns.set(column, name);
        else unknown.push(column);
      }
    if (unknown.length) log(`Permission: no Parley equivalent, left: ${unknown.join(", ")}`);
    const known = [...new Set(columns.values())];
    const knownInCategories = known.filter(isCategoryPermission);
    const globalRows = new Map<number, { global?: SourceRow; root?: SourceRow }>();
    await pass("Permission", ["PermissionID"], async (rows, entry) => {
      for (const row of rows) {
        const roleID = roleIDs.get(int(row["RoleID"]));
        const junctionTable = text(row["JunctionTable"]);
        const junctionID = int(row["JunctionID"], 0);
        if (roleID === undefined) {
          skip(entry, int(row["RoleID"]) === 0 ? "the defaults' template (RoleID 0)" : "role not imported");
        } else if (!junctionTable) {
          globalRows.set(roleID, { ...globalRows.get(roleID), global: row });
          entry.imported += 1;
        } else if (junctionTable !== "Category") {
          skip(entry, `junction ${junctionTable} (not imported yet)`);
        } else if (junctionID <= 0) {
          globalRows.set(roleID, { ...globalRows.get(roleID), root: row });
          entry.imported += 1;
        } else if (!categories.has(junctionID)) {
          skip(entry, "category not imported");
        } else {
          const granted = grantedBy(row, columns).filter(isCategoryPermission);
          await write(
            (trx) => setImportedGrants(trx, roleID, "category", junctionID, granted, knownInCategories),
            undefined,
          );
          entry.imported += 1;
        }
      }
    });
    for (const [roleID, { global, root }] of globalRows) {
      if (!global || roleID === 0) continue;
      const granted = [
        ...grantedBy(global, columns).filter((name) => !isCategoryPermission(name)),
        ...grantedBy(root ?? global, columns).filter(isCategoryPermission),
      ];
      await write((trx) => setImportedGrants(trx, roleID, "", 0, granted, known), undefined);
    }
  }

  // Discussions and comments with their ids; their counters are recounted once at the end. A poll stays a poll
  // when the source has the Polls add-on's tables (one left without its poll is made a discussion at the end).
  const hasPolls = await source.hasTable("Poll");
  // A discussion's or comment's id taken in the target by another record: imported under a new id after its table,
  // and the old id mapped to it (importRedirects), which the old addresses' redirects and the later tables follow.
  const discussions = new Map<number, number>();
  const movedComments = new Map<number, number>();
  const commentHere = (commentID: number) => movedComments.get(commentID) ?? commentID;
  const movingDiscussions: ImportedDiscussion[] = [];
  const discussionEntry = await pass("Discussion", ["DiscussionID"], async (rows, entry) => {
    const present = await existingRecords(
      db,
      "discussions",
      rows.map((row) => int(row["DiscussionID"])),
    );
    const redirected = await importedRedirects(db, "discussion", [...present.keys()]);
    const fresh: ImportedDiscussion[] = [];
    for (const row of rows) {
      const discussionID = int(row["DiscussionID"]);
      const categoryID = int(row["CategoryID"], 0);
      const insertUserID = int(row["InsertUserID"], 0);
      const format = postFormat(row["Format"]);
      const there = present.get(discussionID);
      const movedTo = redirected.get(discussionID);
      if (there !== undefined && there === postIdentity(insertUserID, date(row["DateInserted"]) ?? "")) {
        discussions.set(discussionID, discussionID);
        skip(entry, ALREADY);
      } else if (there !== undefined && movedTo !== undefined) {
        discussions.set(discussionID, movedTo);
        skip(entry, ALREADY);
      } else if (!categories.has(categoryID) || categoryID === -1) skip(entry, "its category was not imported");
      else if (!users.has(insertUserID)) skip(entry, "its author was not imported");
      else if (format === null) skip(entry, `format ${text(row["Format"])} unknown to Parley`);
      else {
        let type = discussionType(row["Type"], hasPolls);
        if (type === null) {
          note(`discussion of type ${text(row["Type"])} imported as a discussion`);
          type = "discussion";
        }
        const dateInserted = date(row["DateInserted"]) ?? new Date().toISOString();
        const announce = int(row["Announce"]);
        (there === undefined ? fresh : movingDiscussions).push({
          discussionID,
          type,
          categoryID,
          name: text(row["Name"])?.trim() || `Discussion ${discussionID}`,
          body: text(row["Body"]) ?? "",
          format,
          insertUserID,
          updateUserID: users.has(int(row["UpdateUserID"], 0)) ? int(row["UpdateUserID"]) : null,
          lastUserID: null,
          lastCommentID: null,
          dateInserted,
          dateUpdated: date(row["DateUpdated"]),
          dateLastComment: date(row["DateLastComment"]) ?? dateInserted,
          countViews: int(row["CountViews"]),
          closed: flag(row["Closed"]),
          sink: flag(row["Sink"]),
          announce: announce >= 0 && announce <= 2 ? announce : 1,
          attributes: null,
          insertIPAddress: ipAddress(row["InsertIPAddress"]),
        });
      }
    }
    const inserted = await write(
      (trx) => insertImportedDiscussions(trx, fresh),
      fresh.map((row) => row.discussionID),
    );
    for (const discussionID of inserted) discussions.set(discussionID, discussionID);
    entry.imported += inserted.length;
    skip(entry, ALREADY, fresh.length - inserted.length);
  });
  for (const [oldID, newID] of await insertMoved(
    "discussion",
    movingDiscussions,
    (row) => row.discussionID,
    (row, discussionID) => ({ ...row, discussionID }),
    insertImportedDiscussions,
    discussionEntry,
  ))
    discussions.set(oldID, newID);

  const movingComments: ImportedComment[] = [];
  const commentEntry = await pass("Comment", ["CommentID"], async (rows, entry) => {
    const present = await existingRecords(
      db,
      "comments",
      rows.map((row) => int(row["CommentID"])),
    );
    const redirected = await importedRedirects(db, "comment", [...present.keys()]);
    const fresh: ImportedComment[] = [];
    for (const row of rows) {
      const commentID = int(row["CommentID"]);
      const insertUserID = int(row["InsertUserID"], 0);
      const format = postFormat(row["Format"]);
      const there = present.get(commentID);
      const movedTo = redirected.get(commentID);
      const discussionID = discussions.get(int(row["DiscussionID"]));
      if (there !== undefined && there === postIdentity(insertUserID, date(row["DateInserted"]) ?? ""))
        skip(entry, ALREADY);
      else if (there !== undefined && movedTo !== undefined) {
        movedComments.set(commentID, movedTo);
        skip(entry, ALREADY);
      } else if (discussionID === undefined) skip(entry, "its discussion was not imported");
      else if (!users.has(insertUserID)) skip(entry, "its author was not imported");
      else if (format === null) skip(entry, `format ${text(row["Format"])} unknown to Parley`);
      else
        (there === undefined ? fresh : movingComments).push({
          commentID,
          discussionID,
          body: text(row["Body"]) ?? "",
          format,
          insertUserID,
          updateUserID: users.has(int(row["UpdateUserID"], 0)) ? int(row["UpdateUserID"]) : null,
          dateInserted: date(row["DateInserted"]) ?? new Date().toISOString(),
          dateUpdated: date(row["DateUpdated"]),
          parentCommentID: null,
          attributes: null,
          insertIPAddress: ipAddress(row["InsertIPAddress"]),
        });
    }
    const inserted = await write(
      (trx) => insertImportedComments(trx, fresh),
      fresh.map((row) => row.commentID),
    );
    entry.imported += inserted.length;
    skip(entry, ALREADY, fresh.length - inserted.length);
  });
  for (const [oldID, newID] of await insertMoved(
    "comment",
    movingComments,
    (row) => row.commentID,
    (row, commentID) => ({ ...row, commentID }),
    insertImportedComments,
    commentEntry,
  ))
    movedComments.set(oldID, newID);

  // Tags (the discussion tags of GDN_Tag; its reaction rows name the reaction types) and their discussions.
  const tags = new Set<number>();
  /** A source reaction tag's id → its code (`Like`, `OffTopic`), from GDN_Tag's reaction rows and GDN_ReactionType. */
  const reactionCodes = new Map<number, string>();
  if (await source.hasTable("Tag"))
    await pass("Tag", ["TagID"], async (rows, entry) => {
      const present = await existingRecords(
        db,
        "tags",
        rows.map((row) => int(row["TagID"])),
      );
      const fresh: ImportedTag[] = [];
      for (const row of rows) {
        const tagID = int(row["TagID"]);
        const type = text(row["Type"])?.trim().toLowerCase() ?? "";
        const urlcode = text(row["Name"])?.trim() ?? "";
        const there = present.get(tagID);
        if (type === "reaction") {
          reactionCodes.set(tagID, urlcode);
          skip(entry, "a reaction type (reactions come from UserTag)");
        } else if (type !== "" && type !== "tag") skip(entry, `tag of type ${type} (Parley has none)`);
        else if (!urlcode) skip(entry, "no name");
        else if (there !== undefined) {
          if (there === urlcode.toLowerCase()) {
            tags.add(tagID);
            skip(entry, ALREADY);
          } else skip(entry, "its id is another tag's in the target");
        } else
          fresh.push({
            tagID,
            name: text(row["FullName"])?.trim() || urlcode,
            urlcode,
            type: "",
            parentTagID: null,
            countDiscussions: 0,
            dateInserted: date(row["DateInserted"]) ?? new Date().toISOString(),
            insertUserID: users.has(int(row["InsertUserID"], 0)) ? int(row["InsertUserID"]) : null,
          });
      }
      const inserted = await write(
        (trx) => insertImportedTags(trx, fresh),
        fresh.map((row) => row.tagID),
      );
      for (const tagID of inserted) tags.add(tagID);
      entry.imported += inserted.length;
      skip(entry, "its urlcode is another tag's in the target", fresh.length - inserted.length);
    });

  if (await source.hasTable("TagDiscussion"))
    await pass("TagDiscussion", ["TagID", "DiscussionID"], async (rows, entry) => {
      const fresh: Array<{ tagID: number; discussionID: number; dateInserted: string }> = [];
      for (const row of rows) {
        const tagID = int(row["TagID"]);
        const discussionID = discussions.get(int(row["DiscussionID"]));
        if (!tags.has(tagID)) skip(entry, "tag not imported");
        else if (discussionID === undefined) skip(entry, "its discussion was not imported");
        else fresh.push({ tagID, discussionID, dateInserted: date(row["DateInserted"]) ?? new Date().toISOString() });
      }
      const inserted = await write((trx) => insertImportedTagDiscussions(trx, fresh), fresh.length);
      entry.imported += inserted;
      skip(entry, ALREADY, fresh.length - inserted);
    });

  // Reactions: a member's reaction (GDN_UserTag on a Discussion or Comment) of a type Parley has by its urlcode.
  if (await source.hasTable("ReactionType"))
    await pass("ReactionType", ["UrlCode"], async (rows, entry) => {
      for (const row of rows) {
        const code = text(row["UrlCode"])?.trim();
        if (code && row["TagID"] !== null && row["TagID"] !== undefined) reactionCodes.set(int(row["TagID"]), code);
        else skip(entry, "no urlcode or tag");
      }
    });
  if (await source.hasTable("UserTag")) {
    const parleyTypes = await reactionTypesByCode(db);
    await pass("UserTag", ["RecordType", "RecordID", "TagID", "UserID"], async (rows, entry) => {
      const kindOf = (row: SourceRow) => text(row["RecordType"])?.trim().toLowerCase() ?? "";
      /** The post's id here (a discussion's or comment's moved when its id was taken; -1: not imported). */
      const recordHere = (row: SourceRow) =>
        kindOf(row) === "discussion"
          ? (discussions.get(int(row["RecordID"])) ?? -1)
          : commentHere(int(row["RecordID"]));
      const idsOf = (kind: string) => rows.filter((row) => kindOf(row) === kind).map(recordHere);
      const authors = {
        discussion: await postAuthors(db, "discussions", idsOf("discussion")),
        comment: await postAuthors(db, "comments", idsOf("comment")),
      };
      const fresh: ImportedReaction[] = [];
      for (const row of rows) {
        const kind = kindOf(row);
        const userID = int(row["UserID"]);
        const code = reactionCodes.get(int(row["TagID"]));
        const tagID = code === undefined ? undefined : parleyTypes.get(foldReactionCode(code));
        if (kind !== "discussion" && kind !== "comment")
          skip(entry, kind.endsWith("-total") || kind === "user" ? "a total (recounted)" : `on a ${kind || "record"}`);
        else if (code === undefined) skip(entry, "not a reaction (its tag is no reaction type)");
        else if (tagID === undefined) skip(entry, `reaction type ${code} unknown to Parley`);
        else if (!users.has(userID)) skip(entry, "member not imported");
        else {
          const recordID = recordHere(row);
          // A dry run wrote no posts: a discussion read is known, a comment is taken as read (0: no author known).
          const recordUserID =
            authors[kind].get(recordID) ?? (dryRun && (kind === "comment" || recordID !== -1) ? 0 : undefined);
          if (recordUserID === undefined) skip(entry, "its post was not imported");
          else
            fresh.push({
              recordType: kind,
              recordID,
              userID,
              tagID,
              recordUserID,
              dateInserted: date(row["DateInserted"]) ?? new Date().toISOString(),
            });
        }
      }
      const inserted = await write((trx) => insertImportedReactions(trx, fresh), fresh.length);
      entry.imported += inserted;
      skip(entry, "already imported, or another reaction of the member to the post", fresh.length - inserted);
    });
  }

  // Bookmarks and read marks: what a member had read of a discussion (its comments then), and whether they bookmarked it.
  if (await source.hasTable("UserDiscussion"))
    await pass("UserDiscussion", ["UserID", "DiscussionID"], async (rows, entry) => {
      const fresh: ImportedUserDiscussion[] = [];
      for (const row of rows) {
        const userID = int(row["UserID"]);
        const discussionID = discussions.get(int(row["DiscussionID"]));
        const viewed = date(row["DateLastViewed"]);
        const bookmarked = flag(row["Bookmarked"]);
        if (!users.has(userID)) skip(entry, "member not imported");
        else if (discussionID === undefined) skip(entry, "its discussion was not imported");
        else
          fresh.push({
            userID,
            discussionID,
            bookmarked,
            dateBookmarked: bookmarked ? (viewed ?? new Date().toISOString()) : null,
            muted: 0,
            dismissed: flag(row["Dismissed"]),
            participated: flag(row["Participated"]),
            countComments: Math.max(0, int(row["CountComments"])),
            dateLastViewed: viewed,
          });
      }
      const inserted = await write((trx) => insertImportedUserDiscussions(trx, fresh), fresh.length);
      entry.imported += inserted;
      skip(entry, ALREADY, fresh.length - inserted);
    });

  // Private conversations, their messages and participants (with what each had read).
  const conversations = new Set<number>();
  if (await source.hasTable("Conversation"))
    await pass("Conversation", ["ConversationID"], async (rows, entry) => {
      const present = await existingRecords(
        db,
        "conversations",
        rows.map((row) => int(row["ConversationID"])),
      );
      const fresh: ImportedConversation[] = [];
      for (const row of rows) {
        const conversationID = int(row["ConversationID"]);
        const insertUserID = int(row["InsertUserID"], 0);
        const dateInserted = date(row["DateInserted"]) ?? new Date().toISOString();
        const there = present.get(conversationID);
        if (there !== undefined) {
          if (there === postIdentity(insertUserID, dateInserted)) {
            conversations.add(conversationID);
            skip(entry, ALREADY);
          } else skip(entry, "its id is another conversation's in the target");
        } else if (!users.has(insertUserID)) skip(entry, "its author was not imported");
        else
          fresh.push({
            conversationID,
            name: text(row["Subject"])?.trim() || null,
            insertUserID,
            dateInserted,
            dateUpdated: date(row["DateUpdated"]) ?? dateInserted,
            countMessages: 0,
            countParticipants: 0,
            lastMessageID: null,
          });
      }
      const inserted = await write(
        (trx) => insertImportedConversations(trx, fresh),
        fresh.map((row) => row.conversationID),
      );
      for (const conversationID of inserted) conversations.add(conversationID);
      entry.imported += inserted.length;
      skip(entry, ALREADY, fresh.length - inserted.length);
    });

  if (await source.hasTable("ConversationMessage"))
    await pass("ConversationMessage", ["MessageID"], async (rows, entry) => {
      const present = await existingRecords(
        db,
        "conversationMessages",
        rows.map((row) => int(row["MessageID"])),
      );
      const fresh: ImportedConversationMessage[] = [];
      for (const row of rows) {
        const messageID = int(row["MessageID"]);
        const insertUserID = int(row["InsertUserID"], 0);
        const dateInserted = date(row["DateInserted"]) ?? new Date().toISOString();
        const format = postFormat(row["Format"]);
        const there = present.get(messageID);
        if (there !== undefined)
          skip(
            entry,
            there === postIdentity(insertUserID, dateInserted) ? ALREADY : "its id is another message's in the target",
          );
        else if (!conversations.has(int(row["ConversationID"]))) skip(entry, "its conversation was not imported");
        else if (!users.has(insertUserID)) skip(entry, "its author was not imported");
        else if (format === null) skip(entry, `format ${text(row["Format"])} unknown to Parley`);
        else
          fresh.push({
            messageID,
            conversationID: int(row["ConversationID"]),
            body: text(row["Body"]) ?? "",
            format,
            insertUserID,
            dateInserted,
            insertIPAddress: ipAddress(row["InsertIPAddress"]),
          });
      }
      const inserted = await write(
        (trx) => insertImportedConversationMessages(trx, fresh),
        fresh.map((row) => row.messageID),
      );
      entry.imported += inserted.length;
      skip(entry, ALREADY, fresh.length - inserted.length);
    });

  if (await source.hasTable("UserConversation"))
    await pass("UserConversation", ["UserID", "ConversationID"], async (rows, entry) => {
      const fresh: ImportedParticipant[] = [];
      for (const row of rows) {
        const userID = int(row["UserID"]);
        const conversationID = int(row["ConversationID"]);
        if (!users.has(userID)) skip(entry, "member not imported");
        else if (!conversations.has(conversationID)) skip(entry, "its conversation was not imported");
        else
          fresh.push({
            userID,
            conversationID,
            deleted: flag(row["Deleted"]),
            countReadMessages: Math.max(0, int(row["CountReadMessages"])),
            dateLastViewed: date(row["DateLastViewed"]),
          });
      }
      const inserted = await write((trx) => insertImportedParticipants(trx, fresh), fresh.length);
      entry.imported += inserted;
      skip(entry, ALREADY, fresh.length - inserted);
    });

  // The later slices: category follows, drafts, polls, media and the uploads folder's files (vanilla.extras.ts).
  const context: ImportContext = {
    source,
    db,
    dryRun,
    uploads: options.uploads ?? null,
    users,
    categories,
    discussions,
    commentHere,
    pass: (table, key, each) => pass(table, key, each, table === "UserPhoto" ? "User" : table),
    write,
    skip,
    note,
  };
  await importCategoryFollows(context);
  await importDrafts(context);
  await importPolls(context);
  await importMedia(context);

  if (dryRun) return report;

  // Once at the end: the tree's depths and permission categories, ids' sequences, every counter, the search index.
  log("Recounting: categories' tree and permissions, posts' scores, discussions, categories, members' posts, tags…");
  await settleImportedCategories(db);
  for (const [table, column, from] of [
    ["users", "userID", "User"],
    ["categories", "categoryID", "Category"],
    ["discussions", "discussionID", "Discussion"],
    ["comments", "commentID", "Comment"],
    ["tags", "tagID", "Tag"],
    ["conversations", "conversationID", "Conversation"],
    ["conversationMessages", "messageID", "ConversationMessage"],
    ["drafts", "draftID", "Draft"],
    ["polls", "pollID", "Poll"],
    ["pollOptions", "pollOptionID", "PollOption"],
  ] as const)
    await advanceIdSequence(db, database.dialect, table, column, highest.get(from) ?? 0);
  /** One step of the recount, its time in the log (where a large import's minutes go). */
  const step = async (what: string, run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    log(`  ${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  // Scores before discussions: a discussion's hot score is recounted from its score.
  await step("comments' scores", () => recountImportedCommentScores(db));
  await step("discussions", () => recountImportedDiscussions(db));
  await step("categories", () => recountCategories(db));
  await step("members' posts", () => recountPostCounts(db, "all"));
  // Members' points and the leaderboards' ledger, from the reactions imported (reputation.md).
  await step("points", () => recalculatePoints(db));
  await step("tags", () => db.transaction().execute((trx) => recountTagCounts(trx)));
  // Who is mentioned where, read from the imported posts.
  await step("mentions", () => rebuildMentionIndex(db));
  await step("conversations", () => recountImportedConversations(db));
  await step("category followers", () => recountImportedCategoryFollowers(db));
  await step("polls", () => settleImportedPolls(db));
  // The site's analytics: the posts and members imported, by the day they were added (analytics.md).
  await step("analytics", () => createAnalyticsRepo(db, database.dialect).recountContent());
  log("Rebuilding the search index…");
  const language = searchLanguageOf(await createSiteConfig(db).get("garden.locale"));
  report.indexed = await createSearchEngine(database, language).indexer.rebuild();
  return report;
}
