import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Comment, type Discussion, type User } from "@parley/contracts";
import { fewestQueries } from "../../platform/db/query-count.ts";
import { engines } from "../../test/databases.ts";
import {
  createContentFixture,
  expectSchema,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";

type Cast = "signer" | "plain" | "moderator";

describe.each(engines)("member signatures on %s", (engine) => {
  let f: ContentFixture<Cast>;
  let discussion: Discussion;

  const patch = (id: number | string, body: Record<string, unknown>, as: ContentFixture<Cast>["admin"]) =>
    f.api.patch(`/api/v2/users/${id}`, body, { as });
  const userWithSignature = async (id: number) => {
    const response = await f.api.get(`/api/v2/users/${id}?expand=signature`, { as: f.as.plain });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<User>();
  };

  beforeAll(async () => {
    f = await createContentFixture(engine, {
      signer: { name: "Signer", role: "member", bypassSpam: true },
      plain: { name: "Plain", role: "member", bypassSpam: true },
      moderator: { name: "Sig Moderator", role: "moderator" },
    });
    discussion = await postDiscussion(f.api, f.as.signer, { name: "Signed", categoryID: f.category.general });
    for (let i = 0; i < 12; i++) {
      await postComment(f.api, f.as[i % 2 ? "plain" : "signer"], discussion.discussionID, `Reply ${i}`);
    }
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it("is null until set, then rendered markdown with no script surviving", async () => {
    expect((await userWithSignature(f.users.signer.userID)).signature).toBeNull();
    const response = await patch(
      "$me",
      { signature: "**Bold** sig <script>alert(1)</script> [x](javascript:alert(2))" },
      f.as.signer,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { signature } = await userWithSignature(f.users.signer.userID);
    expect(signature?.format).toBe("markdown");
    expect(signature?.body).toContain("<strong>Bold</strong>");
    expect(signature?.body).not.toMatch(/<script|href="javascript/i);
    // Not asked for: not there.
    const plainGet = await f.api.get(`/api/v2/users/${f.users.signer.userID}`, { as: f.as.plain });
    expect(plainGet.json<User>().signature).toBeUndefined();
  });

  it("takes a format from the input formats and refuses others and long ones", async () => {
    const bbcode = await patch(
      f.users.plain.userID,
      { signature: "[b]Plain[/b]", signatureFormat: "BBCode" },
      f.as.plain,
    );
    expect(bbcode.statusCode, bbcode.body).toBe(200);
    const bbSignature = (await userWithSignature(f.users.plain.userID)).signature;
    expect(bbSignature?.format).toBe("bbcode");
    expect(bbSignature?.body).toContain("<strong>Plain</strong>");
    const bad = await patch("$me", { signature: "x", signatureFormat: "exe" }, f.as.plain);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain("signatureFormat");
    const long = await patch("$me", { signature: "x".repeat(1001) }, f.as.plain);
    expect([400, 422]).toContain(long.statusCode);
    // Clearing it.
    expect((await patch("$me", { signature: null }, f.as.plain)).statusCode).toBe(200);
    expect((await userWithSignature(f.users.plain.userID)).signature).toBeNull();
  });

  it("lets only the member or a users.edit holder change it", async () => {
    const other = await patch(f.users.signer.userID, { signature: "hijacked" }, f.as.plain);
    expect(other.statusCode).toBe(403);
    const moderator = await patch(f.users.signer.userID, { signature: "hijacked" }, f.as.moderator);
    expect(moderator.statusCode).toBe(403);
    expect((await userWithSignature(f.users.signer.userID)).signature?.body).toContain("Bold");
    const admin = await patch(f.users.plain.userID, { signature: "Set by an admin" }, f.admin);
    expect(admin.statusCode, admin.body).toBe(200);
    expect((await userWithSignature(f.users.plain.userID)).signature?.body).toContain("Set by an admin");
    expect((await patch(f.users.plain.userID, { signature: null }, f.admin)).statusCode).toBe(200);
  });

  it("comes with insertUser on discussions and comments when asked, in a fixed number of queries", async () => {
    const one = await f.api.get(`/api/v2/discussions/${discussion.discussionID}?expand=insertUser.signature`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<Discussion>().insertUser?.signature?.body).toContain("<strong>Bold</strong>");
    expect(one.json<Discussion>().lastUser?.signature).toBeUndefined();

    const url = (limit: number) =>
      `/api/v2/comments?discussionID=${discussion.discussionID}&limit=${limit}&expand=insertUser.signature`;
    await f.api.get(url(2)); // warms the caches (permissions, site config)
    const measure = async (limit: number) => {
      const result = await f.api.get(url(limit));
      expect(result.statusCode, result.body).toBe(200);
      const comments = result.json<Comment[]>();
      expect(comments).toHaveLength(limit);
      for (const comment of comments) {
        expectSchema(Comment, comment);
        if (comment.insertUserID === f.users.signer.userID)
          expect(comment.insertUser?.signature?.body).toContain("<strong>Bold</strong>");
        else expect(comment.insertUser?.signature).toBeNull();
      }
      return fewestQueries(() => f.api.get(url(limit)));
    };
    const [few, many] = [await measure(2), await measure(12)];
    expect(many).toBe(few);
    const plain = `/api/v2/comments?discussionID=${discussion.discussionID}&limit=12`;
    // Signatures ride on the authors' one query; without them the authors come from the kept rows
    // (platform/read-cache.ts), so the plain list makes that one query fewer, never more.
    expect(many).toBe((await fewestQueries(() => f.api.get(plain))) + 1);
    expect((await f.api.get(plain)).json<Comment[]>()[0]!.insertUser?.signature).toBeUndefined();

    const list = await f.api.get(`/api/v2/discussions?limit=5&expand=insertUser.signature`);
    const listed = list.json<Discussion[]>().find((item) => item.discussionID === discussion.discussionID);
    expect(listed?.insertUser?.signature?.body).toContain("Bold");
  });

  it("is never returned while signatures are disabled", async () => {
    await f.t.app.platform.siteConfig.set("signatures.enabled", false);
    try {
      const config = await f.api.get("/api/v2/config?select=signatures.*");
      expect(config.json()).toEqual({ "signatures.enabled": false, "signatures.hideMobile": false });
      expect((await userWithSignature(f.users.signer.userID)).signature).toBeNull();
      const one = await f.api.get(`/api/v2/discussions/${discussion.discussionID}?expand=insertUser.signature`);
      expect(one.json<Discussion>().insertUser?.signature).toBeNull();
      const comments = await f.api.get(
        `/api/v2/comments?discussionID=${discussion.discussionID}&expand=insertUser.signature`,
      );
      expect(comments.json<Comment[]>().every((comment) => comment.insertUser?.signature === null)).toBe(true);
    } finally {
      await f.t.app.platform.siteConfig.set("signatures.enabled", true);
    }
  });
});
