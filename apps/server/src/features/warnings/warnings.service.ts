import {
  profilePath,
  readOnlyMessage,
  warningMessages,
  warningRules,
  warningSettingDefaults,
  type UserNote,
  type UserNotePost,
  type Warning,
  type WarningConsequence,
  type WarningPost,
  type WarningSummary,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Platform } from "../../platform/context.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import { badRequest, HttpError, notFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { banAutomatically, unknownUser, type UserFragments } from "./warnings.deps.ts";
import { warningsPolicy as policy } from "./warnings.policy.ts";
import type { NoteRow, WarningRow, WarningsRepo } from "./warnings.repo.ts";

const DAY_MS = 86_400_000;
const dateOrNull = (value: string | Date | null) => (value === null ? null : toRfc3339(value));

/** The thresholds as the site sets them (`warnings.*`; 0 points: never). */
async function thresholds(platform: Platform) {
  const number = async (key: keyof typeof warningSettingDefaults) => {
    const value = Number(await platform.siteConfig.get(key));
    return Number.isFinite(value) ? Math.max(0, Math.floor(value)) : warningSettingDefaults[key];
  };
  return {
    readOnlyPoints: await number("warnings.readOnlyPoints"),
    readOnlyDays: Math.max(1, await number("warnings.readOnlyDays")),
    banPoints: await number("warnings.banPoints"),
  };
}

/**
 * Warnings (Vanilla's Warnings add-on) and moderators' notes on a member: a warning's points count until it
 * expires or is reversed; when a warning brings the member's active points to a threshold the site sets, the
 * member becomes read-only for some days or is banned. Read-only is a date compared on each post (no job).
 */
export function createWarningsService(deps: { repo: WarningsRepo; platform: Platform; users: UserFragments }) {
  const { repo, platform } = deps;
  const now = () => platform.clock.nowIso();

  const presentWarnings = async (rows: WarningRow[], origin: string): Promise<Warning[]> => {
    const users = await deps.users.load(
      rows.map((row) => row.insertUserID),
      origin,
    );
    const at = platform.clock.nowMs();
    return rows.map((row) => {
      const dateExpires = dateOrNull(row.dateExpires);
      return {
        warningID: row.warningID,
        userID: row.userID,
        reason: row.reason,
        points: row.points,
        dateInserted: toRfc3339(row.dateInserted),
        dateExpires,
        insertUserID: row.insertUserID,
        insertUser: users.get(row.insertUserID) ?? unknownUser(origin),
        isActive: row.dateReversed === null && (dateExpires === null || Date.parse(dateExpires) > at),
        consequence: row.consequence as WarningConsequence,
        readOnlyUntil: dateOrNull(row.readOnlyUntil),
        dateReversed: dateOrNull(row.dateReversed),
        reverseUserID: row.reverseUserID,
      };
    });
  };

  const presentNotes = async (rows: NoteRow[], origin: string): Promise<UserNote[]> => {
    const users = await deps.users.load(
      rows.map((row) => row.insertUserID),
      origin,
    );
    return rows.map((row) => ({
      userNoteID: row.userNoteID,
      userID: row.userID,
      body: row.body,
      insertUserID: row.insertUserID,
      insertUser: users.get(row.insertUserID) ?? unknownUser(origin),
      dateInserted: toRfc3339(row.dateInserted),
    }));
  };

  const requireMember = async (userID: number) => {
    if (!(await repo.memberExists(userID))) throw notFound("User");
  };

  return {
    /** The sentence refusing a read-only member's post, or null (installed as the platform's posting check). */
    async postingRefusal(userID: number): Promise<string | null> {
      const until = await repo.readOnlyUntil(userID, now());
      return until === null ? null : readOnlyMessage(toRfc3339(until));
    },

    async list(userID: number, context: RequestContext): Promise<Warning[]> {
      requireAccess(context.viewer, policy.canViewWarnings, userID);
      await requireMember(userID);
      return presentWarnings(await repo.warnings(userID), context.origin);
    },

    async summary(userID: number, context: RequestContext): Promise<WarningSummary> {
      requireAccess(context.viewer, policy.canViewWarnings, userID);
      await requireMember(userID);
      const [activePoints, until, limits] = await Promise.all([
        repo.activePoints(userID, now()),
        repo.readOnlyUntil(userID, now()),
        thresholds(platform),
      ]);
      return {
        userID,
        activePoints,
        readOnlyUntil: dateOrNull(until),
        readOnlyPoints: limits.readOnlyPoints,
        banPoints: limits.banPoints,
      };
    },

    /** Warns: the warning, the consequence its points bring, the member told (popup and, by preference, mail). */
    async warn(userID: number, body: WarningPost, context: RequestContext): Promise<Warning> {
      const { viewer } = context;
      requireAccess(viewer, policy.canModerate);
      if (userID === viewer.userID) throw badRequest(warningMessages.cannotWarnSelf);
      const name = await repo.memberName(userID);
      if (name === null || !(await repo.memberExists(userID))) throw notFound("User");
      const reason = body.reason.trim();
      if (!reason) throw badRequest("reason is required.");
      const points = body.points ?? warningRules.defaultPoints;
      const expireDays = body.expireDays ?? warningRules.defaultExpireDays;
      const limits = await thresholds(platform);
      const date = now();
      const at = platform.clock.nowMs();
      const { warningID, consequence, activePoints } = await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        const warningID = await scoped.insertWarning({
          userID,
          insertUserID: viewer.userID,
          reason,
          points,
          dateInserted: date,
          dateExpires: expireDays > 0 ? new Date(at + expireDays * DAY_MS).toISOString() : null,
        });
        const activePoints = await scoped.activePoints(userID, date);
        const consequence: WarningConsequence =
          points > 0 && limits.banPoints > 0 && activePoints >= limits.banPoints
            ? "ban"
            : points > 0 && limits.readOnlyPoints > 0 && activePoints >= limits.readOnlyPoints
              ? "readOnly"
              : "none";
        if (consequence !== "none")
          await scoped.updateWarning(warningID, {
            consequence,
            readOnlyUntil:
              consequence === "readOnly" ? new Date(at + limits.readOnlyDays * DAY_MS).toISOString() : null,
          });
        return { warningID, consequence, activePoints };
      });
      await platform.events.emit("notification.requested", {
        userIDs: [userID],
        activityType: "Warning",
        recordType: "warning",
        recordID: warningID,
        actorUserID: viewer.userID,
        title: reason.length > 100 ? `${reason.slice(0, 99)}…` : reason,
        url: profilePath(name),
      });
      if (consequence === "ban")
        await banAutomatically(platform, userID, warningMessages.banReason.replace("{points}", String(activePoints)));
      return (await presentWarnings([(await repo.warningById(warningID))!], context.origin))[0]!;
    },

    /** Reverses a warning: it stays listed, counts no more, and ends the read-only time it started. */
    async reverse(userID: number, warningID: number, context: RequestContext): Promise<Warning> {
      requireAccess(context.viewer, policy.canModerate);
      const row = await repo.warningById(warningID);
      if (!row || row.userID !== userID) throw notFound("Warning");
      if (row.dateReversed !== null) throw new HttpError(409, warningMessages.alreadyReversed);
      await repo.updateWarning(warningID, { dateReversed: now(), reverseUserID: context.viewer.userID });
      return (await presentWarnings([(await repo.warningById(warningID))!], context.origin))[0]!;
    },

    async notes(userID: number, context: RequestContext): Promise<UserNote[]> {
      requireAccess(context.viewer, policy.canModerate);
      await requireMember(userID);
      return presentNotes(await repo.notes(userID), context.origin);
    },

    async addNote(userID: number, body: UserNotePost, context: RequestContext): Promise<UserNote> {
      requireAccess(context.viewer, policy.canModerate);
      await requireMember(userID);
      const text = body.body.trim();
      if (!text) throw badRequest("body is required.");
      const userNoteID = await repo.insertNote({
        userID,
        insertUserID: context.viewer.userID,
        body: text,
        dateInserted: now(),
      });
      return (await presentNotes([(await repo.noteById(userNoteID))!], context.origin))[0]!;
    },

    async removeNote(userID: number, userNoteID: number, context: RequestContext): Promise<void> {
      requireAccess(context.viewer, policy.canModerate);
      const row = await repo.noteById(userNoteID);
      if (!row || row.userID !== userID) throw notFound("Note");
      await repo.deleteNote(userNoteID);
    },
  };
}

export type WarningsService = ReturnType<typeof createWarningsService>;
