import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSync } from "otplib";
import { cookieOf, createApi, createUser, uniqueIp, type TestUser } from "../test/accounts.ts";
import { TEST_ORIGIN, type TestApp } from "../test/app.ts";
import { engines } from "../test/databases.ts";
import { createPagesTestApp } from "../test/pages.ts";

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** The text of an element with this attribute, in a page's HTML. */
const textOf = (html: string, attribute: string) =>
  new RegExp(`<[a-z]+[^>]*${attribute}[^>]*>([^<]*)<`).exec(html)?.[1] ?? null;

/**
 * Two-factor sign-in without JavaScript: every step is a form the server renders and answers (the enrolment page,
 * the sign-in form, the code step), the pending step's and the session's cookies set on the page's answers.
 */
describe.each(engines)("two-factor pages without JavaScript on %s", (engine) => {
  let t: TestApp;
  let member: TestUser;

  beforeAll(async () => {
    t = await createPagesTestApp(engine);
    member = await createUser(t.database.db, { name: "Nora Noscript", role: "member" });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, fields: Record<string, string>, cookie?: string) =>
    t.app.inject({
      method: "POST",
      url,
      headers: {
        host: "forum.test",
        "x-forwarded-for": uniqueIp(),
        "content-type": "application/x-www-form-urlencoded",
        // A browser's form post says where it comes from: the site's own pages.
        origin: TEST_ORIGIN,
        ...(cookie ? { cookie } : {}),
      },
      payload: form(fields),
    });
  const page = (url: string, cookie: string) =>
    t.app.inject({ method: "GET", url, headers: { host: "forum.test", cookie, accept: "text/html" } });

  it("enrols on /profile/two-factor, then signs in through /entry/signin and /entry/2fa", async () => {
    const session = await createApi(t.app).signIn(member);
    const csrf = { transientKey: session.transientKey };

    // The setup: the QR code as an image of the server's SVG, and the key as text.
    const started = await post("/profile/two-factor", { ...csrf, accountIntent: "setup" }, session.cookie);
    expect(started.statusCode, /role="alert"[^>]*>([^<]*)/.exec(started.body)?.[1]).toBe(200);
    expect(started.body).toContain('src="data:image/svg+xml;charset=utf-8,%3Csvg');
    const secret = textOf(started.body, 'data-testid="two-factor-key"');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    // A wrong code is refused beside its field; the right one shows the recovery codes once.
    const wrong = await post(
      "/profile/two-factor",
      { ...csrf, accountIntent: "enable", code: "12345" },
      session.cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain("That code is not valid.");
    const code = () => generateSync({ secret: secret!, epoch: Math.floor(t.clock.nowMs() / 1000) });
    const enabled = await post(
      "/profile/two-factor",
      { ...csrf, accountIntent: "enable", code: code() },
      session.cookie,
    );
    expect(enabled.statusCode).toBe(200);
    const codes = [...enabled.body.matchAll(/<li>([a-z2-9]{5}-[a-z2-9]{5})<\/li>/g)].map((match) => match[1]!);
    expect(codes).toHaveLength(10);
    // Shown once: the page afterwards has neither the codes nor the key.
    const after = await page("/profile/two-factor", session.cookie);
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain("Recovery codes left: 10");
    for (const one of [secret!, ...codes]) expect(after.body).not.toContain(one);

    // Signing in: the password form sends the browser to the code step, with no session yet.
    const signIn = await post("/entry/signin?Target=%2Fcategories", {
      username: member.name,
      password: member.password,
    });
    expect(signIn.statusCode, signIn.body.slice(0, 300)).toBe(303);
    expect(signIn.headers.location).toBe("/entry/2fa?Target=%2Fcategories");
    expect(cookieOf(signIn.headers["set-cookie"])).toBeNull();
    const pending = cookieOf(signIn.headers["set-cookie"], "parley_2fa_pending")!;
    const step = await page("/entry/2fa?Target=%2Fcategories", pending);
    expect(step.statusCode).toBe(200);
    expect(step.body).toMatch(/<input[^>]*name="code"/);
    expect(step.body).toContain("Remember this device for 30 days");

    // A recovery code (the app's code of this step was used to enrol) signs in and goes to the Target.
    const verified = await post("/entry/2fa?Target=%2Fcategories", { code: codes[0]!, remember: "1" }, pending);
    expect(verified.statusCode, verified.body.slice(0, 300)).toBe(303);
    expect(verified.headers.location).toBe("/categories");
    expect(cookieOf(verified.headers["set-cookie"])).toMatch(/^parley_session=/);
    expect(cookieOf(verified.headers["set-cookie"], "parley_2fa_device")).not.toBeNull();

    // The same recovery code again: refused on the page, which says so.
    const again = await post("/entry/signin", { username: member.name, password: member.password });
    const refused = await post(
      "/entry/2fa",
      { code: codes[0]! },
      cookieOf(again.headers["set-cookie"], "parley_2fa_pending")!,
    );
    expect(refused.statusCode).toBe(401);
    expect(refused.body).toContain("That code is not valid.");
  });
});
