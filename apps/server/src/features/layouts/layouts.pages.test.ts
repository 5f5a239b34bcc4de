import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LayoutRecord, LayoutView } from "@parley/contracts";
import { createApi, seededAdmin, type Api, type Session } from "../../test/accounts.ts";
import type { TestApp } from "../../test/app.ts";
import { engines } from "../../test/databases.ts";
import { createPagesTestApp } from "../../test/pages.ts";

/* Issue 38: a layout assigned to home is what a guest's server-rendered home page shows, cached pages included. */

describe.each(engines)("an assigned layout in the server-rendered home page on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let admin: Session;

  beforeAll(async () => {
    // Guests' pages are cached as in production, to show a layout change is not hidden by the cache.
    t = await createPagesTestApp(engine, { guestCacheTtlMs: 60_000 });
    api = createApi(t.app);
    admin = await api.signIn(seededAdmin);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const page = (url: string) => t.app.inject({ method: "GET", url, headers: { host: "forum.test" } });

  it("shows the layout on the next guest page after PUT /layouts/{id}/views, and the default after its removal", async () => {
    const before = await page("/");
    expect(before.statusCode).toBe(200);
    expect(before.body).not.toContain("Our own front page");
    expect((await page("/")).headers["x-parley-cache"]).toBe("hit");

    const created = await api.post(
      "/api/v2/layouts",
      {
        name: "Front page",
        layoutViewType: "home",
        layout: [
          {
            $reactComponent: "react.section.1-column",
            $reactProps: {
              children: [
                { $reactComponent: "react.html", $reactProps: { title: "Our own front page" } },
                { $reactComponent: "react.asset.discussionList", $reactProps: {} },
              ],
            },
          },
        ],
      },
      { as: admin },
    );
    expect(created.statusCode, created.body).toBe(201);
    const layoutID = created.json<LayoutRecord>().layoutID;
    // Saved but not assigned: visitors still get the default.
    expect((await page("/")).body).not.toContain("Our own front page");

    const assigned = await api.put(`/api/v2/layouts/${layoutID}/views`, [{ recordType: "global", recordID: -1 }], {
      as: admin,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const after = await page("/");
    expect(after.headers["x-parley-cache"]).toBe("miss");
    expect(after.body).toContain("Our own front page");
    expect(after.body).toContain("Recent Discussions");

    // An edit shows at once too.
    const edited = await api.patch(
      `/api/v2/layouts/${layoutID}`,
      { layout: [{ $reactComponent: "react.html", $reactProps: { title: "Edited front page" } }] },
      { as: admin },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await page("/")).body).toContain("Edited front page");

    const [view] = assigned.json<LayoutView[]>();
    const removed = await api.delete(`/api/v2/layouts/${layoutID}/views?layoutViewIDs=${view!.layoutViewID}`, {
      as: admin,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const restored = await page("/");
    expect(restored.body).not.toContain("Edited front page");
    expect(restored.body).toContain("Recent Discussions");
  });
});
