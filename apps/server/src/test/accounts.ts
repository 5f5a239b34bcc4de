import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import type { Kysely } from "kysely";
import { expect } from "vitest";
import type { Me, RoleType } from "@parley/contracts";
import { ADMIN_NAME } from "../db/seed/admin.ts";
import { hashPassword } from "../platform/auth/password.ts";
import { SESSION_COOKIE } from "../platform/auth/sessions.ts";
import type { DB } from "../platform/db/schema.ts";
import type { OutboxMail } from "../platform/mail/mailer.ts";
import { TEST_ADMIN_PASSWORD, TEST_HOST, TEST_ORIGIN, TEST_PASSWORD_COST } from "./app.ts";

/*
 * Accounts in route tests: a cast of users made straight in the database, signing in through the API,
 * the headers of a signed-in request, an API client that records every answer for the leak checks,
 * and the mail the app wrote to its outbox.
 */

export { TEST_HOST, TEST_ORIGIN };

/** The seeded administrator of `createTestApp(engine, {seed: true})`. */
export const seededAdmin = { name: ADMIN_NAME, password: TEST_ADMIN_PASSWORD } as const;

export interface TestUser {
  userID: number;
  name: string;
  email: string;
  password: string;
}

export interface NewTestUser {
  name: string;
  /** The default role(s) of these types. */
  role: RoleType | RoleType[];
  /** Default `password-<name>`; null makes an account that cannot sign in (like the demo members). */
  password?: string | null;
  email?: string;
  emailConfirmed?: boolean;
  banned?: boolean;
  deleted?: boolean;
  private?: boolean;
  /** The admin flag (passes every check); default: true for the administrator role, like `createAdmin`. */
  isAdmin?: boolean;
  /** Default: now. */
  dateLastActive?: string | null;
}

const emailOf = (name: string) => `${name.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@people.test`;

/** Inserts a user with a hashed password and the default roles of the given types. */
export async function createUser(db: Kysely<DB>, input: NewTestUser): Promise<TestUser> {
  const types = Array.isArray(input.role) ? input.role : [input.role];
  const password = input.password === undefined ? `password-${input.name}` : input.password;
  const email = input.email ?? emailOf(input.name);
  const now = new Date().toISOString();
  const { userID } = await db
    .insertInto("users")
    .values({
      name: input.name,
      email,
      emailConfirmed: input.emailConfirmed === false ? 0 : 1,
      passwordHash: password === null ? null : await hashPassword(password, TEST_PASSWORD_COST),
      photoUrl: null,
      title: null,
      isAdmin: (input.isAdmin ?? types.includes("administrator")) ? 1 : 0,
      banned: input.banned ? 1 : 0,
      deleted: input.deleted ? 1 : 0,
      private: input.private ? 1 : 0,
      dateInserted: now,
      dateUpdated: null,
      dateLastActive: input.dateLastActive === undefined ? now : input.dateLastActive,
    })
    .returning("userID")
    .executeTakeFirstOrThrow();
  for (const type of types) {
    await db
      .insertInto("userRoles")
      .values({ userID, roleID: await roleIDOfType(db, type) })
      .execute();
  }
  return { userID, name: input.name, email, password: password ?? "" };
}

/** Creates a cast at once (password hashing runs in parallel), keyed as given. */
export async function createCast<K extends string>(
  db: Kysely<DB>,
  cast: Record<K, NewTestUser>,
): Promise<Record<K, TestUser>> {
  const entries = await Promise.all(
    Object.entries<NewTestUser>(cast).map(async ([key, input]) => [key, await createUser(db, input)] as const),
  );
  return Object.fromEntries(entries) as Record<K, TestUser>;
}

/** Grants a role (the first of its type) these permissions in one category, as an administrator does. */
export async function grantInCategory(
  api: Api,
  db: Kysely<DB>,
  admin: Session,
  type: RoleType,
  categoryID: number,
  permissions: Record<string, boolean> = { "discussions.view": true, "discussions.add": true, "comments.add": true },
): Promise<void> {
  const granted = await api.patch(
    `/api/v2/roles/${await roleIDOfType(db, type)}`,
    { permissions: [{ type: "category", id: categoryID, permissions }] },
    { as: admin },
  );
  expect(granted.statusCode, granted.body).toBe(200);
}

export async function roleIDOfType(db: Kysely<DB>, type: RoleType): Promise<number> {
  const row = await db
    .selectFrom("roles")
    .select("roleID")
    .where("type", "=", type)
    .orderBy("roleID")
    .executeTakeFirstOrThrow();
  return row.roleID;
}

/** Who makes a request, as far as the leak checks are concerned. */
export interface Viewer {
  userID: number;
  /** Holds personalInfo.view (or is an admin): may see other people's e-mail addresses. */
  seesEmails: boolean;
}

/** A signed-in browser session. */
export interface Session extends Viewer {
  kind: "session";
  /** `parley_session=<token>`, ready for a Cookie header. */
  cookie: string;
  transientKey: string;
  /** The user as the sign-in answered it (`GET /users/me`'s record). */
  me: Me;
}

/** An API client with a personal access token. */
export interface Bearer extends Viewer {
  kind: "bearer";
  token: string;
}

/** How a signed-in request proves it is not forged: same origin + X-Requested-With, the transient key, or not. */
export type CsrfProof = "origin" | "transientKey" | "none";

const guestViewer: Viewer = { userID: 0, seesEmails: false };

const viewerOf = (who: Viewer | null): Viewer =>
  who ? { userID: who.userID, seesEmails: who.seesEmails } : guestViewer;

const seesEmails = (me: Pick<Me, "isAdmin" | "permissions">) =>
  me.isAdmin || me.permissions.includes("personalInfo.view");

/** The headers of a request as the given session (default: from the site's own pages). */
export function sessionHeaders(session: Pick<Session, "cookie" | "transientKey">, proof: CsrfProof = "origin") {
  const headers: Record<string, string> = { host: TEST_HOST, cookie: session.cookie };
  if (proof === "origin") Object.assign(headers, { "x-requested-with": "vanilla", origin: TEST_ORIGIN });
  if (proof === "transientKey") headers["x-transient-key"] = session.transientKey;
  return headers;
}

const bearerHeaders = (token: string) => ({ host: TEST_HOST, authorization: `Bearer ${token}` });

export const guestHeaders = () => ({ host: TEST_HOST, "x-requested-with": "vanilla" });

/** The `name=value` of a Set-Cookie header (or of the first of several). */
export function cookieOf(setCookie: string | string[] | undefined, name = SESSION_COOKIE): string | null {
  const headers = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const match = headers.map((header) => header.split(";")[0]!).find((pair) => pair.startsWith(`${name}=`));
  return match ?? null;
}

let addresses = 0;
/** A client address of its own, so per-address rate limits of one test never reach another. */
export const uniqueIp = () => {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

export interface RecordedResponse {
  method: string;
  url: string;
  status: number;
  body: string;
  viewer: Viewer;
}

export interface RequestOptions {
  /** Default: a guest. */
  as?: Session | Bearer | null;
  csrf?: CsrfProof;
  body?: unknown;
  /** Extra headers, applied last (they may replace the defaults). */
  headers?: Record<string, string>;
  /** Who is asking, for the leak checks, when the credentials travel in `headers` or the URL. */
  viewer?: Viewer;
  /** The client's address (X-Forwarded-For; the app trusts its proxy), to keep per-address limits apart. */
  ip?: string;
}

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/**
 * `app.inject()` with the test host, the headers of a session, bearer token or guest, and a record of
 * every answer (see {@link expectNoLeaks}).
 */
export function createApi(app: FastifyInstance) {
  const records: RecordedResponse[] = [];

  async function request(method: Method, url: string, options: RequestOptions = {}) {
    const { as = null } = options;
    const headers: Record<string, string> =
      as === null ? guestHeaders() : as.kind === "bearer" ? bearerHeaders(as.token) : sessionHeaders(as, options.csrf);
    if (options.ip) headers["x-forwarded-for"] = options.ip;
    Object.assign(headers, options.headers);
    const inject: InjectOptions = { method, url, headers };
    if (options.body !== undefined) inject.payload = options.body as InjectOptions["payload"];
    const response = await app.inject(inject);
    records.push({
      method,
      url,
      status: response.statusCode,
      body: response.body,
      viewer: viewerOfAnswer(method, url, response) ?? viewerOf(options.viewer ?? as),
    });
    return response;
  }

  return {
    records,
    request,
    get: (url: string, options?: RequestOptions) => request("GET", url, options),
    post: (url: string, body: unknown, options?: RequestOptions) => request("POST", url, { ...options, body }),
    patch: (url: string, body: unknown, options?: RequestOptions) => request("PATCH", url, { ...options, body }),
    put: (url: string, body: unknown, options?: RequestOptions) => request("PUT", url, { ...options, body }),
    delete: (url: string, options?: RequestOptions) => request("DELETE", url, options),

    /** Signs in through `POST /authenticate/password`; fails the test unless it succeeds. */
    async signIn(
      user: Pick<TestUser, "name" | "password">,
      options: { persist?: boolean; ip?: string } = {},
    ): Promise<Session> {
      const response = await request("POST", "/api/v2/authenticate/password", {
        body: { username: user.name, password: user.password, ...(options.persist ? { persist: true } : {}) },
        ip: options.ip ?? uniqueIp(),
      });
      expect(response.statusCode, response.body).toBe(201);
      const cookie = cookieOf(response.headers["set-cookie"]);
      if (!cookie) throw new Error("The sign-in answer set no session cookie.");
      const { userID, transientKey, user: me } = response.json<{ userID: number; transientKey: string; user: Me }>();
      return {
        kind: "session",
        userID,
        seesEmails: seesEmails(me),
        cookie,
        transientKey,
        me,
      };
    },

    /** Creates a personal access token (as a signed-in session) and returns it as a bearer. */
    async tokenFor(session: Session, name = "test token"): Promise<Bearer & { accessTokenID: number }> {
      const response = await request("POST", "/api/v2/tokens", { as: session, body: { name } });
      expect(response.statusCode, response.body).toBe(201);
      const { accessToken, accessTokenID } = response.json<{ accessToken: string; accessTokenID: number }>();
      return {
        kind: "bearer",
        token: accessToken,
        accessTokenID,
        userID: session.userID,
        seesEmails: session.seesEmails,
      };
    },
  };
}

export type Api = ReturnType<typeof createApi>;

/**
 * Signing in and registering answer with the new account's own record, seen by that account: the
 * leak checks judge those answers as seen by it rather than by the guest who asked.
 */
function viewerOfAnswer(method: string, url: string, response: LightMyRequestResponse): Viewer | null {
  if (method !== "POST" || response.statusCode !== 201) return null;
  const pathname = url.split("?")[0];
  if (pathname === "/api/v2/authenticate/password" || pathname === "/api/v2/authenticate/two-factor") {
    const { userID, user } = response.json<{ userID: number; user: Me }>();
    return { userID, seesEmails: seesEmails(user) };
  }
  if (pathname === "/api/v2/users/register")
    return { userID: response.json<{ userID: number }>().userID, seesEmails: false };
  return null;
}

/** Every `{…, email: "…"}` object in a JSON value, with the userID beside it. */
function objectsWithEmail(value: unknown, found: Array<{ userID: unknown; email: string }> = []) {
  if (Array.isArray(value)) for (const item of value) objectsWithEmail(item, found);
  else if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (typeof record["email"] === "string") found.push({ userID: record["userID"], email: record["email"] });
    for (const child of Object.values(record)) objectsWithEmail(child, found);
  }
  return found;
}

/**
 * No answer carries a password hash or a token hash, and an e-mail address appears only for its owner
 * or for a viewer who may see e-mail addresses (personalInfo.view).
 */
export function expectNoLeaks(records: RecordedResponse[], options: { publicEmails?: string[] } = {}): void {
  expect(records.length).toBeGreaterThan(0);
  for (const record of records) {
    const where = `${record.method} ${record.url} → ${record.status}`;
    for (const secret of ["scrypt$", "passwordHash", "tokenHash"]) {
      expect(record.body.includes(secret), `${where} contains ${secret}`).toBe(false);
    }
    let json: unknown;
    try {
      json = JSON.parse(record.body);
    } catch {
      continue;
    }
    for (const found of objectsWithEmail(json)) {
      const allowed =
        record.viewer.seesEmails ||
        found.userID === record.viewer.userID ||
        (options.publicEmails ?? []).includes(found.email);
      expect(allowed, `${where} shows ${found.email} to user ${record.viewer.userID}`).toBe(true);
    }
  }
}

/** The mail the app wrote to `<dataDir>/outbox/*.json`, oldest first. */
export function outbox(dataDir: string): OutboxMail[] {
  const dir = path.join(dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as OutboxMail);
}

/** The mail sent to an address, oldest first. */
export const mailTo = (dataDir: string, email: string) =>
  outbox(dataDir).filter((mail) => mail.to.toLowerCase() === email.toLowerCase());

/** The user and token of an `/entry/emailconfirm/…` or `/entry/passwordreset/…` link in a mail, checked in both bodies. */
export function linkIn(mail: OutboxMail, kind: "emailconfirm" | "passwordreset"): { userID: number; token: string } {
  const pattern = new RegExp(`${TEST_ORIGIN.replace(/\./g, "\\.")}/entry/${kind}/(\\d+)/([\\w-]+)`);
  const text = pattern.exec(mail.text);
  const html = pattern.exec(mail.html);
  expect(text, `no ${kind} link in: ${mail.text}`).not.toBeNull();
  expect(html?.[0]).toBe(text![0]);
  return { userID: Number(text![1]), token: text![2]! };
}
