import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchResult } from "@parley/contracts";
import { roleIDOfType, type Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import { createContentFixture, postDiscussion, type ContentFixture } from "../../test/content.ts";

type Cast = "quill" | "reader";

/**
 * The title bar's sources (web: search.queries.ts): discussions (all_content, collapsed), members and
 * categories, each a prefix search with its share of the limit; nothing a searcher may not view.
 */
describe.each(engines)("search suggestions by source on %s", (engine) => {
  let f: ContentFixture<Cast>;
  let visible: number;
  let hidden: number;

  const suggest = async (domain: string, query: string, as: Session | null, limit = 4) => {
    const params = new URLSearchParams({ query, domain, matchMode: "prefix", collapse: "true", limit: String(limit) });
    params.set("expand", "breadcrumbs,-body");
    const response = await f.api.get(`/api/v2/search?${params.toString()}`, { as });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SearchResult[]>();
  };
  const ids = (items: SearchResult[]) => items.map((item) => `${item.recordType}:${item.recordID}`);

  beforeAll(async () => {
    f = await createContentFixture(engine, {
      quill: { name: "Quokka Quill", role: "member", bypassSpam: true },
      reader: { name: "Reader Ruth", role: "member", bypassSpam: true },
    });
    visible = (
      await postDiscussion(f.api, f.as.quill, {
        name: "Quokkas in the garden",
        body: "Open to all.",
        categoryID: f.category.general,
      })
    ).discussionID;
    hidden = (
      await postDiscussion(f.api, f.admin, {
        name: "Quokka staff plans",
        body: "Staff only.",
        categoryID: f.category["show-and-tell"],
      })
    ).discussionID;
    for (const type of ["guest", "member"] as const) {
      const response = await f.api.patch(
        `/api/v2/roles/${await roleIDOfType(f.t.database.db, type)}`,
        {
          permissions: [
            { type: "category", id: f.category["show-and-tell"], permissions: { "discussions.view": false } },
          ],
        },
        { as: f.admin },
      );
      expect(response.statusCode, response.body).toBe(200);
    }
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it("each source answers its own records, within its share, with breadcrumbs and no body", async () => {
    const posts = await suggest("all_content", "quok", f.as.reader);
    expect(ids(posts)).toEqual([`discussion:${visible}`]);
    expect(posts[0]!.body).toBeUndefined();
    expect(posts[0]!.breadcrumbs?.at(-1)?.name).toBe("General Discussion");
    const members = await suggest("user", "quok", f.as.reader, 3);
    expect(ids(members)).toEqual([`user:${f.users.quill.userID}`]);
    expect(members[0]!.url).toBe("http://forum.test/profile/Quokka%20Quill");
    const categories = await suggest("category", "troub", f.as.reader, 3);
    expect(ids(categories)).toEqual([`category:${f.category.troubleshooting}`]);
    expect(await suggest("category", "quok", f.as.reader, 3)).toEqual([]);
    expect((await suggest("user", "r", f.as.reader, 1)).length).toBeLessThanOrEqual(1);
    // An empty query suggests nothing, from any source.
    for (const domain of ["all_content", "user", "category"])
      expect(await suggest(domain, " ", f.as.reader)).toEqual([]);
  });

  it("never suggests from a category the searcher cannot view: no post in it, nor the category", async () => {
    expect(ids(await suggest("all_content", "quok", f.as.reader))).not.toContain(`discussion:${hidden}`);
    expect(ids(await suggest("all_content", "quok", null))).toEqual([`discussion:${visible}`]);
    expect(ids(await suggest("category", "show", f.as.reader, 3))).not.toContain(
      `category:${f.category["show-and-tell"]}`,
    );
    expect(ids(await suggest("category", "show", null, 3))).not.toContain(`category:${f.category["show-and-tell"]}`);
    // Staff see both.
    expect(ids(await suggest("all_content", "quok", f.admin)).sort()).toEqual(
      [`discussion:${visible}`, `discussion:${hidden}`].sort(),
    );
    expect(ids(await suggest("category", "show", f.admin, 3))).toContain(`category:${f.category["show-and-tell"]}`);
  });
});
