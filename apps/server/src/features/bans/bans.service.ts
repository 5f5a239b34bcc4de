import {
  banRuleMessages,
  banRuleRules,
  type BanRule,
  type BanRuleListQuery,
  type BanRulePatch,
  type BanRulePost,
  type BanType,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Clock } from "../../platform/clock.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import type { Platform } from "../../platform/context.ts";
import { conflict, conflictIfTaken, fieldError, HttpError, notFound, validationFailed } from "../../platform/errors.ts";
import { offsetOf } from "../../platform/http/pagination.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { banAutomatically, memberIdentities } from "./bans.deps.ts";
import { checkBanValue, matcherOf, type Candidate } from "./bans.match.ts";
import { bansPolicy as policy } from "./bans.policy.ts";
import type { BansRepo } from "./bans.repo.ts";

type BanRow = NonNullable<Awaited<ReturnType<BansRepo["byId"]>>>;

const present = (row: BanRow): BanRule => ({
  banID: row.banID,
  banType: row.banType as BanType,
  banValue: row.banValue,
  notes: row.notes,
  countUsers: row.countUsers,
  countBlockedRegistrations: row.countBlockedRegistrations,
  insertUserID: row.insertUserID,
  dateInserted: toRfc3339(row.dateInserted),
  updateUserID: row.updateUserID,
  dateUpdated: row.dateUpdated ? toRfc3339(row.dateUpdated) : null,
  dateExpires: row.dateExpires ? toRfc3339(row.dateExpires) : null,
});

const SCAN_BATCH = 1_000;

/**
 * The ban rules (`/ban-rules`): listing, adding, changing and deleting them (bansPolicy.canManage), and the
 * admission check registration and sign-in call (`platform.admission`). Rules apply at the door: members they match
 * are counted (`countUsers`), not banned; administrators are never refused, and no one saves a rule matching their
 * own account or the address they use.
 */
export function createBansService(deps: { repo: BansRepo; platform: Platform; clock: Clock }) {
  const { repo, platform } = deps;

  /** The rules in force now. */
  const active = () => repo.active(deps.clock.nowIso());

  /** The rules in force matching a candidate. */
  async function matching(candidate: Candidate): Promise<number[]> {
    const rules = await active();
    return rules.filter((rule) => matcherOf(rule.banType, rule.banValue)(candidate)).map((rule) => rule.banID);
  }

  /** The members (not administrators) a rule matches: every member read, a batch at a time. */
  async function matchingMembers(banType: BanType, banValue: string): Promise<number[]> {
    const matches = matcherOf(banType, banValue);
    const found: number[] = [];
    let after = 0;
    for (;;) {
      const batch = await memberIdentities(platform.db, after, SCAN_BATCH);
      for (const member of batch)
        if (matches({ ...member, ips: [member.insertIPAddress, member.lastIPAddress] })) found.push(member.userID);
      if (batch.length < SCAN_BATCH) return found;
      after = batch.at(-1)!.userID;
    }
  }

  /** Parse → the value as stored; refuses a bad value, a duplicate, and a rule that would lock the viewer out. */
  async function checked(banType: BanType, rawValue: string, context: RequestContext, banID?: number) {
    const result = checkBanValue(banType, rawValue);
    if (!result.ok) throw validationFailed([fieldError("banValue", "invalid", result.message, 422)]);
    const user = context.viewer.user;
    const self = { name: user?.name ?? null, email: user?.email ?? null, ips: [context.ip] };
    if (matcherOf(banType, result.value)(self))
      throw validationFailed([
        fieldError("banValue", "invalid", banRuleMessages.selfLockout.replace("{ip}", context.ip), 422),
      ]);
    const existing = await repo.idOf(banType, result.value);
    if (existing !== null && existing !== banID) throw conflict(banRuleMessages.taken);
    return result.value;
  }

  /** A rule's end date as stored (null: never); one already past is refused (422). */
  function expiry(dateExpires: string | null | undefined): string | null {
    if (dateExpires === undefined || dateExpires === null) return null;
    const at = Date.parse(dateExpires);
    if (!(at > deps.clock.nowMs()))
      throw validationFailed([fieldError("dateExpires", "invalid", banRuleMessages.expiresInPast, 422)]);
    return new Date(at).toISOString();
  }

  return {
    async list(query: BanRuleListQuery, viewer: Viewer) {
      requireAccess(viewer, policy.canManage);
      const page = query.page ?? 1;
      const limit = query.limit ?? banRuleRules.defaultLimit;
      const { rows, total } = await repo.page({ banType: query.banType, offset: offsetOf(page, limit), limit });
      return { items: rows.map(present), page, limit, total };
    },

    async get(banID: number, viewer: Viewer): Promise<BanRule> {
      requireAccess(viewer, policy.canManage);
      const row = await repo.byId(banID);
      if (!row) throw notFound("Ban rule");
      return present(row);
    },

    async create(body: BanRulePost, context: RequestContext): Promise<BanRule> {
      requireAccess(context.viewer, policy.canManage);
      const banValue = await checked(body.banType, body.banValue, context);
      if ((await repo.count()) >= banRuleRules.maxRules)
        throw validationFailed([fieldError("banValue", "invalid", banRuleMessages.tooMany, 422)]);
      const dateExpires = expiry(body.dateExpires);
      const members = await matchingMembers(body.banType, banValue);
      // Checked above, but a request saving the same rule at the same moment may win the unique index.
      const banID = await conflictIfTaken(
        repo.insert({
          banType: body.banType,
          banValue,
          notes: body.notes?.trim() || null,
          countUsers: members.length,
          insertUserID: context.viewer.userID,
          dateInserted: deps.clock.nowIso(),
          insertIPAddress: context.ip,
          dateExpires,
        }),
        banRuleMessages.taken,
      );
      // Asked for: the members it matches are banned now too, each as PUT /users/{id}/ban would, by the viewer.
      if (body.banMatchingMembers) {
        const reason = banRuleMessages.banReason.replace("{value}", banValue);
        for (const userID of members) await banAutomatically(platform, userID, reason, context.viewer.userID);
      }
      return present((await repo.byId(banID))!);
    },

    /**
     * `PATCH /ban-rules/{id}`: the fields given; a new type or value is checked again and its members counted; a
     * new end date must be in the future (null: never).
     */
    async update(banID: number, body: BanRulePatch, context: RequestContext): Promise<BanRule> {
      requireAccess(context.viewer, policy.canManage);
      const row = await repo.byId(banID);
      if (!row) throw notFound("Ban rule");
      const banType = body.banType ?? (row.banType as BanType);
      const changesRule = body.banType !== undefined || body.banValue !== undefined;
      const banValue = changesRule
        ? await checked(banType, body.banValue ?? row.banValue, context, banID)
        : row.banValue;
      const changes = {
        banType,
        banValue,
        ...(body.notes !== undefined ? { notes: body.notes?.trim() || null } : {}),
        ...(body.dateExpires !== undefined ? { dateExpires: expiry(body.dateExpires) } : {}),
        ...(changesRule ? { countUsers: (await matchingMembers(banType, banValue)).length } : {}),
        updateUserID: context.viewer.userID,
        dateUpdated: deps.clock.nowIso(),
      };
      await conflictIfTaken(repo.update(banID, changes), banRuleMessages.taken);
      return present((await repo.byId(banID))!);
    },

    async remove(banID: number, viewer: Viewer): Promise<void> {
      requireAccess(viewer, policy.canManage);
      if (!(await repo.byId(banID))) throw notFound("Ban rule");
      await repo.remove(banID);
    },

    /** The address rules matching each of `ips` (the IP addresses panel marks banned addresses), in one read. */
    async addressRules(ips: string[]): Promise<Map<string, number[]>> {
      const rules = (await active()).filter((rule) => rule.banType === "ipAddress");
      const matchers = rules.map((rule) => ({ banID: rule.banID, matches: matcherOf(rule.banType, rule.banValue) }));
      return new Map(
        ips.map((ip) => [ip, matchers.filter((rule) => rule.matches({ ips: [ip] })).map((rule) => rule.banID)]),
      );
    },

    /** `platform.admission`: refuses registrations and sign-ins that a rule matches. */
    admission: {
      async registration(input: { name: string; email: string; ip: string }): Promise<void> {
        const banIDs = await matching({ name: input.name, email: input.email, ips: [input.ip] });
        if (banIDs.length === 0) return;
        await repo.countBlocked(banIDs);
        throw new HttpError(403, banRuleMessages.registrationRefused, {
          description: banRuleMessages.registrationRefusedDescription,
        });
      },
      async signIn(input: { name: string; email: string; isAdmin: number; ip: string }): Promise<void> {
        // The site's administrators are never refused (a rule cannot lock the site's owners out).
        if (input.isAdmin >= 1) return;
        const banIDs = await matching({ name: input.name, email: input.email, ips: [input.ip] });
        if (banIDs.length === 0) return;
        throw new HttpError(403, banRuleMessages.signInRefused, {
          description: banRuleMessages.signInRefusedDescription,
        });
      },
    },
  };
}

export type BansService = ReturnType<typeof createBansService>;
