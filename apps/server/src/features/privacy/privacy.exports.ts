import fs from "node:fs/promises";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import { privacyMessages, privacyRules, type UserExport } from "@parley/contracts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import { randomToken } from "../../platform/auth/tokens.ts";
import type { Platform } from "../../platform/context.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import { conflict, HttpError, notFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import type { PrivacyRepo, UserExportRow } from "./privacy.repo.ts";

/** The job that builds the archives asked for (woken by each request; every minute it looks anyway). */
export const EXPORTS_JOB = "privacy.exports";

const HOUR_MS = 3600_000;
/** A build's claim: another process takes the request over if this one stops for longer. */
const CLAIM_MS = 10 * 60_000;

/**
 * A part of a member's data, read by the feature that owns its tables (`app.ts` hands them in): each of its
 * entries becomes `<name>.json` in the archive. The users feature's `profile` carries the e-mail address.
 */
export type ExportSection = (userID: number) => Promise<Record<string, unknown>>;

interface Deps {
  repo: PrivacyRepo;
  platform: Platform;
  sections: readonly ExportSection[];
  /** Where archives are kept: under the data directory, never served as media. */
  exportsDir: string;
}

const downloadPath = (exportID: number) => `/api/v2/users/me/exports/${exportID}/download`;
const date = (value: string | null) => (value === null ? null : toRfc3339(value));

function present(row: UserExportRow, origin: string, now: number): UserExport {
  const downloadable =
    row.status === "ready" && row.fileName !== null && row.dateExpires !== null && Date.parse(row.dateExpires) > now;
  return {
    exportID: row.exportID,
    status: row.status,
    size: row.size,
    dateInserted: toRfc3339(row.dateInserted),
    dateCompleted: date(row.dateCompleted),
    dateExpires: date(row.dateExpires),
    downloadUrl: downloadable ? `${origin}${downloadPath(row.exportID)}` : null,
  };
}

const README = `This archive holds your data on {site}, as of {date}.

Each file is JSON:
- profile.json: your profile and roles
- discussions.json: the discussions you started
- comments.json: the comments you wrote
- bookmarks.json: the discussions you bookmarked
- messages.json: your private conversations and their messages
- reactions.json: the reactions you gave
- drafts.json: your drafts
- notification-preferences.json: how you are notified
`;

export function createExports({ repo, platform, sections, exportsDir }: Deps) {
  const userOf = (context: RequestContext) => {
    requireSignedIn(context.viewer);
    return context.viewer.userID;
  };

  /** Builds one claimed request's archive, stores it privately, and tells the member (notification and e-mail). */
  async function build(row: UserExportRow): Promise<void> {
    const files: Record<string, unknown> = {};
    for (const read of sections) Object.assign(files, await read(row.userID));
    const site = String(await platform.siteConfig.get("garden.title"));
    const now = platform.clock.now();
    const zip = zipSync({
      "README.txt": strToU8(README.replace("{site}", site).replace("{date}", now.toISOString())),
      ...Object.fromEntries(
        Object.entries(files).map(([name, value]) => [`${name}.json`, strToU8(JSON.stringify(value, null, 2))]),
      ),
    });
    await fs.mkdir(exportsDir, { recursive: true, mode: 0o700 });
    const fileName = `${randomToken(24)}.zip`;
    await fs.writeFile(path.join(exportsDir, fileName), zip, { mode: 0o600 });
    const expires = new Date(now.getTime() + privacyRules.exportLifetimeDays * 24 * HOUR_MS);
    await repo.complete(row.exportID, {
      fileName,
      size: zip.byteLength,
      dateCompleted: now.toISOString(),
      dateExpires: expires.toISOString(),
    });
    await tell(row, expires, (files.profile as { email?: string } | null | undefined)?.email);
  }

  async function tell(row: UserExportRow, expires: Date, email: string | undefined): Promise<void> {
    const origin = platform.config.publicUrl;
    const link = `${origin}${downloadPath(row.exportID)}`;
    await platform.events.emit("notification.requested", {
      userIDs: [row.userID],
      activityType: "DataExport",
      recordType: "export",
      recordID: row.exportID,
      actorUserID: 0,
      title: "",
      url: "/profile/privacy",
    });
    if (!email) return;
    const until = expires.toISOString().slice(0, 10);
    await platform.mailer.send({
      to: email,
      subject: "Your data is ready to download",
      text: `The archive of your data you asked for is ready. Download it (signed in) until ${until}:\n${link}\n`,
      html:
        `<p>The archive of your data you asked for is ready.</p>` +
        `<p><a href="${link}">Download it</a> (signed in) until ${until}.</p>`,
    });
  }

  return {
    /** `POST /users/me/export`: one waiting or building at a time, one a day. */
    async request(context: RequestContext): Promise<UserExport> {
      const userID = userOf(context);
      const now = platform.clock.now();
      const [latest] = await repo.listOf(userID, 1);
      if (latest && (latest.status === "pending" || latest.status === "running"))
        throw conflict(privacyMessages.exportRunning);
      const next = latest ? Date.parse(latest.dateInserted) + privacyRules.exportEveryHours * HOUR_MS : 0;
      if (next > now.getTime())
        throw new HttpError(429, privacyMessages.exportTooSoon.replace("{date}", new Date(next).toISOString()));
      const row = await repo.insert(userID, now.toISOString());
      platform.jobs.wakeAt(EXPORTS_JOB, now);
      return present(row, context.origin, now.getTime());
    },

    /** `GET /users/me/exports`: the member's own requests, the newest first. */
    async list(context: RequestContext): Promise<UserExport[]> {
      const rows = await repo.listOf(userOf(context), privacyRules.exportsListed);
      const now = platform.clock.nowMs();
      return rows.map((row) => present(row, context.origin, now));
    },

    /** `GET /users/me/exports/{id}/download`: the member's own ready archive (another's is not found). */
    async download(exportID: number, context: RequestContext): Promise<{ file: string; name: string }> {
      const row = await repo.findOf(userOf(context), exportID);
      if (!row) throw notFound("Export");
      if (row.status !== "ready") throw new HttpError(409, privacyMessages.exportNotReady);
      if (!row.fileName || !row.dateExpires || Date.parse(row.dateExpires) <= platform.clock.nowMs())
        throw new HttpError(410, privacyMessages.exportExpired);
      const day = row.dateInserted.slice(0, 10);
      return { file: path.join(exportsDir, row.fileName), name: `my-data-${day}.zip` };
    },

    /** The job: builds every request waiting, then removes the archives past their expiry. */
    async run(): Promise<void> {
      for (;;) {
        const now = platform.clock.now();
        const row = await repo.claimNext(now.toISOString(), new Date(now.getTime() + CLAIM_MS).toISOString());
        if (!row) break;
        try {
          await build(row);
        } catch (error) {
          console.error(`Export ${row.exportID} failed:`, error);
          await repo.fail(row.exportID, platform.clock.nowIso());
        }
      }
      for (const expired of await repo.expiredFiles(platform.clock.nowIso())) {
        if (expired.fileName) await fs.rm(path.join(exportsDir, expired.fileName), { force: true });
        await repo.forgetFile(expired.exportID);
      }
    },
  };
}

export type Exports = ReturnType<typeof createExports>;
