import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../test/app.ts";
import { createCast, mailTo, uniqueIp, type TestUser } from "../../test/accounts.ts";
import { createContentFixture, postDiscussion, type ContentFixture } from "../../test/content.ts";
import { engines } from "../../test/databases.ts";
import { eventually } from "../../test/live.ts";

const EVIL = "evil.example";

/**
 * Every absolute link, above all those mailed to someone else, is built from the configured site address
 * (`PARLEY_PUBLIC_URL`, `TEST_ORIGIN` in tests), never from the request's Host or X-Forwarded-Host: a
 * request naming another host must not mail a victim a password-reset link to that host.
 */
describe.each(engines)("the site address on %s", (engine) => {
  /** Ways a request may name another host: its Host, or X-Forwarded-Host from a trusted proxy or from anyone. */
  const hostile: Array<[label: string, headers: Record<string, string>, remoteAddress: string]> = [
    ["Host", { host: EVIL }, "127.0.0.1"],
    ["X-Forwarded-Host from a trusted proxy", { "x-forwarded-host": EVIL, "x-forwarded-proto": "https" }, "127.0.0.1"],
    ["X-Forwarded-Host from an untrusted address", { "x-forwarded-host": EVIL }, "203.0.113.9"],
  ];

  describe("with the test site's address", () => {
    let f: ContentFixture<"poster" | "replier">;
    let victims: Record<string, TestUser>;

    beforeAll(async () => {
      f = await createContentFixture(engine, {
        poster: { name: "Poster", role: "member", bypassSpam: true },
        replier: { name: "Replier", role: "member", bypassSpam: true },
      });
      victims = await createCast(f.t.database.db, {
        v0: { name: "Victim0", role: "member", email: "victim0@people.test" },
        v1: { name: "Victim1", role: "member", email: "victim1@people.test" },
        v2: { name: "Victim2", role: "member", email: "victim2@people.test" },
      });
    });
    afterAll(async () => {
      await f?.t.close();
    });

    /** A request as a client at `remoteAddress` would send it (the test host unless the headers say otherwise). */
    const send = (
      method: "GET" | "POST",
      url: string,
      headers: Record<string, string>,
      remoteAddress: string,
      payload?: Record<string, unknown>,
    ) =>
      f.t.app.inject({
        method,
        url,
        remoteAddress,
        headers: { host: "forum.test", "x-forwarded-for": uniqueIp(), ...headers },
        ...(payload ? { payload } : {}),
      });

    /** The absolute links in a mail's text. */
    const linksIn = (text: string) => text.match(/https?:\/\/[^\s>"]+/g) ?? [];

    it.each(hostile.map((row, index) => [...row, index] as const))(
      "mails a password-reset link on the site address to a request naming another host by %s",
      async (_label, headers, remoteAddress, index) => {
        const email = `victim${index}@people.test`;
        const response = await send("POST", "/api/v2/users/request-password", headers, remoteAddress, { email });
        expect(response.statusCode, response.body).toBe(201);
        const mail = mailTo(f.t.database.dataDir, email).at(-1)!;
        expect(mail.subject).toBe("Reset your password");
        const links = linksIn(mail.text);
        expect(
          links.some((link) => link.startsWith(`${TEST_ORIGIN}/entry/passwordreset/${victims[`v${index}`]!.userID}/`)),
        ).toBe(true);
        for (const link of [...links, ...linksIn(mail.html)]) expect(link).not.toContain(EVIL);
      },
    );

    it.each(hostile)(
      "mails a registration's confirmation link on the site address to a request naming another host by %s",
      async (label, headers, remoteAddress) => {
        const name = `Newcomer ${hostile.findIndex(([other]) => other === label)}`;
        const email = `${name.replace(" ", ".").toLowerCase()}@people.test`;
        const response = await send("POST", "/api/v2/users/register", headers, remoteAddress, {
          name,
          email,
          password: "long enough 1",
        });
        expect(response.statusCode, response.body).toBe(201);
        const mail = mailTo(f.t.database.dataDir, email).at(-1)!;
        expect(mail.subject).toBe("Confirm your email address");
        expect(mail.text).toContain(`${TEST_ORIGIN}/entry/emailconfirm/`);
        expect(mail.text + mail.html).not.toContain(EVIL);
      },
    );

    it("mails a notification whose links (post, unsubscribe) are on the site address, whatever host the post named", async () => {
      const discussion = await postDiscussion(f.api, f.as.poster, { categoryID: f.category.general, name: "Links" });
      const before = mailTo(f.t.database.dataDir, f.users.poster.email).length;
      const reply = await f.api.post(
        "/api/v2/comments",
        { discussionID: discussion.discussionID, body: "A reply.", format: "markdown" },
        { as: f.as.replier, csrf: "transientKey", headers: { host: EVIL, "x-forwarded-host": EVIL } },
      );
      expect(reply.statusCode, reply.body).toBe(201);
      const mail = await eventually(() => mailTo(f.t.database.dataDir, f.users.poster.email)[before]);
      const { commentID } = reply.json<{ commentID: number }>();
      expect(mail.text).toContain(`${TEST_ORIGIN}/discussion/comment/${commentID}#Comment_${commentID}`);
      expect(mail.text).toContain(`${TEST_ORIGIN}/unsubscribe/`);
      expect(JSON.stringify(mail)).not.toContain(EVIL);
    });

    it.each(hostile)(
      "answers paging links and records' urls on the site address to %s",
      async (_l, headers, address) => {
        const response = await send("GET", "/api/v2/discussions?limit=1", headers, address);
        expect(response.statusCode).toBe(200);
        const link = String(response.headers["link"]);
        expect(link).toContain(`<${TEST_ORIGIN}/api/v2/discussions?limit=1&page=2>; rel="next"`);
        expect(link).not.toContain(EVIL);
        const [first] = response.json<Array<{ url: string }>>();
        expect(first!.url.startsWith(`${TEST_ORIGIN}/discussion/`)).toBe(true);
      },
    );
  });

  describe("with a configured address other than the request's host (several host names, one site)", () => {
    let t: TestApp;
    let cast: Record<"member", TestUser>;
    const SITE = "https://forum.example";

    beforeAll(async () => {
      t = await createTestApp(engine, { config: { publicUrl: SITE } });
      cast = await createCast(t.database.db, {
        member: { name: "Elsewhere", role: "member", email: "elsewhere@people.test" },
      });
    });
    afterAll(async () => {
      await t?.close();
    });

    it("builds links on the configured address, not on the Host the request came by", async () => {
      const reset = await t.app.inject({
        method: "POST",
        url: "/api/v2/users/request-password",
        headers: { host: "forum.test", "x-forwarded-for": uniqueIp() },
        payload: { email: "elsewhere@people.test" },
      });
      expect(reset.statusCode, reset.body).toBe(201);
      expect(mailTo(t.database.dataDir, "elsewhere@people.test").at(-1)!.text).toContain(
        `${SITE}/entry/passwordreset/`,
      );

      const list = await t.app.inject({
        method: "GET",
        url: "/api/v2/discussions?limit=1",
        headers: { host: "forum.test" },
      });
      expect(list.headers["link"]).toContain(`<${SITE}/api/v2/discussions?limit=1&page=1>; rel="first"`);
    });

    it("sends the session cookie Secure on an https site, though the proxy said nothing of the scheme", async () => {
      const signIn = await t.app.inject({
        method: "POST",
        url: "/api/v2/authenticate/password",
        headers: { host: "forum.example", origin: SITE, "x-forwarded-for": uniqueIp() },
        payload: { username: "Elsewhere", password: cast.member.password },
      });
      expect(signIn.statusCode, signIn.body).toBe(201);
      expect(String(signIn.headers["set-cookie"])).toMatch(/^parley_session=[^;]+;.*; Secure/);
    });
  });
});
