import type { FastifyReply, FastifyRequest } from "fastify";
import { userMessages } from "@parley/contracts";
import { assertUserUsable } from "../../platform/auth/authorize.ts";
import { verifyPassword } from "../../platform/auth/password.ts";
import { randomToken } from "../../platform/auth/tokens.ts";
import type { Platform } from "../../platform/context.ts";
import { HttpError } from "../../platform/errors.ts";
import { clientOf } from "../../platform/http/client-address.ts";
import { newUserRow } from "./users.register.ts";
import { createUsersRepo, type UserRow } from "./users.repo.ts";
import { assertNotScheduledForDeletion } from "./users.self-delete.ts";
import { checkName } from "./users.validation.ts";

/** A photo address a provider may give: https, as the pages' Content-Security-Policy loads (`ImageAddress`). */
const HTTPS_IMAGE = /^https:\/\/\S{1,492}$/u;

/** Roles a provider's claim may never hand out: they mean "not a member yet". */
const UNMAPPABLE = new Set(["guest", "applicant", "unconfirmed"]);

/**
 * What signing in with another site (the authenticators feature) needs of accounts: find the one an e-mail
 * address names, make a new one, check a password, give the roles a provider's claim names, and sign in.
 * The users feature owns these rows; the authenticators feature reaches them only through this.
 */
export function createConnectedAccounts(platform: Platform) {
  const repo = createUsersRepo(platform.db);

  /** The roles whose names (any case) the claim lists and a provider may give; empty when none match. */
  async function mappedRoleIDs(roleNames: readonly string[]): Promise<number[]> {
    if (roleNames.length === 0) return [];
    const roles = await repo.rolesNamed(roleNames);
    return roles.filter((role) => !UNMAPPABLE.has(role.type ?? "")).map((role) => role.roleID);
  }

  /**
   * The account, if it may sign in from this address as with a password: not deleted, banned or awaiting deletion,
   * let in by the ban rules, and not an applicant still waiting; else the error that says why.
   */
  async function usableAccount(userID: number, ip: string): Promise<UserRow> {
    const user = await repo.findById(userID);
    if (!user || user.deleted !== 0) throw new HttpError(401, userMessages.signInFailed);
    assertUserUsable(user);
    assertNotScheduledForDeletion(user);
    await platform.admission.signIn({ ...user, ip });
    const roles = (await repo.rolesOf([user.userID])).get(user.userID) ?? [];
    if (roles.some((role) => role.type === "applicant") && !roles.some((role) => role.canSession === 1))
      throw new HttpError(403, userMessages.applicationPending);
    return user;
  }

  return {
    /** The one usable account with this e-mail address, if exactly one has it. */
    async byEmail(email: string): Promise<UserRow | undefined> {
      const rows = await repo.findAllByEmail(email);
      return rows.length === 1 ? rows[0] : undefined;
    },

    /** Whether a new account may take this name: a valid one nobody has. */
    async nameFree(name: string): Promise<boolean> {
      if (checkName(name)) return false;
      return (await repo.findByName(name)) === undefined;
    },

    /**
     * A new account for a provider's member: its e-mail address confirmed when the provider says so, no password
     * anyone knows, the roles the claim names (else the member roles). Ban rules apply as to any registration.
     */
    async create(input: {
      name: string;
      email: string;
      emailConfirmed: boolean;
      roleNames: string[];
      /** The provider's photo: kept when it is an https address the pages may load. */
      photoUrl?: string | null;
      ip: string;
    }) {
      await platform.admission.registration({ name: input.name, email: input.email, ip: input.ip });
      const row = await newUserRow({
        name: input.name,
        email: input.email,
        password: randomToken(),
        emailConfirmed: input.emailConfirmed,
        ip: input.ip,
        now: platform.clock.nowIso(),
      });
      if (input.photoUrl && HTTPS_IMAGE.test(input.photoUrl)) row.photoUrl = input.photoUrl;
      const mapped = await mappedRoleIDs(input.roleNames);
      const roleIDs = mapped.length
        ? mapped
        : (await repo.rolesOfType(input.emailConfirmed ? "member" : "unconfirmed")).map((role) => role.roleID);
      const userID = await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        const id = await scoped.insert(row);
        await scoped.setRoles(id, roleIDs);
        return id;
      });
      await platform.events.emit("user.created", { userID });
      return userID;
    },

    /** Whether the password is the account's. */
    async passwordMatches(userID: number, password: string): Promise<boolean> {
      const user = await repo.findById(userID);
      return user !== undefined && user.deleted === 0 && (await verifyPassword(password, user.passwordHash, user.name));
    },

    /** The roles the claim names replace the member's, when any of them is one of the forum's. */
    async syncRoles(userID: number, roleNames: readonly string[]): Promise<void> {
      const mapped = await mappedRoleIDs(roleNames);
      if (mapped.length === 0) return;
      const user = await repo.findById(userID);
      if (!user || user.isAdmin >= 1) return;
      await repo.setRoles(userID, mapped);
    },

    usableAccount,

    /** Signs the account in (as a password would: bans, ban rules, deletion and approval are checked). */
    async signIn(userID: number, request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const user = await usableAccount(userID, clientOf(request).address);
      const now = platform.clock.nowIso();
      await repo.update(user.userID, {
        dateLastActive: now,
        lastIPAddress: request.ip,
        countVisits: user.countVisits + 1,
      });
      request.viewer = await platform.sessions.start(request, reply, { ...user, dateLastActive: now }, false);
    },
  };
}

export type ConnectedAccounts = ReturnType<typeof createConnectedAccounts>;
