import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi, createCast } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { engines } from "../../test/databases.ts";
import { createAkismetCheck } from "./spam.akismet.ts";
import type { SpamContext } from "./spam.check.ts";
import { offlineSpamCheck } from "./spam.filter.ts";

/**
 * A stand-in for Akismet's REST API, speaking its protocol over real HTTP: `POST /1.1/comment-check`, form-encoded,
 * answering `true` (spam; `X-akismet-pro-tip: discard` for the blatant) or `false`, and `invalid` with
 * `X-akismet-debug-help` for a key it does not know. It keeps what it was sent.
 */
function akismetStandIn() {
  const received: URLSearchParams[] = [];
  const server = createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    request.on("end", () => {
      const form = new URLSearchParams(raw);
      received.push(form);
      if (request.method !== "POST" || request.url !== "/1.1/comment-check") {
        response.writeHead(404).end();
        return;
      }
      if (form.get("api_key") !== "good-key") {
        response.writeHead(200, { "content-type": "text/plain", "x-akismet-debug-help": "Empty or invalid API key" });
        response.end("invalid");
        return;
      }
      const content = form.get("comment_content") ?? "";
      const spam = form.get("comment_author") === "viagra-test-123" || content.includes("casino");
      const headers: Record<string, string> = { "content-type": "text/plain" };
      if (content.includes("discard")) headers["x-akismet-pro-tip"] = "discard";
      response.writeHead(200, headers).end(spam ? "true" : "false");
    });
  });
  return { server, received };
}

const context: SpamContext = {
  now: new Date("2026-11-29T12:00:00Z"),
  ip: "203.0.113.7",
  userAgent: "Mozilla/5.0",
  siteUrl: "https://forum.example.org",
  permalink: "https://forum.example.org/discussion/1",
  recentFingerprints: [],
  recentPosts: 0,
  flaggedAccountsAtIp: 0,
  spamVerdicts: 0,
};
const author = { userID: 5, name: "Ann", email: "ann@example.org", dateInserted: "2025-01-01T00:00:00Z" };

describe("the Akismet client against a stand-in speaking Akismet's protocol", () => {
  let server: Server;
  let received: URLSearchParams[];
  let url: string;

  beforeAll(async () => {
    ({ server, received } = akismetStandIn());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("sends comment-check's fields and reads true as spam, false as ham, discard as blatant", async () => {
    const check = createAkismetCheck({ key: "good-key", url, fallback: offlineSpamCheck });
    const ham = await check.check(
      { kind: "comment", body: "Thanks, that fixed it.", format: "markdown" },
      author,
      context,
    );
    expect(ham).toEqual({ verdict: "ham", score: 0, reasons: [] });
    const sent = received.at(-1)!;
    expect(Object.fromEntries(sent)).toMatchObject({
      api_key: "good-key",
      blog: "https://forum.example.org",
      user_ip: "203.0.113.7",
      user_agent: "Mozilla/5.0",
      permalink: "https://forum.example.org/discussion/1",
      comment_type: "reply",
      comment_author: "Ann",
      comment_author_email: "ann@example.org",
      comment_content: "Thanks, that fixed it.",
      comment_date_gmt: "2026-11-29T12:00:00.000Z",
    });
    const spam = await check.check(
      { kind: "discussion", name: "Hi", body: "best casino", format: "markdown" },
      { ...author, name: "viagra-test-123" },
      context,
    );
    expect(spam).toMatchObject({ verdict: "spam", reasons: ["Akismet: spam"] });
    expect(received.at(-1)!.get("comment_type")).toBe("forum-post");
    expect(received.at(-1)!.get("comment_content")).toBe("Hi\n\nbest casino");
    const blatant = await check.check({ kind: "comment", body: "casino discard", format: "text" }, author, context);
    expect(blatant).toMatchObject({ verdict: "spam", reasons: ["Akismet: discard"] });
  });

  it("falls back to the offline filter when the key is refused or the service is unreachable", async () => {
    const errors: unknown[] = [];
    const refused = createAkismetCheck({
      key: "bad-key",
      url,
      fallback: offlineSpamCheck,
      onError: (e) => errors.push(e),
    });
    const result = await refused.check({ kind: "comment", body: "Hello there", format: "text" }, author, context);
    expect(result.verdict).toBe("ham");
    expect(result.reasons).toContain("Akismet unavailable: offline filter");
    expect(String(errors[0])).toContain("Empty or invalid API key");

    const down = createAkismetCheck({
      key: "good-key",
      url: "http://127.0.0.1:9",
      fallback: offlineSpamCheck,
      timeoutMs: 2_000,
    });
    expect((await down.check({ kind: "comment", body: "Hello", format: "text" }, author, context)).reasons).toContain(
      "Akismet unavailable: offline filter",
    );
  });
});

describe.each(engines)("the app with an Akismet key, on %s", (engine) => {
  let standIn: ReturnType<typeof akismetStandIn>;
  let t: TestApp;

  beforeAll(async () => {
    standIn = akismetStandIn();
    await new Promise<void>((resolve) => standIn.server.listen(0, "127.0.0.1", resolve));
    const akismetUrl = `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}`;
    t = await createTestApp(engine, { seed: true, config: { spam: { akismetKey: "good-key", akismetUrl } } });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => standIn?.server.close(resolve));
  });

  it("asks the service about a member's comment and keeps its verdict", async () => {
    const { sam } = await createCast(t.database.db, { sam: { name: "Sam Sender", role: "member" } });
    const api = createApi(t.app);
    const session = await api.signIn(sam);
    const general = await t.database.db
      .selectFrom("categories")
      .select("categoryID")
      .where("urlcode", "=", "general")
      .executeTakeFirstOrThrow();
    const discussion = await api.post(
      "/api/v2/discussions",
      { categoryID: general.categoryID, name: "Hello", body: "Nice to meet you all.", format: "text" },
      { as: session },
    );
    expect(discussion.statusCode, discussion.body).toBe(201);
    const { discussionID } = discussion.json<{ discussionID: number }>();
    const comment = await api.post(
      "/api/v2/comments",
      { discussionID, body: "Play at the best casino", format: "text" },
      { as: session },
    );
    // Judged spam: held in the premoderation queue's spam tab (202), never written.
    expect(comment.statusCode, comment.body).toBe(202);
    expect(comment.json<{ premoderatinReasons: Array<{ premoderationType: string }> }>().premoderatinReasons).toEqual([
      expect.objectContaining({ premoderationType: "premoderatedSpam" }),
    ]);
    expect(standIn.received.at(-1)!.get("comment_author")).toBe("Sam Sender");
    expect(standIn.received.at(-1)!.get("blog")).toBe("http://forum.test");
    const verdicts = await t.database.db
      .selectFrom("spamVerdicts")
      .select(["recordType", "verdict", "checker"])
      .where("userID", "=", sam.userID)
      .orderBy("spamVerdictID")
      .execute();
    expect(verdicts).toEqual([
      { recordType: "discussion", verdict: "ham", checker: "akismet" },
      { recordType: "comment", verdict: "spam", checker: "akismet" },
    ]);
  });
});
