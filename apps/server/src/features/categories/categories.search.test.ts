import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "@parley/contracts";
import { createApi, createUser, roleIDOfType, seededAdmin, type Api, type Session } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { engines } from "../../test/databases.ts";

interface SearchResult extends Category {
  breadcrumbs?: Array<{ name: string; url: string }>;
}

/** `filterDiscussionsAdd` on the category picker's search: only where the viewer can start a discussion. */
describe.each(engines)("searching categories to post in on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let admin: Session;
  let member: Session;

  beforeAll(async () => {
    t = await createTestApp(engine, { seed: true });
    api = createApi(t.app);
    admin = await api.signIn(seededAdmin);
    const user = await createUser(t.database.db, { name: "poster", password: "poster-password", role: "member" });
    member = await api.signIn(user);
    // Members may read Ideas & Feedback but no longer start discussions there.
    const ideas = (await api.get("/api/v2/categories/$urlcode:ideas", { as: admin })).json<Category>();
    const patched = await api.patch(
      `/api/v2/roles/${await roleIDOfType(t.database.db, "member")}`,
      {
        permissions: [
          {
            type: "category",
            id: ideas.categoryID,
            permissions: { "discussions.view": true, "discussions.add": false },
          },
        ],
      },
      { as: admin },
    );
    expect(patched.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  const codes = async (path: string, as: Session | null) => {
    const response = await api.get(path, { as });
    expect(response.statusCode).toBe(200);
    return response.json<SearchResult[]>().map((category) => category.urlcode);
  };

  it("leaves out groups of categories and categories the viewer cannot post in", async () => {
    const all = await codes("/api/v2/categories/search?query=", member);
    expect(all).toEqual(expect.arrayContaining(["help", "ideas", "installation"]));

    const postable = await codes("/api/v2/categories/search?query=&filterDiscussionsAdd=true", member);
    expect(postable).not.toContain("help");
    expect(postable).not.toContain("ideas");
    expect(postable).toEqual(
      expect.arrayContaining(["announcements", "general", "installation", "troubleshooting", "show-and-tell"]),
    );

    // Administrators keep Ideas & Feedback; nobody gets the group.
    const forAdmin = await codes("/api/v2/categories/search?query=&filterDiscussionsAdd=true", admin);
    expect(forAdmin).toContain("ideas");
    expect(forAdmin).not.toContain("help");
  });

  it("still matches the text and expands breadcrumbs", async () => {
    const response = await api.get(
      "/api/v2/categories/search?query=trouble&filterDiscussionsAdd=true&expand[]=breadcrumbs&limit=50",
      { as: member },
    );
    expect(response.statusCode).toBe(200);
    const [found, ...rest] = response.json<SearchResult[]>();
    expect(rest).toEqual([]);
    expect(found?.urlcode).toBe("troubleshooting");
    expect(found?.breadcrumbs?.map((crumb) => crumb.name)).toEqual(["Home", "Help & Support", "Troubleshooting"]);
    expect(await codes("/api/v2/categories/search?query=ideas&filterDiscussionsAdd=true", member)).toEqual([]);
  });

  it("gives guests nothing to post in", async () => {
    expect(await codes("/api/v2/categories/search?query=&filterDiscussionsAdd=true", null)).toEqual([]);
    expect((await codes("/api/v2/categories/search?query=", null)).length).toBeGreaterThan(0);
  });
});
