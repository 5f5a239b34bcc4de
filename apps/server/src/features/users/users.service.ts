import {
  isRegistrationByApproval,
  isRegistrationOpen,
  limits,
  userMessages,
  type ByNamesQuery,
  type FieldError,
  type Me,
  type MeCounts,
  type RegisterBody,
  type User,
  type UserFragment,
  type UserListQuery,
  type UserPatch,
  type UserPermissions,
  type UserPost,
} from "@parley/contracts";
import type { Kysely } from "kysely";
import { requireAccess } from "../../platform/auth/access.ts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import { hashPassword, verifyPassword } from "../../platform/auth/password.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import type { DB } from "../../platform/db/schema.ts";
import { nowIso } from "../../platform/dates.ts";
import { normalizeFormat } from "../../platform/render/index.ts";
import { conflict, fieldError, HttpError, notFound, validationFailed } from "../../platform/errors.ts";
import { verifyBotCheck } from "./bot-check.ts";
import { createEmailTokens } from "./email-tokens.ts";
import { usersPolicy } from "./users.policy.ts";
import {
  presentGuestMe,
  presentMe,
  presentPrivateUser,
  presentSignature,
  presentUser,
  presentUserFragment,
} from "./users.present.ts";
import type { NewUser, UsersRepo, UserRow, UserSort } from "./users.repo.ts";
import { checkEmail, checkName, checkPassword } from "./users.validation.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";

const DAY = 86_400_000;

declare module "../../platform/events.ts" {
  interface EventMap {
    /** What one member may do changed: banned or unbanned, roles changed, account deleted. */
    "user.access.changed": { userID: number };
    /** Someone registered while registration needs approval: an applicant waits (`/applicants`). */
    "user.applied": { userID: number };
    /** A member was deleted (after the deletion's transaction): with `delete`, their posts went with them. */
    "user.deleted": { userID: number; deleteMethod: DeleteMethod };
  }
}

export type DeleteMethod = "keep" | "wipe" | "delete";

/**
 * What another feature does with a member's content when their account is deleted (`deleteMethod`),
 * inside the deletion's transaction; `db` is that transaction.
 */
export type UserContentRemover = (db: Kysely<DB>, userID: number, deleteMethod: DeleteMethod) => Promise<void>;

/** `reactionsReceived` of a user, by reaction urlcode (the reactions feature provides it). */
export type ReactionsReceived = (userID: number) => Promise<NonNullable<User["reactionsReceived"]>>;

/** Accounts: registration, profiles, roles of a user, bans, deletion, `/users/me`. */
export function createUsersService(
  repo: UsersRepo,
  platform: Platform,
  reactionsReceived: ReactionsReceived,
  /** The member's unread notifications (the notifications feature provides it). */
  unreadNotifications: (userID: number, viewer?: Viewer) => Promise<number> = async () => 0,
  unreadConversations: (userID: number) => Promise<number> = async () => 0,
  /** Other features' parts of deleting a member (private messages). */
  contentRemovers: UserContentRemover[] = [],
) {
  const tokens = createEmailTokens(platform);

  const present = async (row: UserRow, context: RequestContext): Promise<User> => {
    const roles = (await repo.rolesOf([row.userID])).get(row.userID) ?? [];
    if (!usersPolicy.canSeeFullProfile(context.viewer, row)) return presentPrivateUser(row, roles, context.origin);
    return presentUser(row, roles, {
      origin: context.origin,
      canSeeEmail: usersPolicy.canSeeEmail(context.viewer, row),
      isSiteManager: usersPolicy.isSiteManager(context.viewer),
    });
  };

  /** `12`, `$me`, `$name:alice`, `$email:a@b.c` → the user row (reference §1.1 smart ids). */
  async function resolve(id: string, viewer: Viewer): Promise<UserRow> {
    let row: UserRow | undefined;
    if (/^\d+$/.test(id)) row = await repo.findById(Number(id));
    else if (id === "$me") {
      if (viewer.userID === 0) throw notFound("User");
      row = await repo.findById(viewer.userID);
    } else if (id.startsWith("$name:")) {
      row = await repo.findByName(id.slice(6));
      if (!row) throw new HttpError(404, "Smart ID not found.");
    } else if (id.startsWith("$email:")) {
      requireAccess(viewer, usersPolicy.canSeePersonalInfo);
      const rows = await repo.findAllByEmail(id.slice(7));
      if (rows.length > 1) throw conflict("More than one record matches the smart ID.");
      row = rows[0];
      if (!row) throw new HttpError(404, "Smart ID not found.");
    }
    if (!row) throw notFound("User");
    return row;
  }

  /** Name and e-mail rules plus uniqueness, as one list of field errors. */
  async function checkIdentity(
    input: { name?: string; email?: string; password?: string; discoveryMissing?: boolean },
    exceptUserID?: number,
  ) {
    const errors: FieldError[] = [];
    if (input.name !== undefined) {
      const invalid = checkName(input.name);
      if (invalid) errors.push(invalid);
      else {
        const taken = await repo.findByName(input.name);
        if (taken && taken.userID !== exceptUserID)
          errors.push(fieldError("name", "nameTaken", userMessages.nameTaken));
      }
    }
    if (input.email !== undefined) {
      const invalid = checkEmail(input.email);
      if (invalid) errors.push(invalid);
      else {
        const taken = (await repo.findAllByEmail(input.email)).filter((row) => row.userID !== exceptUserID);
        if (taken.length) errors.push(fieldError("email", "emailTaken", userMessages.emailTaken));
      }
    }
    if (input.password !== undefined) {
      const invalid = checkPassword(input.password);
      if (invalid) errors.push(invalid);
    }
    if (input.discoveryMissing)
      errors.push(fieldError("discoveryText", "missingField", userMessages.discoveryTextRequired));
    if (errors.length) throw validationFailed(errors);
  }

  async function roleIDsOfType(type: string): Promise<number[]> {
    return (await repo.rolesOfType(type)).map((role) => role.roleID);
  }

  const newUserRow = async (input: {
    name: string;
    email: string;
    password: string;
    emailConfirmed: boolean;
    ip: string;
  }): Promise<NewUser> => {
    const now = platform.clock.nowIso();
    return {
      name: input.name,
      email: input.email,
      emailConfirmed: input.emailConfirmed ? 1 : 0,
      passwordHash: await hashPassword(input.password),
      photoUrl: null,
      title: null,
      isAdmin: 0,
      banned: 0,
      deleted: 0,
      private: 0,
      showEmail: 0,
      bypassSpam: 0,
      countDiscussions: 0,
      countComments: 0,
      countVisits: 0,
      points: 0,
      dateInserted: now,
      dateUpdated: null,
      dateLastActive: now,
      insertIPAddress: input.ip,
      lastIPAddress: input.ip,
    };
  };

  return {
    resolve,
    present,

    async register(body: RegisterBody, context: RequestContext) {
      // The site's registration method (spec §2): only an open one takes new accounts.
      const method = await platform.siteConfig.get("registration.method");
      if (!isRegistrationOpen(method)) throw new HttpError(403, userMessages.registrationClosed);
      const name = body.name.trim();
      const email = body.email.trim();
      // By approval, the account waits with the applicant role; an administrator reads why they want to join.
      const approval = isRegistrationByApproval(method);
      const discoveryText = body.discoveryText?.trim() ?? "";
      await checkIdentity({ name, email, password: body.password, discoveryMissing: approval && !discoveryText });
      // The bot check, when the method asks for it and the site has one (without one, captcha is as basic).
      const botCheck = platform.config.botCheck;
      if (botCheck && method.toLowerCase() === "captcha")
        await verifyBotCheck(botCheck, body.captchaResponse, context.ip);
      const confirm = platform.config.confirmEmail && !approval;
      const row = await newUserRow({ name, email, password: body.password, emailConfirmed: !confirm, ip: context.ip });
      const roleIDs = await roleIDsOfType(approval ? "applicant" : confirm ? "unconfirmed" : "member");
      const userID = await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        const id = await scoped.insert(approval ? { ...row, emailConfirmed: 0, discoveryText } : row);
        await scoped.setRoles(id, roleIDs);
        return id;
      });
      if (approval) {
        await platform.events.emit("user.applied", { userID });
        return { userID, name, email, pendingApproval: true };
      }
      if (confirm) await tokens.sendConfirmation({ userID, name, email }, context.origin);
      return { userID, name, email };
    },

    async create(body: UserPost, context: RequestContext): Promise<User> {
      requireAccess(context.viewer, usersPolicy.canCreate);
      const name = body.name.trim();
      const email = body.email.trim();
      await checkIdentity({ name, email, password: body.password });
      const roleIDs = body.roleID?.length ? body.roleID : await roleIDsOfType("member");
      await assertAssignable(roleIDs, context.viewer);
      const row = await newUserRow({
        name,
        email,
        password: body.password,
        emailConfirmed: body.emailConfirmed ?? true,
        ip: context.ip,
      });
      row.showEmail = body.showEmail ? 1 : 0;
      row.private = body.private ? 1 : 0;
      row.bypassSpam = body.bypassSpam ? 1 : 0;
      const userID = await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        const id = await scoped.insert(row);
        await scoped.setRoles(id, roleIDs);
        return id;
      });
      return present((await repo.findById(userID))!, context);
    },

    async get(id: string, context: RequestContext, expand: string[] = []): Promise<User> {
      requireAccess(context.viewer, usersPolicy.canViewProfiles);
      const row = await resolve(id, context.viewer);
      const user = await present(row, context);
      const wants = (name: string) => expand.includes(name) || expand.includes("all") || expand.includes("true");
      if (wants("reactionsReceived") && usersPolicy.canSeeFullProfile(context.viewer, row)) {
        user.reactionsReceived = await reactionsReceived(row.userID);
      }
      if (wants("signature")) {
        const enabled = await platform.siteConfig.get("signatures.enabled");
        user.signature = enabled ? presentSignature(row, context.origin) : null;
      }
      return user;
    },

    async list(query: UserListQuery, context: RequestContext) {
      requireAccess(context.viewer, usersPolicy.canViewProfiles);
      if (query.email !== undefined) requireAccess(context.viewer, usersPolicy.canSeePersonalInfo);
      const page = query.page ?? 1;
      const limit = query.limit ?? limits.api.defaultLimit;
      const sortParam = query.sort ?? "userID";
      const sort = { column: sortParam.replace(/^-/, "") as UserSort, desc: sortParam.startsWith("-") };
      const filters = {
        ...(query.userID ? { userIDs: query.userID } : {}),
        ...(query.roleID !== undefined ? { roleID: query.roleID } : {}),
        ...(query.name !== undefined
          ? { name: { value: query.name.replace(/\*$/, ""), prefix: query.name.endsWith("*") } }
          : {}),
        ...(query.email !== undefined ? { email: query.email } : {}),
        ...(query.isBanned !== undefined ? { banned: query.isBanned } : {}),
      };
      const [rows, total] = await Promise.all([
        repo.list(filters, sort, (page - 1) * limit, limit),
        repo.count(filters),
      ]);
      const roles = await repo.rolesOf(rows.map((row) => row.userID));
      const items = rows.map((row) =>
        usersPolicy.canSeeFullProfile(context.viewer, row)
          ? presentUser(row, roles.get(row.userID) ?? [], {
              origin: context.origin,
              canSeeEmail: usersPolicy.canSeeEmail(context.viewer, row),
              isSiteManager: usersPolicy.isSiteManager(context.viewer),
            })
          : presentPrivateUser(row, roles.get(row.userID) ?? [], context.origin),
      );
      return { items, page, limit, total };
    },

    async byNames(
      query: ByNamesQuery,
      context: RequestContext,
    ): Promise<{ items: UserFragment[]; page: number; limit: number }> {
      requireAccess(context.viewer, usersPolicy.canViewProfiles);
      const page = query.page ?? 1;
      const limit = query.limit ?? 100;
      const text = query.name.replace(/\*$/, "");
      if (text === "") return { items: [], page, limit };
      const activeSince = new Date(platform.clock.nowMs() - limits.mentions.activeWithinDays * DAY).toISOString();
      const rows = query.name.endsWith("*")
        ? await repo.rankedByName(text, activeSince, (page - 1) * limit, limit)
        : [await repo.findByName(text)].filter((row): row is UserRow => row !== undefined && row.deleted === 0);
      return { items: rows.map((row) => presentUserFragment(row, context.origin)), page, limit };
    },

    async patch(id: string, body: UserPatch, context: RequestContext): Promise<User> {
      const { viewer } = context;
      requireSignedIn(viewer);
      const row = await resolve(id, viewer);
      const self = usersPolicy.isSelf(viewer, row);
      const admin = usersPolicy.canEditOthers(viewer);
      if (!self) requireAccess(viewer, usersPolicy.canEditOthers);
      const adminOnly = (["emailConfirmed", "bypassSpam", "roleID", "banned"] as const).filter(
        (key) => body[key] !== undefined,
      );
      if (adminOnly.length) requireAccess(viewer, usersPolicy.canEditOthers);
      if (body.name !== undefined && body.name !== row.name) requireAccess(viewer, usersPolicy.canRename);

      // Changing one's own e-mail or password needs the current password.
      if (self && !admin && (body.password !== undefined || (body.email !== undefined && body.email !== row.email))) {
        if (!(await verifyPassword(body.passwordConfirmation ?? "", row.passwordHash))) {
          throw validationFailed([
            fieldError("passwordConfirmation", "invalid", "Your current password is incorrect."),
          ]);
        }
      }
      const name = body.name?.trim();
      const email = body.email?.trim();
      const signatureFormat = body.signatureFormat === undefined ? undefined : normalizeFormat(body.signatureFormat);
      if (signatureFormat === null) {
        throw validationFailed([fieldError("signatureFormat", "invalid", "signatureFormat is not a valid format.")]);
      }
      const signature = body.signature === undefined ? undefined : body.signature?.trim() || null;
      await checkIdentity(
        {
          ...(name !== undefined && name !== row.name ? { name } : {}),
          ...(email !== undefined && email !== row.email ? { email } : {}),
          ...(body.password !== undefined ? { password: body.password } : {}),
        },
        row.userID,
      );
      if (body.roleID) await assertAssignable(body.roleID, viewer);
      if (body.banned !== undefined) assertBannable(row, viewer);

      await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        await scoped.update(row.userID, {
          ...(name !== undefined ? { name } : {}),
          ...(email !== undefined ? { email } : {}),
          ...(email !== undefined && email.toLowerCase() !== row.email.toLowerCase() && !admin
            ? { emailConfirmed: 0 }
            : {}),
          ...(body.emailConfirmed !== undefined ? { emailConfirmed: body.emailConfirmed ? 1 : 0 } : {}),
          ...(body.showEmail !== undefined ? { showEmail: body.showEmail ? 1 : 0 } : {}),
          ...(body.bypassSpam !== undefined ? { bypassSpam: body.bypassSpam ? 1 : 0 } : {}),
          ...(body.private !== undefined ? { private: body.private ? 1 : 0 } : {}),
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(signature !== undefined
            ? { signature, signatureFormat: signature === null ? null : (signatureFormat ?? "markdown") }
            : signatureFormat !== undefined && row.signature
              ? { signatureFormat }
              : {}),
          ...(body.banned !== undefined ? { banned: body.banned ? 1 : 0 } : {}),
          ...(body.password !== undefined ? { passwordHash: await hashPassword(body.password) } : {}),
          dateUpdated: nowIso(),
        });
        if (body.roleID) await scoped.setRoles(row.userID, body.roleID);
      });
      if (body.emailConfirmed === true && row.emailConfirmed === 0) await promoteUnconfirmed(row.userID);
      if (body.roleID || body.banned !== undefined)
        await platform.events.emit("user.access.changed", { userID: row.userID });
      return present((await repo.findById(row.userID))!, context);
    },

    async ban(id: string, banned: boolean, context: RequestContext): Promise<{ banned: boolean }> {
      const row = await resolve(id, context.viewer);
      requireAccess(context.viewer, usersPolicy.canBan);
      assertBannable(row, context.viewer);
      await repo.update(row.userID, { banned: banned ? 1 : 0, dateUpdated: nowIso() });
      await platform.events.emit("user.access.changed", { userID: row.userID });
      return { banned };
    },

    async remove(id: string, deleteMethod: DeleteMethod, context: RequestContext): Promise<void> {
      requireAccess(context.viewer, usersPolicy.canDelete);
      const row = await resolve(id, context.viewer);
      if (row.userID === context.viewer.userID) throw new HttpError(400, "You cannot delete your own account here.");
      if (row.isAdmin >= 1) requireAccess(context.viewer, usersPolicy.isSiteManager);
      if (row.deleted === 1) throw notFound("User");
      await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        for (const remove of contentRemovers) await remove(trx, row.userID, deleteMethod);
        await scoped.update(row.userID, {
          deleted: 1,
          banned: 0,
          passwordHash: null,
          photoUrl: null,
          title: null,
          dateUpdated: nowIso(),
        });
        await scoped.setRoles(row.userID, []);
        await scoped.deleteCredentials(row.userID);
      });
      await platform.events.emit("user.deleted", { userID: row.userID, deleteMethod });
      await platform.events.emit("user.access.changed", { userID: row.userID });
    },

    async me(context: RequestContext): Promise<Me> {
      const { viewer } = context;
      const global = viewer.permissions.permissions.find((fragment) => fragment.type === "global");
      const permissions = Object.entries(global?.permissions ?? {})
        .filter(([, value]) => value === true)
        .map(([name]) => name)
        .sort();
      if (!viewer.user)
        return presentGuestMe(await repo.rolesByIDs(viewer.roleIDs), { origin: context.origin, permissions });
      const [roleMap, countUnreadNotifications, countUnreadConversations] = await Promise.all([
        repo.rolesOf([viewer.userID]),
        unreadNotifications(viewer.userID, viewer),
        unreadConversations(viewer.userID),
      ]);
      return presentMe(viewer.user, roleMap.get(viewer.userID) ?? [], {
        origin: context.origin,
        permissions,
        isAdmin: viewer.permissions.isAdmin,
        countUnreadNotifications,
        countUnreadConversations,
      });
    },

    async meCounts(context: RequestContext): Promise<MeCounts> {
      if (!context.viewer.user) return { counts: [] };
      const user = context.viewer.user;
      const [notifications, conversations, applicants] = await Promise.all([
        unreadNotifications(user.userID, context.viewer),
        unreadConversations(user.userID),
        // Registration by approval: those who may approve see how many wait (reference: `Applicants`).
        usersPolicy.canManageApplicants(context.viewer) ? repo.countApplicants() : null,
      ]);
      return {
        counts: [
          { name: "UnreadNotifications", count: notifications },
          { name: "Conversations", count: conversations },
          { name: "Discussions", count: user.countDiscussions },
          ...(applicants === null ? [] : [{ name: "Applicants", count: applicants }]),
        ],
      };
    },

    async permissionsOf(id: string, expandJunctions: boolean, context: RequestContext): Promise<UserPermissions> {
      // A guest's `$me` is the guest (userID 0, reference §1.1): clients load every viewer's permissions.
      const row = id === "$me" && !context.viewer.user ? null : await resolve(id, context.viewer);
      if (row) requireAccess(context.viewer, usersPolicy.canReadPermissionsOf, row);
      const permissions =
        !row || row.userID === context.viewer.userID
          ? context.viewer.permissions
          : // Their roles and group memberships, as their own requests read them.
            (await platform.sessions.viewerFor(row, "cookie", null)).permissions;
      const adminLevel = row?.isAdmin ?? 0;
      const result: UserPermissions = {
        isAdmin: permissions.isAdmin,
        isSysAdmin: adminLevel >= 2,
        isSuperAdmin: adminLevel >= 3,
        permissions: permissions.permissions,
      };
      if (expandJunctions) {
        if (permissions.junctions) result.junctions = permissions.junctions;
        if (permissions.junctionAliases) result.junctionAliases = permissions.junctionAliases;
      }
      return result;
    },

    /** Sends a new confirmation link to the signed-in user. */
    async resendConfirmation(context: RequestContext): Promise<void> {
      const { viewer } = context;
      if (!viewer.user) requireSignedIn(viewer);
      const user = viewer.user!;
      if (user.emailConfirmed === 1) throw new HttpError(400, "Your email address is already confirmed.");
      await tokens.sendConfirmation(user, context.origin);
    },

    /** Confirms the address of user `id` with the code of its link; a code of another user's is refused. */
    async confirmEmail(id: string, token: string): Promise<{ userID: number }> {
      if (!/^\d+$/.test(id)) throw new HttpError(400, userMessages.emailConfirmBadLink);
      const found = await tokens.consume(token, "confirm", Number(id));
      if (!found) throw new HttpError(400, userMessages.emailConfirmBadLink);
      const user = await repo.findById(found.userID);
      if (!user || user.deleted === 1 || user.email.toLowerCase() !== found.email.toLowerCase()) {
        throw new HttpError(400, userMessages.emailConfirmBadLink);
      }
      await repo.update(user.userID, { emailConfirmed: 1, dateUpdated: nowIso() });
      await promoteUnconfirmed(user.userID);
      return { userID: user.userID };
    },

    /** Always answers the same, so nobody can learn which e-mails have accounts. */
    async requestPassword(email: string, context: RequestContext): Promise<void> {
      const [user] = (await repo.findAllByEmail(email.trim())).filter((row) => row.deleted === 0);
      if (user) await tokens.sendPasswordReset(user, context.origin);
    },

    async resetPassword(token: string, password: string): Promise<{ userID: number }> {
      const invalid = checkPassword(password);
      if (invalid) throw validationFailed([invalid]);
      const found = await tokens.consume(token, "reset");
      const user = found ? await repo.findById(found.userID) : undefined;
      if (!found || !user || user.deleted === 1) throw new HttpError(400, userMessages.passwordResetBadLink);
      await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        await scoped.update(user.userID, { passwordHash: await hashPassword(password), dateUpdated: nowIso() });
        // A reset signs every other session out.
        await scoped.deleteCredentials(user.userID, { keepTokens: true });
      });
      return { userID: user.userID };
    },
  };

  /** Unconfirmed members become Members once their e-mail is confirmed. */
  async function promoteUnconfirmed(userID: number): Promise<void> {
    const roles = (await repo.rolesOf([userID])).get(userID) ?? [];
    if (!roles.some((role) => role.type === "unconfirmed")) return;
    const member = await roleIDsOfType("member");
    await repo.setRoles(userID, [
      ...roles.filter((role) => role.type !== "unconfirmed").map((role) => role.roleID),
      ...member,
    ]);
    await platform.events.emit("user.access.changed", { userID });
  }

  /** Roles must exist; only site managers hand out the Administrator role. */
  async function assertAssignable(roleIDs: number[], viewer: Viewer): Promise<void> {
    const roles = await repo.rolesByIDs(roleIDs);
    const missing = roleIDs.filter((id) => !roles.some((role) => role.roleID === id));
    if (missing.length)
      throw validationFailed([fieldError("roleID", "invalid", `Unknown role: ${missing.join(", ")}.`)]);
    if (roles.some((role) => role.type === "administrator")) requireAccess(viewer, usersPolicy.isSiteManager);
  }

  function assertBannable(row: UserRow, viewer: Viewer): void {
    if (row.userID === viewer.userID) throw new HttpError(400, "You cannot ban yourself.");
    if (row.isAdmin >= 1) throw new HttpError(403, "Administrators cannot be banned.");
  }
}

export type UsersService = ReturnType<typeof createUsersService>;
