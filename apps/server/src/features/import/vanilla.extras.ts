import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";
import type { Storage } from "../../platform/storage/index.ts";
import { insertImportedCategoryFollows, type ImportedCategoryFollow } from "../categories/index.ts";
import {
  insertImportedPollOptions,
  insertImportedPollVotes,
  insertImportedPolls,
  type ImportedPoll,
  type ImportedPollOption,
  type ImportedPollVote,
} from "../discussions/index.ts";
import { existingDrafts, insertImportedDrafts, type ImportedDraft } from "../drafts/index.ts";
import { importedMediaPaths, insertImportedMedia, type ImportedFile } from "../media/index.ts";
import { setImportedPhotos } from "../users/index.ts";
import { postAuthors } from "./import.repo.ts";
import type { ImportSource, SourceRow } from "./import.source.ts";
import { date, flag, int, photoUrl, postFormat, text } from "./vanilla.map.ts";

/*
 * The later slices of the import (issue 35): category follows, drafts, polls, and media with the files of Vanilla's
 * uploads folder. Each reads its table a batch at a time through the import's `pass` and writes through the owning
 * feature's import operation, as `vanilla.import.ts` does for the rest.
 */

export interface TableReport {
  table: string;
  read: number;
  /** Written, or in a dry run, that would be. */
  imported: number;
  /** Rows left out, by reason. */
  skipped: Record<string, number>;
}

/** What the import hands its later slices: the source, the target, and what it imported so far. */
export interface ImportContext {
  source: ImportSource;
  db: Kysely<DB>;
  dryRun: boolean;
  /** Vanilla's uploads folder (`--uploads`) and Parley's uploads' storage; null when none was given. */
  uploads: { from: string; to: Storage } | null;
  users: ReadonlySet<number>;
  categories: ReadonlySet<number>;
  /** Imported discussions: the source's id → its id here (another when the source's was taken). */
  discussions: ReadonlyMap<number, number>;
  /** A comment's id here, by the source's (another when the source's was taken). */
  commentHere(commentID: number): number;
  pass(
    table: string,
    key: readonly string[],
    each: (rows: SourceRow[], entry: TableReport) => Promise<void>,
  ): Promise<TableReport>;
  write<T>(work: (trx: Kysely<DB>) => Promise<T>, dry: T): Promise<T>;
  skip(entry: TableReport, reason: string, count?: number): void;
  note(what: string): void;
}

const ALREADY = "already imported";

/** Vanilla's `GDN_UserCategory`: a member's follow of a category (`Followed`); muting (`Unfollow`) Parley lacks. */
export async function importCategoryFollows(ctx: ImportContext): Promise<void> {
  if (!(await ctx.source.hasTable("UserCategory"))) return;
  await ctx.pass("UserCategory", ["UserID", "CategoryID"], async (rows, entry) => {
    const fresh: ImportedCategoryFollow[] = [];
    for (const row of rows) {
      const userID = int(row["UserID"]);
      const categoryID = int(row["CategoryID"]);
      if (!ctx.users.has(userID)) ctx.skip(entry, "member not imported");
      else if (!ctx.categories.has(categoryID) || categoryID <= 0) ctx.skip(entry, "category not imported");
      else if (!flag(row["Followed"])) {
        // Older Vanilla's `Unfollow` hides a category from the recent discussions: Parley has no such muting.
        ctx.skip(
          entry,
          flag(row["Unfollow"]) ? "a muted category (Parley has no muting)" : "not followed (a read mark only)",
        );
      } else
        fresh.push({
          userID,
          categoryID,
          followed: 1,
          dateFollowed: date(row["DateFollowed"]) ?? date(row["DateMarkedRead"]),
          dateUnfollowed: null,
        });
    }
    const inserted = await ctx.write((trx) => insertImportedCategoryFollows(trx, fresh), fresh.length);
    entry.imported += inserted;
    ctx.skip(entry, ALREADY, fresh.length - inserted);
  });
}

/**
 * Vanilla's `GDN_Draft`: a draft with a `DiscussionID` is a comment's on that discussion, one without a new
 * discussion's in its category (name, body, format, announce kept as a draft's attributes).
 */
export async function importDrafts(ctx: ImportContext): Promise<void> {
  if (!(await ctx.source.hasTable("Draft"))) return;
  await ctx.pass("Draft", ["DraftID"], async (rows, entry) => {
    const present = await existingDrafts(
      ctx.db,
      rows.map((row) => int(row["DraftID"])),
    );
    const fresh: ImportedDraft[] = [];
    for (const row of rows) {
      const draftID = int(row["DraftID"]);
      const insertUserID = int(row["InsertUserID"]);
      const sourceDiscussionID = int(row["DiscussionID"], 0);
      const discussionID = ctx.discussions.get(sourceDiscussionID) ?? sourceDiscussionID;
      const categoryID = int(row["CategoryID"], 0);
      const format = postFormat(row["Format"]);
      const there = present.get(draftID);
      if (there !== undefined)
        ctx.skip(entry, there === insertUserID ? ALREADY : "its id is another draft's in the target");
      else if (!ctx.users.has(insertUserID)) ctx.skip(entry, "its author was not imported");
      else if (sourceDiscussionID > 0 && !ctx.discussions.has(sourceDiscussionID))
        ctx.skip(entry, "its discussion was not imported");
      else if (discussionID <= 0 && !ctx.categories.has(categoryID)) ctx.skip(entry, "its category was not imported");
      else if (format === null) ctx.skip(entry, `format ${text(row["Format"])} unknown to Parley`);
      else {
        const dateInserted = date(row["DateInserted"]) ?? new Date().toISOString();
        const body = text(row["Body"]) ?? "";
        const attributes =
          discussionID > 0
            ? { body, format }
            : {
                body,
                format,
                draftMeta: {
                  name: text(row["Name"]) ?? "",
                  categoryID: categoryID > 0 ? categoryID : null,
                  ...(int(row["Announce"]) ? { pinLocation: "category", pinned: true } : {}),
                },
              };
        fresh.push({
          draftID,
          recordType: discussionID > 0 ? "comment" : "discussion",
          recordID: null,
          parentRecordType: discussionID > 0 ? "discussion" : categoryID > 0 ? "category" : null,
          parentRecordID: discussionID > 0 ? discussionID : categoryID > 0 ? categoryID : null,
          attributes: JSON.stringify(attributes),
          insertUserID,
          updateUserID: ctx.users.has(int(row["UpdateUserID"], 0)) ? int(row["UpdateUserID"]) : null,
          dateInserted,
          dateUpdated: date(row["DateUpdated"]),
          dateScheduled: null,
          failedReason: null,
          claimedUntil: null,
        });
      }
    }
    const inserted = await ctx.write(
      (trx) => insertImportedDrafts(trx, fresh),
      fresh.map((row) => row.draftID),
    );
    entry.imported += inserted.length;
    ctx.skip(entry, ALREADY, fresh.length - inserted.length);
  });
}

/**
 * Vanilla's Polls add-on (`GDN_Poll`, `GDN_PollOption`, `GDN_PollVote`) into the discussions' polls: one choice
 * per member, results shown once the member has voted (as the add-on shows them). Counts are recounted at the end.
 */
export async function importPolls(ctx: ImportContext): Promise<void> {
  if (!(await ctx.source.hasTable("Poll"))) return;
  const polls = new Set<number>();
  await ctx.pass("Poll", ["PollID"], async (rows, entry) => {
    const fresh: ImportedPoll[] = [];
    const seen = new Set<number>();
    for (const row of rows) {
      const discussionID = ctx.discussions.get(int(row["DiscussionID"], 0));
      const insertUserID = int(row["InsertUserID"], 0);
      if (discussionID === undefined) ctx.skip(entry, "its discussion was not imported");
      else if (seen.has(discussionID)) ctx.skip(entry, "a second poll of its discussion");
      else {
        seen.add(discussionID);
        fresh.push({
          pollID: int(row["PollID"]),
          discussionID,
          name: text(row["Name"])?.trim() ?? "",
          choiceMode: "single",
          maxChoices: null,
          resultsVisibility: "afterVoting",
          insertUserID: ctx.users.has(insertUserID) ? insertUserID : 0,
          dateInserted: date(row["DateInserted"]) ?? new Date().toISOString(),
          updateUserID: ctx.users.has(int(row["UpdateUserID"], 0)) ? int(row["UpdateUserID"]) : null,
          dateUpdated: date(row["DateUpdated"]),
        });
      }
    }
    const inserted = await ctx.write(
      (trx) => insertImportedPolls(trx, fresh),
      fresh.map((row) => row.pollID),
    );
    for (const pollID of inserted) polls.add(pollID);
    entry.imported += inserted.length;
    // A re-run: the poll is there (its id, or its discussion's poll).
    for (const row of fresh) if (!inserted.includes(row.pollID)) polls.add(row.pollID);
    ctx.skip(entry, ALREADY, fresh.length - inserted.length);
  });
  /** An option's poll, by option id (a few bytes each), for its votes. */
  const optionPolls = new Map<number, number>();
  if (await ctx.source.hasTable("PollOption"))
    await ctx.pass("PollOption", ["PollOptionID"], async (rows, entry) => {
      const fresh: ImportedPollOption[] = [];
      for (const row of rows) {
        const pollID = int(row["PollID"]);
        const body = text(row["Body"])?.trim() ?? "";
        if (!polls.has(pollID)) ctx.skip(entry, "its poll was not imported");
        else if (!body) ctx.skip(entry, "no text");
        else fresh.push({ pollOptionID: int(row["PollOptionID"]), pollID, body, sort: int(row["Sort"]) });
      }
      const inserted = await ctx.write(
        (trx) => insertImportedPollOptions(trx, fresh),
        fresh.map((row) => row.pollOptionID),
      );
      for (const row of fresh) optionPolls.set(row.pollOptionID, row.pollID);
      entry.imported += inserted.length;
      ctx.skip(entry, ALREADY, fresh.length - inserted.length);
    });
  if (await ctx.source.hasTable("PollVote"))
    await ctx.pass("PollVote", ["UserID", "PollOptionID"], async (rows, entry) => {
      const fresh: ImportedPollVote[] = [];
      for (const row of rows) {
        const userID = int(row["UserID"]);
        const pollOptionID = int(row["PollOptionID"]);
        const pollID = optionPolls.get(pollOptionID);
        if (pollID === undefined) ctx.skip(entry, "its option was not imported");
        else if (!ctx.users.has(userID)) ctx.skip(entry, "member not imported");
        else
          fresh.push({
            pollOptionID,
            pollID,
            userID,
            dateInserted: date(row["DateInserted"]) ?? new Date().toISOString(),
          });
      }
      const inserted = await ctx.write((trx) => insertImportedPollVotes(trx, fresh), fresh.length);
      entry.imported += inserted;
      ctx.skip(entry, ALREADY, fresh.length - inserted);
    });
}

/** A path of Vanilla's uploads folder as stored (`FileUpload/ab/c.png`, `/uploads/editor/…`), or null for none. */
function uploadsPath(value: unknown): string | null {
  const raw = text(value)?.trim().replaceAll("\\", "/");
  if (!raw || /^[a-z][a-z0-9+.-]*:|^\/\//i.test(raw)) return null;
  const relative = raw.replace(/^\/+/, "").replace(/^uploads\//, "");
  // A path leaving the folder (`../`) is no file of it.
  return relative.split("/").some((part) => part === ".." || part === "") ? null : relative;
}

/** Why a file cannot be copied, or null when it can: it must be a file inside the uploads folder. */
async function missingReason(file: string): Promise<string | null> {
  try {
    return (await fs.promises.stat(file)).isFile() ? null : "not a file in the uploads folder";
  } catch {
    return "file missing from the uploads folder";
  }
}

/**
 * Copies files of Vanilla's uploads folder through the media feature, skipping those copied by an earlier run and
 * those missing (counted with their reason, never fatal). Answers the stored paths by old path.
 */
async function copyFiles(ctx: ImportContext, entry: TableReport, files: ImportedFile[]): Promise<Map<string, string>> {
  const stored = new Map<string, string>();
  const there = await importedMediaPaths(
    ctx.db,
    files.map((file) => file.importedPath),
  );
  const fresh: ImportedFile[] = [];
  for (const file of files) {
    const copied = there.get(file.importedPath);
    if (copied !== undefined) {
      stored.set(file.importedPath, copied);
      ctx.skip(entry, ALREADY);
      continue;
    }
    const reason = await missingReason(file.sourceFile);
    if (reason) ctx.skip(entry, reason);
    else fresh.push(file);
  }
  const inserted = await ctx.write(
    (trx) => insertImportedMedia(trx, ctx.uploads!.to, fresh),
    new Map(fresh.map((file) => [file.importedPath, { mediaID: 0, path: "" }])),
  );
  for (const [importedPath, { path: relative }] of inserted) stored.set(importedPath, relative);
  entry.imported += inserted.size;
  return stored;
}

/**
 * Vanilla's `GDN_Media` (attachments and editor uploads) and members' photos stored in its uploads folder
 * (`userpics/12/abc.jpg`, shown as `userpics/12/pabc.jpg`): copied from `--uploads` into Parley's uploads, each
 * recorded with its old path so its old address redirects to the copy, and photos set on the members.
 */
export async function importMedia(ctx: ImportContext): Promise<void> {
  const hasMedia = await ctx.source.hasTable("Media");
  if (!ctx.uploads) {
    if (hasMedia) ctx.note("media not imported: no uploads folder given (--uploads)");
    return;
  }
  const root = path.resolve(ctx.uploads.from);
  const inFolder = (relative: string) => path.join(root, relative);
  if (hasMedia)
    await ctx.pass("Media", ["MediaID"], async (rows, entry) => {
      const comments = await postAuthors(
        ctx.db,
        "comments",
        rows
          .filter((row) => text(row["ForeignTable"])?.toLowerCase() === "comment")
          .map((row) => ctx.commentHere(int(row["ForeignID"]))),
      );
      const files: ImportedFile[] = [];
      for (const row of rows) {
        const importedPath = uploadsPath(row["Path"]);
        const insertUserID = int(row["InsertUserID"], 0);
        const table = text(row["ForeignTable"])?.trim().toLowerCase() ?? "";
        // The post's id here (another when its id was taken in the target).
        const foreignID =
          table === "discussion"
            ? (ctx.discussions.get(int(row["ForeignID"], 0)) ?? 0)
            : ctx.commentHere(int(row["ForeignID"], 0));
        const attached =
          (table === "discussion" && foreignID > 0) || (table === "comment" && (comments.has(foreignID) || ctx.dryRun));
        if (importedPath === null) ctx.skip(entry, "no path in the uploads folder (an address elsewhere)");
        else if (!ctx.users.has(insertUserID)) ctx.skip(entry, "its uploader was not imported");
        else
          files.push({
            sourceFile: inFolder(importedPath),
            importedPath,
            name: text(row["Name"]) ?? path.basename(importedPath),
            foreignType: attached ? table : "embed",
            foreignID: attached ? foreignID : null,
            insertUserID,
            dateInserted: date(row["DateInserted"]) ?? new Date().toISOString(),
          });
      }
      await copyFiles(ctx, entry, files);
    });

  // Members' photos in the uploads folder: the profile-sized copy Vanilla shows (`p` before the name), else the file.
  await ctx.pass("UserPhoto", ["UserID"], async (rows, entry) => {
    const files: ImportedFile[] = [];
    for (const row of rows) {
      const userID = int(row["UserID"]);
      const importedPath = photoUrl(row["Photo"]) ? null : uploadsPath(row["Photo"]);
      if (importedPath === null) ctx.skip(entry, "no photo in the uploads folder");
      else if (!ctx.users.has(userID)) ctx.skip(entry, "member not imported");
      else {
        const profileSized = path.posix.join(path.posix.dirname(importedPath), `p${path.posix.basename(importedPath)}`);
        const chosen = (await missingReason(inFolder(profileSized))) === null ? profileSized : importedPath;
        files.push({
          sourceFile: inFolder(chosen),
          importedPath: chosen,
          name: path.posix.basename(importedPath),
          foreignType: "user",
          foreignID: userID,
          insertUserID: userID,
          dateInserted: date(row["DateInserted"]) ?? new Date().toISOString(),
        });
      }
    }
    const stored = await copyFiles(ctx, entry, files);
    const photos = files.flatMap((file) => {
      const relative = stored.get(file.importedPath);
      return relative ? [{ userID: file.foreignID!, photoUrl: `/uploads/${relative}` }] : [];
    });
    await ctx.write((trx) => setImportedPhotos(trx, photos), undefined);
  });
}
