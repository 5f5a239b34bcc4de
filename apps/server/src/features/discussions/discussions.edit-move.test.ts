import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Discussion, Tag } from "@parley/contracts";
import { roleIDOfType } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import { createContentFixture, postDiscussion, type ContentFixture } from "../../test/content.ts";

type Cast = "author" | "moderator";

/**
 * The edit page's category and tags (issue 31): PATCH /discussions/{id} moves a discussion only for those with
 * discussions.edit where it is and where it goes (the spec's "discussions.edit also move"), besides
 * discussions.add in the target; and sets or clears its tags.
 */
describe.each(engines)("editing a discussion's category and tags on %s", (engine) => {
  let f: ContentFixture<Cast>;
  beforeAll(async () => {
    f = await createContentFixture(engine, {
      author: { name: "Move Author", role: "member", bypassSpam: true },
      moderator: { name: "Move Moderator", role: "moderator" },
    });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const url = (id: number) => `/api/v2/discussions/${id}`;
  const read = async (id: number) => (await f.api.get(`${url(id)}?expand=tags`, { as: f.admin })).json<Discussion>();

  it("refuses a move to the author without discussions.edit, and to a moderator without it in the target", async () => {
    const made = await postDiscussion(f.api, f.as.author, { categoryID: f.category.general });
    const byAuthor = await f.api.patch(url(made.discussionID), { categoryID: f.category.ideas }, { as: f.as.author });
    expect(byAuthor.statusCode).toBe(403);
    expect((await read(made.discussionID)).categoryID).toBe(f.category.general);

    // Moderators may add discussions to Ideas but not edit there: no move into it.
    const moderators = await roleIDOfType(f.t.database.db, "moderator");
    const restricted = await f.api.patch(
      `/api/v2/roles/${moderators}`,
      {
        permissions: [
          {
            type: "category",
            id: f.category.ideas,
            permissions: { "discussions.view": true, "discussions.add": true, "discussions.edit": false },
          },
        ],
      },
      { as: f.admin },
    );
    expect(restricted.statusCode, restricted.body).toBe(200);
    const refused = await f.api.patch(url(made.discussionID), { categoryID: f.category.ideas }, { as: f.as.moderator });
    expect(refused.statusCode).toBe(403);
    expect((await read(made.discussionID)).categoryID).toBe(f.category.general);

    const moved = await f.api.patch(
      url(made.discussionID),
      { name: "Moved", body: "Body", format: "markdown", categoryID: f.category.installation },
      { as: f.as.moderator },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await read(made.discussionID)).toMatchObject({ name: "Moved", categoryID: f.category.installation });
  });

  it("sets the tags with an edit, creating new names, and an empty list removes them", async () => {
    const made = await postDiscussion(f.api, f.as.author, { categoryID: f.category.general });
    const alpha = (await f.api.post("/api/v2/tags", { name: "Edit Alpha" }, { as: f.admin })).json<Tag>();
    const edited = await f.api.patch(
      url(made.discussionID),
      { name: "Tagged", body: "Body", format: "markdown", tagIDs: [alpha.tagID], newTagNames: ["Edit Beta"] },
      { as: f.as.author },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await read(made.discussionID)).tags!.map((tag) => tag.name).sort()).toEqual(["Edit Alpha", "Edit Beta"]);
    const cleared = await f.api.patch(
      url(made.discussionID),
      { name: "Tagged", body: "Body", format: "markdown", tagIDs: [] },
      { as: f.as.author },
    );
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await read(made.discussionID)).tags ?? []).toEqual([]);
  });
});
