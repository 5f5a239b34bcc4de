import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category, CategoryTreeItem } from "@parley/contracts";
import { createApi, seededAdmin, type Api, type Session } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { engines } from "../../test/databases.ts";

interface Refusal {
  errors?: Array<{ field: string }>;
}

describe.each(engines)("moving and editing categories from the dashboard on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp(engine, { seed: true });
    api = createApi(t.app);
    admin = await api.signIn(seededAdmin);
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = async (name: string, urlcode: string, parentCategoryID?: number, sort?: number) => {
    const response = await api.post("/api/v2/categories", { name, urlcode, parentCategoryID, sort }, { as: admin });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Category>();
  };
  const patch = (categoryID: number, body: Record<string, unknown>) =>
    api.patch(`/api/v2/categories/${categoryID}`, body, { as: admin });
  /** The children's urlcodes of a category, in the tree's order, and their sorts as stored. */
  const children = async (parentCategoryID: number) => {
    const tree = (await api.get(`/api/v2/categories?parentCategoryID=${parentCategoryID}&maxDepth=1`, { as: admin }))
      .json<CategoryTreeItem[]>()
      .map((item) => item.urlcode);
    const rows = await t.database.db
      .selectFrom("categories")
      .select(["urlcode", "sort"])
      .where("parentCategoryID", "=", parentCategoryID)
      .orderBy("sort")
      .execute();
    return { tree, sorts: rows.map((row) => [row.urlcode, Number(row.sort)]) };
  };

  it("refuses a category under itself or its own descendant, with a field error, and changes nothing", async () => {
    const outer = await create("Outer", "outer");
    const inner = await create("Inner", "inner", outer.categoryID);
    const innermost = await create("Innermost", "innermost", inner.categoryID);
    for (const target of [outer, inner, innermost]) {
      const refused = await patch(outer.categoryID, { parentCategoryID: target.categoryID });
      expect(refused.statusCode, target.urlcode).toBe(400);
      expect(refused.json<Refusal>().errors?.[0]?.field).toBe("parentCategoryID");
    }
    const after = (await api.get(`/api/v2/categories/${outer.categoryID}`, { as: admin })).json<Category>();
    expect(after).toMatchObject({ parentCategoryID: -1, depth: 1 });
  });

  it("refuses a urlcode another category has, and an empty name, beside their fields", async () => {
    const first = await create("First", "first-code");
    await create("Second", "second-code");
    const duplicate = await patch(first.categoryID, { urlcode: "second-code" });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json<Refusal>().errors?.map((error) => error.field)).toEqual(["urlcode"]);
    const empty = await patch(first.categoryID, { name: "" });
    expect(empty.statusCode).toBe(400);
    const blank = await patch(first.categoryID, { name: "<b></b>" });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<Refusal>().errors?.map((error) => error.field)).toEqual(["name"]);
    const kept = (await api.get(`/api/v2/categories/${first.categoryID}`, { as: admin })).json<Category>();
    expect(kept).toMatchObject({ name: "First", urlcode: "first-code" });
  });

  it("moves up, down, in and out, the siblings numbered 0, 1, 2 … in the tree's order each time", async () => {
    const expectOrder = async (parentCategoryID: number, order: string[]) => {
      const { tree, sorts } = await children(parentCategoryID);
      expect(tree).toEqual(order);
      expect(sorts).toEqual(order.map((code, index) => [code, index]));
    };
    const shelf = await create("Shelf", "shelf");
    const d = await create("D", "shelf-d", shelf.categoryID);
    const c = await create("C", "shelf-c", shelf.categoryID);
    const b = await create("B", "shelf-b", shelf.categoryID);
    const a = await create("A", "shelf-a", shelf.categoryID, 0);
    // A new category goes last, whatever its name, or where its sort puts it.
    await expectOrder(shelf.categoryID, ["shelf-a", "shelf-d", "shelf-c", "shelf-b"]);
    expect((await patch(d.categoryID, { sort: 3 })).statusCode).toBe(200);
    expect((await patch(b.categoryID, { sort: 1 })).statusCode).toBe(200);
    await expectOrder(shelf.categoryID, ["shelf-a", "shelf-b", "shelf-c", "shelf-d"]);

    // "Move down" C: position 3 among its siblings.
    expect((await patch(c.categoryID, { sort: 3 })).statusCode).toBe(200);
    await expectOrder(shelf.categoryID, ["shelf-a", "shelf-b", "shelf-d", "shelf-c"]);
    // "Move up" A past nothing: stays first; a position past the end is the last.
    expect((await patch(a.categoryID, { sort: -1 })).statusCode).toBe(200);
    expect((await patch(b.categoryID, { sort: 99 })).statusCode).toBe(200);
    await expectOrder(shelf.categoryID, ["shelf-a", "shelf-d", "shelf-c", "shelf-b"]);
    // "Move in": D under A, at the end of A's children; the shelf's are numbered again.
    const movedIn = await patch(d.categoryID, { parentCategoryID: a.categoryID });
    expect(movedIn.statusCode, movedIn.body).toBe(200);
    expect(movedIn.json()).toMatchObject({ parentCategoryID: a.categoryID, depth: 3 });
    await expectOrder(shelf.categoryID, ["shelf-a", "shelf-c", "shelf-b"]);
    await expectOrder(a.categoryID, ["shelf-d"]);
    // "Move out": D back to the shelf, just after A.
    expect((await patch(d.categoryID, { parentCategoryID: shelf.categoryID, sort: 1 })).statusCode).toBe(200);
    await expectOrder(shelf.categoryID, ["shelf-a", "shelf-d", "shelf-c", "shelf-b"]);
    await expectOrder(a.categoryID, []);
    expect((await api.get(`/api/v2/categories/${shelf.categoryID}`, { as: admin })).json()).toMatchObject({
      countCategories: 4,
    });
  });

  it("counts a position among the categories the API lists: the groups' categories (left out) do not take one", async () => {
    const groups = await t.database.db
      .selectFrom("categories")
      .select("categoryID")
      .where("parentCategoryID", "=", -1)
      .where("groupID", "is not", null)
      .execute();
    expect(groups.length, "the demo community has the groups' top-level category").toBeGreaterThan(0);
    const listed = () => children(-1).then(({ tree }) => tree);
    const top = await listed();
    const last = await create("Last", "last-top");
    expect(await listed()).toEqual([...top, "last-top"]);
    for (const position of [0, 1, top.length - 1]) {
      expect((await patch(last.categoryID, { sort: position })).statusCode).toBe(200);
      expect((await listed()).indexOf("last-top"), `position ${position}`).toBe(position);
    }
  });
});
