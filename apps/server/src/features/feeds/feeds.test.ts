import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits, type Category } from "@parley/contracts";
import { TEST_ORIGIN, type Session } from "../../test/accounts.ts";
import {
  createContentFixture,
  makeMembersOnly,
  postComment,
  postDiscussion,
  whileHoldingNewMembers,
  type ContentFixture,
} from "../../test/content.ts";
import { expectConditionalGet } from "../../test/conditional.ts";
import { engines } from "../../test/databases.ts";
import { childrenNamed, onlyChild, parseStrictXml, textOf, type Element } from "../../test/xml.ts";

const cast = {
  ann: { name: "Ann Feeder", role: "member", bypassSpam: true },
  nia: { name: "Nia Newcomer", role: "member", bypassSpam: true },
} as const;
type Who = keyof typeof cast;

interface Entry {
  title: string;
  link: string;
  id: string;
  html: string;
}

const MONTHS = "Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec";
/** RFC 822 as RSS 2.0 asks (the four-digit year of RFC 1123), in GMT or with an offset. */
const RFC_822 = new RegExp(
  `^(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), )?\\d{1,2} (?:${MONTHS}) \\d{4} \\d{2}:\\d{2}(?::\\d{2})? (?:GMT|UT|[+-]\\d{4})$`,
);
/** RFC 3339 as Atom asks. */
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

const text = (parent: Element, name: string) => textOf(onlyChild(parent, name));
const nonEmpty = (parent: Element, name: string) => {
  const value = text(parent, name);
  expect(value.trim(), `<${name}>`).not.toBe("");
  return value;
};
const onSite = (url: string) => expect(url.startsWith(`${TEST_ORIGIN}/`) || url === TEST_ORIGIN, url).toBe(true);

/** RSS 2.0's rules (rssboard.org/rss-specification): the channel's title, link and description, each item's title, link, guid and pubDate. */
function readRss(xml: string): { title: string; link: string; entries: Entry[] } {
  const document = parseStrictXml(xml);
  const rss = onlyChild(document, "rss");
  expect(rss.attribs["version"]).toBe("2.0");
  const channel = onlyChild(rss, "channel");
  const link = nonEmpty(channel, "link");
  onSite(link);
  nonEmpty(channel, "description");
  expect(text(channel, "lastBuildDate")).toMatch(RFC_822);
  const self = onlyChild(channel, "atom:link");
  expect(self.attribs).toMatchObject({ rel: "self", type: "application/rss+xml" });
  onSite(self.attribs["href"]!);
  const entries = childrenNamed(channel, "item").map((item) => {
    const pubDate = text(item, "pubDate");
    expect(pubDate).toMatch(RFC_822);
    expect(Number.isNaN(Date.parse(pubDate))).toBe(false);
    const guid = onlyChild(item, "guid");
    expect(guid.attribs["isPermaLink"]).toBe("true");
    const entry = {
      title: nonEmpty(item, "title"),
      link: nonEmpty(item, "link"),
      id: textOf(guid),
      html: text(item, "description"),
    };
    onSite(entry.link);
    onSite(entry.id);
    return entry;
  });
  return { title: nonEmpty(channel, "title"), link, entries };
}

/** Atom's rules (RFC 4287): the feed's id, title and updated; each entry's id, title, updated, link and (no feed author) author. */
function readAtom(xml: string): { title: string; link: string; entries: Entry[] } {
  const document = parseStrictXml(xml);
  const feed = onlyChild(document, "feed");
  expect(feed.attribs["xmlns"]).toBe("http://www.w3.org/2005/Atom");
  onSite(nonEmpty(feed, "id"));
  expect(text(feed, "updated")).toMatch(RFC_3339);
  const links = childrenNamed(feed, "link");
  const alternate = links.find((link) => link.attribs["rel"] === "alternate")!;
  const self = links.find((link) => link.attribs["rel"] === "self")!;
  expect(self.attribs["type"]).toBe("application/atom+xml");
  onSite(self.attribs["href"]!);
  expect(childrenNamed(feed, "author")).toEqual([]);
  const entries = childrenNamed(feed, "entry").map((entry) => {
    expect(text(entry, "updated")).toMatch(RFC_3339);
    expect(text(entry, "published")).toMatch(RFC_3339);
    nonEmpty(onlyChild(entry, "author"), "name");
    const link = onlyChild(entry, "link");
    expect(link.attribs["rel"]).toBe("alternate");
    const content = onlyChild(entry, "content");
    expect(content.attribs["type"]).toBe("html");
    const read = {
      title: nonEmpty(entry, "title"),
      link: link.attribs["href"]!,
      id: nonEmpty(entry, "id"),
      html: textOf(content),
    };
    onSite(read.link);
    onSite(read.id);
    return read;
  });
  return { title: nonEmpty(feed, "title"), link: alternate.attribs["href"]!, entries };
}

describe.each(engines)("feeds on %s", (engine) => {
  let f: ContentFixture<Who>;

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
    // Help & Support (and its children) become members-only.
    await makeMembersOnly(f, f.category.help);
  });
  afterAll(async () => {
    await f?.t.close();
  });

  /** A feed as RSS and as Atom, each checked against its format's rules; the same entries in both. */
  async function feed(path: string, as: Session | null = null) {
    const [rss, atom] = await Promise.all(
      (["rss", "atom"] as const).map(async (format) => {
        const response = await f.api.get(`${path}.${format}`, { as });
        expect(response.statusCode, `${path}.${format}: ${response.body}`).toBe(200);
        expect(response.headers["content-type"]).toBe(`application/${format}+xml; charset=utf-8`);
        return (format === "rss" ? readRss : readAtom)(response.body);
      }),
    );
    expect(atom!.entries).toEqual(rss!.entries);
    expect(atom!.link).toBe(rss!.link);
    return rss!;
  }
  const titles = async (path: string, as: Session | null = null) =>
    (await feed(path, as)).entries.map((entry) => entry.title);
  const status = async (path: string, as: Session | null = null) =>
    Promise.all(["rss", "atom"].map(async (format) => (await f.api.get(`${path}.${format}`, { as })).statusCode));

  it("lists the newest discussions, their bodies sanitised and every link on the configured site address", async () => {
    const posted = await postDiscussion(f.api, f.as.ann, {
      categoryID: f.category.general,
      name: "Fish & chips: \"quoted\" 'single' > less",
      body: '<p>Hello <script>alert(1)</script><img src="x.png" onerror="alert(2)"> <a href="/categories/general">a link</a> <strong>bold</strong></p>',
      format: "html",
    });
    // A request naming another Host still gets the site's own addresses.
    const response = await f.api.get("/discussions/feed.rss", { headers: { host: "evil.example" } });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain("evil.example");
    const { entries, link, title } = await feed("/discussions/feed");
    expect(link).toBe(`${TEST_ORIGIN}/discussions`);
    expect(title).toContain("Recent Discussions");
    const entry = entries[0]!;
    expect(entry).toMatchObject({
      title: "Fish & chips: \"quoted\" 'single' > less",
      link: posted.url,
      id: `${TEST_ORIGIN}/discussion/${posted.discussionID}`,
    });
    expect(entry.html).toContain("<strong>bold</strong>");
    expect(entry.html).not.toMatch(/<script|onerror|alert/);
    // A root-relative link stays as the sanitiser left it: the feed's xml:base (the site) resolves it.
    expect(entry.html).toContain('href="/categories/general"');
    // Newest first.
    const dates = (await f.api.get("/api/v2/discussions?sort=-dateInserted&pinOrder=mixed&limit=5")).json<
      { name: string }[]
    >();
    expect(entries.slice(0, 5).map((item) => item.title)).toEqual(dates.map((discussion) => discussion.name));
  });

  it("never lists a private category's discussions, even to a member who may read them, nor answers its feeds", async () => {
    const secret = await postDiscussion(f.api, f.as.ann, {
      categoryID: f.category.installation,
      name: "Members-only musings",
    });
    // Ann sees it through the API; the feeds are a guest's, whoever asks.
    expect((await f.api.get(`/api/v2/discussions/${secret.discussionID}`, { as: f.as.ann })).statusCode).toBe(200);
    for (const as of [null, f.as.ann, f.admin]) {
      expect(await titles("/discussions/feed", as)).not.toContain("Members-only musings");
      expect(await status("/categories/help/feed", as)).toEqual([404, 404]);
      expect(await status("/categories/installation/feed", as)).toEqual([404, 404]);
      expect(await status(`/discussion/${secret.discussionID}/feed`, as)).toEqual([404, 404]);
    }
    // Ann's own profile feed leaves out her post there, and keeps her public ones.
    const own = await titles(`/profile/${encodeURIComponent(cast.ann.name)}/feed`, f.as.ann);
    expect(own).not.toContain("Members-only musings");
    expect(own).toContain("Fish & chips: \"quoted\" 'single' > less");
  });

  it("never lists a deleted discussion or comment, and a deleted discussion's feed is gone", async () => {
    const doomed = await postDiscussion(f.api, f.as.ann, { categoryID: f.category.general, name: "Soon to be gone" });
    const kept = await postDiscussion(f.api, f.as.ann, { categoryID: f.category.general, name: "Staying around" });
    const deletedComment = await postComment(f.api, f.as.ann, kept.discussionID, "Remove me");
    const tombstoned = await postComment(f.api, f.as.nia, kept.discussionID, "Bury me");
    await postComment(f.api, f.as.nia, kept.discussionID, "Keep me");
    expect(await titles("/discussions/feed")).toContain("Soon to be gone");

    expect((await f.api.delete(`/api/v2/discussions/${doomed.discussionID}`, { as: f.admin })).statusCode).toBe(204);
    expect((await f.api.delete(`/api/v2/comments/${deletedComment.commentID}`, { as: f.admin })).statusCode).toBe(204);
    const bury = await f.api.request("DELETE", "/api/v2/comments/list", {
      as: f.admin,
      body: { commentIDs: [tombstoned.commentID], deleteMethod: "tombstone" },
    });
    expect(bury.statusCode, bury.body).toBe(200);

    expect(await titles("/discussions/feed")).not.toContain("Soon to be gone");
    expect(await titles("/categories/general/feed")).not.toContain("Soon to be gone");
    expect(await titles(`/profile/${encodeURIComponent(cast.ann.name)}/feed`)).not.toContain("Soon to be gone");
    // A deleted discussion's feed is gone, as its page is (410).
    expect(await status(`/discussion/${doomed.discussionID}/feed`)).toEqual([410, 410]);

    const comments = await feed(`/discussion/${kept.discussionID}/staying-around/feed`);
    expect(comments.link).toBe(kept.url);
    const atom = await f.api.get(`/discussion/${kept.discussionID}/feed.atom`);
    expect(textOf(onlyChild(onlyChild(parseStrictXml(atom.body), "feed"), "id"))).toBe(
      `${TEST_ORIGIN}/discussion/${kept.discussionID}`,
    );
    expect(comments.entries.map((entry) => entry.html)).toEqual([expect.stringContaining("Keep me")]);
    expect(comments.entries[0]!.title).toBe("Re: Staying around");
    expect(comments.entries[0]!.id).toMatch(new RegExp(`^${TEST_ORIGIN}/discussion/comment/\\d+$`));
    // Any slug, or none, names the same discussion's feed.
    expect((await feed(`/discussion/${kept.discussionID}/feed`)).entries).toEqual(comments.entries);
  });

  it("never lists a held post: premoderation writes nothing until it is approved", async () => {
    await whileHoldingNewMembers(f, async () => {
      const held = await f.api.post(
        "/api/v2/discussions",
        { categoryID: f.category.general, name: "Held for a moderator", body: "Wait for me.", format: "markdown" },
        { as: f.as.nia },
      );
      expect(held.statusCode, held.body).toBe(202);
      const discussion = await postDiscussion(f.api, f.admin, { categoryID: f.category.general, name: "Not held" });
      const heldComment = await f.api.post(
        "/api/v2/comments",
        { discussionID: discussion.discussionID, body: "A held reply.", format: "markdown" },
        { as: f.as.nia },
      );
      expect(heldComment.statusCode, heldComment.body).toBe(202);

      for (const path of [
        "/discussions/feed",
        "/categories/general/feed",
        `/profile/${encodeURIComponent(cast.nia.name)}/feed`,
      ]) {
        expect(await titles(path)).not.toContain("Held for a moderator");
      }
      expect((await feed(`/discussion/${discussion.discussionID}/feed`)).entries).toEqual([]);
    });
  });

  it("lists a tag's discussions and a category's with its subcategories', at most limits.feeds.items of them", async () => {
    const tag = await f.api.post("/api/v2/tags", { name: "Feed Tag" }, { as: f.admin });
    expect(tag.statusCode, tag.body).toBe(201);
    const { tagID, urlcode } = tag.json<{ tagID: number; urlcode: string }>();
    await postDiscussion(f.api, f.admin, { categoryID: f.category.general, name: "Tagged one", tagIDs: [tagID] });
    await postDiscussion(f.api, f.admin, { categoryID: f.category.general, name: "Untagged one" });
    const tagged = await feed(`/discussions/tagged/${urlcode}/feed`);
    expect(tagged.entries.map((entry) => entry.title)).toEqual(["Tagged one"]);
    expect(tagged.link).toBe(`${TEST_ORIGIN}/discussions/tagged/${urlcode}`);
    expect(await status("/discussions/tagged/no-such-tag/feed")).toEqual([404, 404]);

    const parent = await f.api.post(
      "/api/v2/categories",
      { name: "Feed Parent", urlcode: "feed-parent" },
      { as: f.admin },
    );
    expect(parent.statusCode, parent.body).toBe(201);
    const child = await f.api.post(
      "/api/v2/categories",
      { name: "Feed Child", urlcode: "feed-child", parentCategoryID: parent.json<Category>().categoryID },
      { as: f.admin },
    );
    expect(child.statusCode, child.body).toBe(201);
    const max = limits.feeds.items;
    for (let index = 0; index <= max; index += 1) {
      await postDiscussion(f.api, f.admin, {
        categoryID: child.json<Category>().categoryID,
        name: `Numbered ${index}`,
      });
      // Each a second apart: the newest first, whatever the engine's date precision.
      f.t.clock.advance(1_000);
    }
    const listed = await titles("/categories/feed-parent/feed");
    expect(listed).toHaveLength(max);
    expect(listed[0]).toBe(`Numbered ${max}`);
    expect(listed).not.toContain("Numbered 0");
    expect(await status("/categories/no-such-category/feed")).toEqual([404, 404]);
    expect(await status("/profile/Nobody%20Here/feed")).toEqual([404, 404]);
    expect(await status("/discussion/999999/feed")).toEqual([404, 404]);
  });

  it("answers a repeated conditional request with 304, and a changed feed with 200", async () => {
    for (const format of ["rss", "atom"]) {
      const url = `/categories/general/feed.${format}`;
      const { etag, lastModified } = await expectConditionalGet(f.api, url, "public, max-age=300", f.as.ann);

      f.t.clock.advance(2_000);
      await postDiscussion(f.api, f.admin, { categoryID: f.category.general, name: `Fresh ${format}` });
      const changed = await f.api.get(url, { headers: { "if-none-match": etag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers["etag"]).not.toBe(etag);
      expect((await f.api.get(url, { headers: { "if-modified-since": lastModified } })).statusCode).toBe(200);
    }
  });
});
