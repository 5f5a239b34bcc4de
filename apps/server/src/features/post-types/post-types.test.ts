import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import {
  PostField,
  PostType,
  type Category,
  type Discussion,
  type ErrorBody,
  type LongRunnerResult,
} from "@parley/contracts";
import { roleIDOfType } from "../../test/accounts.ts";
import { createContentFixture, expectSchema, type ContentFixture } from "../../test/content.ts";
import { engines } from "../../test/databases.ts";

const cast = {
  ann: { name: "Ann Poster", role: "member", bypassSpam: true },
  ben: { name: "Ben Reader", role: "member", bypassSpam: true },
  mod: { name: "Mo Moderator", role: "moderator", bypassSpam: true },
} as const;
type Who = keyof typeof cast;

const fields = [
  {
    postFieldID: "salary",
    label: "Salary",
    dataType: "number",
    formType: "number",
    visibility: "public",
    isRequired: true,
  },
  {
    postFieldID: "contract",
    label: "Contract",
    dataType: "text",
    formType: "dropdown",
    dropdownOptions: ["Full time", "Part time"],
    visibility: "public",
  },
  { postFieldID: "contact", label: "Contact", dataType: "text", formType: "text", visibility: "private" },
  { postFieldID: "vetted", label: "Vetted", dataType: "boolean", formType: "checkbox", visibility: "internal" },
  { postFieldID: "skills", label: "Skills", dataType: "string[]", formType: "tokens", visibility: "public" },
  { postFieldID: "starts", label: "Starts", dataType: "date", formType: "date", visibility: "public" },
] as const;

/** Post types and post fields (issue 33, item 4): managed by administrators, enforced on posting, shown by visibility. */
describe.each(engines)("post types and fields on %s", (engine) => {
  let f: ContentFixture<Who>;
  let discussionID = 0;

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const post = (who: Who | "admin", body: Record<string, unknown>) =>
    f.api.post(
      "/api/v2/discussions",
      {
        name: "Hiring: a gardener",
        body: "We need help.",
        format: "markdown",
        categoryID: f.category.general,
        ...body,
      },
      { as: who === "admin" ? f.admin : f.as[who] },
    );
  const errorsOf = (response: { json: <T>() => T }) => response.json<ErrorBody>().errors ?? [];

  it("answers 404 while the add-on is off, and the original types once it is on", async () => {
    expect((await f.api.get("/api/v2/post-types", { as: f.admin })).statusCode).toBe(404);
    expect((await f.api.get("/api/v2/post-fields", { as: f.admin })).statusCode).toBe(404);
    const on = await f.api.patch("/api/v2/addons/postTypes", { enabled: true }, { as: f.admin });
    expect(on.statusCode, on.body).toBe(200);
    const list = await f.api.get("/api/v2/post-types");
    expect(list.statusCode).toBe(200);
    expectSchema(Type.Array(PostType), list.json());
    expect(list.json<PostType[]>().map((type) => [type.postTypeID, type.isOriginal])).toEqual([
      ["discussion", true],
      ["question", true],
      ["idea", true],
      ["poll", true],
    ]);
  });

  it("lets only managers create, change and delete post types and fields", async () => {
    const job = { postTypeID: "job", name: "Job", parentPostTypeID: "discussion" };
    for (const who of ["ann", "mod"] as const) {
      expect((await f.api.post("/api/v2/post-types", job, { as: f.as[who] })).statusCode).toBe(403);
      expect((await f.api.post("/api/v2/post-fields", fields[0], { as: f.as[who] })).statusCode).toBe(403);
    }
    expect((await f.api.post("/api/v2/post-types", job)).statusCode).toBe(403);
    for (const field of fields) {
      const created = await f.api.post("/api/v2/post-fields", field, { as: f.admin });
      expect(created.statusCode, created.body).toBe(201);
      expectSchema(PostField, created.json());
    }
    const created = await f.api.post(
      "/api/v2/post-types",
      {
        ...job,
        postButtonLabel: "Post a job",
        postHelperText: "Say what the job is.",
        categoryIDs: [f.category.general],
        postFieldIDs: fields.map((field) => field.postFieldID),
      },
      { as: f.admin },
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<PostType>()).toMatchObject({
      postTypeID: "job",
      parentPostTypeID: "discussion",
      isOriginal: false,
      isActive: true,
      categoryIDs: [f.category.general],
      roleIDs: [],
      insertUserID: f.adminID,
    });
    const expanded = await f.api.get("/api/v2/post-types/job?expand=postFields", { as: f.admin });
    expect(expanded.json<PostType>().postFields?.map((field) => field.postFieldID)).toEqual(
      fields.map((field) => field.postFieldID),
    );
    // A member's expansion leaves out the internal field (moderators fill it in).
    const memberView = await f.api.get("/api/v2/post-types/job?expand=postFields", { as: f.as.ann });
    expect(memberView.json<PostType>().postFields?.map((field) => field.postFieldID)).not.toContain("vetted");
    // Sorted within the type.
    const sorted = await f.api.put("/api/v2/post-fields/job/sorts", { contract: -1 }, { as: f.admin });
    expect(sorted.statusCode, sorted.body).toBe(200);
    expect(sorted.json<PostField[]>()[0]?.postFieldID).toBe("contract");
    const patched = await f.api.patch("/api/v2/post-fields/contact", { label: "How to apply" }, { as: f.admin });
    expect(patched.json<PostField>()).toMatchObject({ label: "How to apply", updateUserID: f.adminID });
    expect((await f.api.patch("/api/v2/post-fields/contact", { label: "x" }, { as: f.as.mod })).statusCode).toBe(403);
    expect((await f.api.patch("/api/v2/post-types/discussion", { name: "Talk" }, { as: f.admin })).statusCode).toBe(
      400,
    );
  });

  it("refuses malformed types and fields, writing nothing", async () => {
    const taken = await f.api.post(
      "/api/v2/post-types",
      { postTypeID: "job", name: "Again", parentPostTypeID: "discussion" },
      { as: f.admin },
    );
    expect(taken.statusCode).toBe(409);
    const badParent = await f.api.post(
      "/api/v2/post-types",
      { postTypeID: "gig", name: "Gig", parentPostTypeID: "job" },
      { as: f.admin },
    );
    expect(badParent.statusCode).toBe(400);
    expect(errorsOf(badParent)[0]?.field).toBe("parentPostTypeID");
    const badLinks = await f.api.post(
      "/api/v2/post-types",
      { postTypeID: "gig", name: "Gig", parentPostTypeID: "discussion", categoryIDs: [99999], roleIDs: [99999] },
      { as: f.admin },
    );
    expect(badLinks.statusCode).toBe(400);
    expect(
      errorsOf(badLinks)
        .map((error) => error.field)
        .sort(),
    ).toEqual(["categoryIDs", "roleIDs"]);
    expect((await f.api.get("/api/v2/post-types/gig", { as: f.admin })).statusCode).toBe(404);
    const mismatch = await f.api.post(
      "/api/v2/post-fields",
      { postFieldID: "odd", label: "Odd", dataType: "boolean", formType: "text", visibility: "public" },
      { as: f.admin },
    );
    expect(mismatch.statusCode).toBe(422);
    const noOptions = await f.api.post(
      "/api/v2/post-fields",
      { postFieldID: "odd", label: "Odd", dataType: "text", formType: "dropdown", visibility: "public" },
      { as: f.admin },
    );
    expect(noOptions.statusCode).toBe(422);
    expect((await f.api.get("/api/v2/post-fields/odd", { as: f.admin })).statusCode).toBe(404);
  });

  it("checks a post's type and its values: required, types, options, internal fields, the category", async () => {
    const missing = await post("ann", {
      postTypeID: "job",
      postMeta: { contract: "Contractor", starts: "2026-02-30" },
    });
    expect(missing.statusCode).toBe(422);
    expect(
      errorsOf(missing)
        .map((error) => error.field)
        .sort(),
    ).toEqual(["postMeta.contract", "postMeta.salary", "postMeta.starts"]);
    const internal = await post("ann", { postTypeID: "job", postMeta: { salary: 10, vetted: true } });
    expect(errorsOf(internal)[0]).toMatchObject({ field: "postMeta.vetted", message: "Vetted is set by moderators." });
    const unknown = await post("ann", { postTypeID: "job", postMeta: { salary: 10, colour: "red" } });
    expect(errorsOf(unknown)[0]?.field).toBe("postMeta.colour");
    const elsewhere = await post("ann", {
      postTypeID: "job",
      categoryID: f.category["off-topic"],
      postMeta: { salary: 10 },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(errorsOf(elsewhere)[0]).toMatchObject({
      field: "postTypeID",
      message: 'The category "Off Topic" does not take posts of type "Job".',
    });
    const wrongType = await post("ann", { postTypeID: "job", type: "question", postMeta: { salary: 10 } });
    expect(errorsOf(wrongType)[0]?.field).toBe("postTypeID");
    expect((await post("ann", { postTypeID: "nope" })).statusCode).toBe(400);
    const count = await f.t.database.db
      .selectFrom("discussions")
      .select(({ fn }) => fn.countAll<number>().as("n"))
      .where("postTypeID", "=", "job")
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);

    const posted = await post("ann", {
      postTypeID: "job",
      postMeta: {
        salary: "42000",
        contract: "Part time",
        contact: "  ann@example.com ",
        skills: "pruning, mowing",
        starts: "2026-03-01",
      },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const discussion = posted.json<Discussion>();
    discussionID = discussion.discussionID;
    expect(discussion).toMatchObject({
      type: "discussion",
      postTypeID: "job",
      postMeta: {
        salary: 42000,
        contract: "Part time",
        contact: "ann@example.com",
        skills: ["pruning", "mowing"],
        starts: "2026-03-01",
      },
    });
  });

  it("shows each viewer the values they may see: private to the author and moderators, internal to moderators", async () => {
    const url = `/api/v2/discussions/${discussionID}`;
    const vetted = await f.api.patch(url, { postMeta: { vetted: true } }, { as: f.as.mod });
    expect(vetted.statusCode, vetted.body).toBe(200);
    const metaAs = async (as?: (typeof f.as)[Who]) =>
      (await f.api.get(`${url}?expand=postMeta`, as ? { as } : {})).json<Discussion>().postMeta ?? {};
    expect(Object.keys(await metaAs(f.as.mod)).sort()).toEqual(
      ["contact", "contract", "salary", "skills", "starts", "vetted"].sort(),
    );
    expect(Object.keys(await metaAs(f.as.ann)).sort()).toEqual(["contact", "contract", "salary", "skills", "starts"]);
    expect(Object.keys(await metaAs(f.as.ben)).sort()).toEqual(["contract", "salary", "skills", "starts"]);
    expect(Object.keys(await metaAs()).sort()).toEqual(["contract", "salary", "skills", "starts"]);
    const list = await f.api.get(`/api/v2/discussions?discussionID=${discussionID}&expand=postMeta`, { as: f.as.ben });
    expect(list.json<Discussion[]>()[0]?.postMeta).toEqual(await metaAs(f.as.ben));
  });

  it("edits values by PATCH: checked, a required one not cleared, others left as they are", async () => {
    const url = `/api/v2/discussions/${discussionID}`;
    const cleared = await f.api.patch(url, { postMeta: { salary: null } }, { as: f.as.ann });
    expect(cleared.statusCode).toBe(422);
    expect(errorsOf(cleared)[0]?.field).toBe("postMeta.salary");
    const wrong = await f.api.patch(url, { postMeta: { contract: "Forever" } }, { as: f.as.ann });
    expect(wrong.statusCode).toBe(422);
    expect((await f.api.patch(url, { postMeta: { contract: "Full time" } }, { as: f.as.ben })).statusCode).toBe(403);
    const edited = await f.api.patch(url, { postMeta: { contract: "Full time", skills: [] } }, { as: f.as.ann });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Discussion>().postMeta).toEqual({
      salary: 42000,
      contract: "Full time",
      contact: "ann@example.com",
      starts: "2026-03-01",
    });
  });

  it("keeps a type to the roles it names, refuses an inactive one, and moves a post only where its type goes", async () => {
    const moderatorRole = await roleIDOfType(f.t.database.db, "moderator");
    const limited = await f.api.patch("/api/v2/post-types/job", { roleIDs: [moderatorRole] }, { as: f.admin });
    expect(limited.json<PostType>().roleIDs).toEqual([moderatorRole]);
    const refused = await post("ann", { postTypeID: "job", postMeta: { salary: 1 } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().message).toBe('Your roles may not post a "Job".');
    expect((await post("mod", { postTypeID: "job", postMeta: { salary: 1 } })).statusCode).toBe(201);
    await f.api.patch("/api/v2/post-types/job", { roleIDs: [], isActive: false }, { as: f.admin });
    expect(errorsOf(await post("ann", { postTypeID: "job", postMeta: { salary: 1 } }))[0]?.message).toBe(
      'The post type "Job" is not active.',
    );
    // Inactive: hidden from members, shown to managers.
    expect((await f.api.get("/api/v2/post-types/job", { as: f.as.ann })).statusCode).toBe(404);
    expect((await f.api.get("/api/v2/post-types/job", { as: f.admin })).statusCode).toBe(200);
    await f.api.patch("/api/v2/post-types/job", { isActive: true }, { as: f.admin });
    const moved = await f.api.patch(
      `/api/v2/discussions/${discussionID}`,
      { categoryID: f.category["off-topic"] },
      { as: f.as.mod },
    );
    expect(moved.statusCode).toBe(400);
    expect(errorsOf(moved)[0]?.field).toBe("postTypeID");
  });

  it("sets a category's allowedPostTypeIDs and lists the categories that take a type", async () => {
    const general = f.category.general;
    const offTopic = f.category["off-topic"];
    const categoryOf = async (id: number) =>
      (await f.api.get(`/api/v2/categories/${id}`, { as: f.as.ann })).json<Category>();
    expect((await categoryOf(general)).allowedPostTypeIDs).toEqual(["job"]);
    expect((await categoryOf(offTopic)).allowedPostTypeIDs).toEqual([]);
    const path = `/api/v2/categories/${offTopic}`;
    expect((await f.api.patch(path, { allowedPostTypeIDs: ["job"] }, { as: f.as.mod })).statusCode).toBe(403);
    const unknown = await f.api.patch(path, { allowedPostTypeIDs: ["job", "nope"] }, { as: f.admin });
    expect(unknown.statusCode).toBe(400);
    expect(errorsOf(unknown)[0]).toMatchObject({
      field: "allowedPostTypeIDs",
      message: 'There is no post type "nope".',
    });
    expect((await categoryOf(offTopic)).allowedPostTypeIDs).toEqual([]);
    const set = await f.api.patch(path, { allowedPostTypeIDs: ["job", "job"] }, { as: f.admin });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<Category>().allowedPostTypeIDs).toEqual(["job"]);
    expect((await f.api.get("/api/v2/post-types/job", { as: f.admin })).json<PostType>().categoryIDs).toEqual(
      [general, offTopic].sort((a, b) => a - b),
    );
    // The list carries each category's types, and `postTypeID` keeps those that take one (flat).
    const listed = (await f.api.get("/api/v2/categories?outputFormat=flat&limit=100")).json<Category[]>();
    expect(listed.find((category) => category.categoryID === offTopic)?.allowedPostTypeIDs).toEqual(["job"]);
    const taking = await f.api.get("/api/v2/categories?postTypeID=job", { as: f.as.ann });
    expect(taking.statusCode, taking.body).toBe(200);
    expect(
      taking
        .json<Category[]>()
        .map((category) => category.categoryID)
        .sort((a, b) => a - b),
    ).toEqual([general, offTopic].sort((a, b) => a - b));
    expect((await f.api.get("/api/v2/categories?postTypeID=nope")).json<Category[]>()).toEqual([]);
    expect(
      (await f.api.get("/api/v2/categories?postTypeID=question")).json<Category[]>().map((c) => c.categoryID),
    ).toContain(general);
    // A new category takes the types it is created with; an inactive type cannot be given.
    const created = await f.api.post(
      "/api/v2/categories",
      { name: "Jobs board", urlcode: "jobs-board", allowedPostTypeIDs: ["job"] },
      { as: f.admin },
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Category>().allowedPostTypeIDs).toEqual(["job"]);
    await f.api.patch("/api/v2/post-types/job", { isActive: false }, { as: f.admin });
    expect((await categoryOf(general)).allowedPostTypeIDs).toEqual([]);
    expect((await f.api.patch(path, { allowedPostTypeIDs: ["job"] }, { as: f.admin })).statusCode).toBe(400);
    await f.api.patch("/api/v2/post-types/job", { isActive: true }, { as: f.admin });
    // Emptied, the category no longer takes the type.
    const cleared = await f.api.patch(path, { allowedPostTypeIDs: [] }, { as: f.admin });
    expect(cleared.json<Category>().allowedPostTypeIDs).toEqual([]);
    expect((await f.api.get("/api/v2/post-types/job", { as: f.admin })).json<PostType>().categoryIDs).toEqual([
      general,
      created.json<Category>().categoryID,
    ]);
    expect(
      errorsOf(await post("mod", { categoryID: offTopic, postTypeID: "job", postMeta: { salary: 1 } }))[0]?.field,
    ).toBe("postTypeID");
  });

  it("filters discussions by post type, a site's own or an original one", async () => {
    const ids = async (query: string) =>
      (await f.api.get(`/api/v2/discussions?${query}&limit=100`, { as: f.admin }))
        .json<Discussion[]>()
        .map((discussion) => discussion);
    const jobs = await ids("postTypeID=job");
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.map((discussion) => discussion.discussionID)).toContain(discussionID);
    expect(new Set(jobs.map((discussion) => discussion.postTypeID))).toEqual(new Set(["job"]));
    const plain = await ids("postTypeID=discussion");
    expect(plain.length).toBeGreaterThan(0);
    expect(new Set(plain.map((discussion) => discussion.postTypeID))).toEqual(new Set(["discussion"]));
    const both = await ids("postTypeID=job,discussion");
    expect(both.length).toBe(jobs.length + plain.length);
  });

  it("filters discussions by their post field values, only by fields the viewer may see", async () => {
    const hire = async (who: Who, postMeta: Record<string, unknown>) => {
      const response = await post(who, { postTypeID: "job", postMeta });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Discussion>().discussionID;
    };
    const mow = await hire("ann", { salary: 31500, skills: "mowing, hedges", contract: "Part time", contact: "ann-x" });
    const prune = await hire("ben", { salary: 31500, skills: "pruning", starts: "2027-01-04", contact: "ben-x" });
    const quoted = await hire("ben", { salary: 7, skills: 'say "hedges"', contact: "ann-x" });
    await f.api.patch(`/api/v2/discussions/${prune}`, { postMeta: { vetted: true } }, { as: f.as.mod });
    const list = async (query: string, as: (typeof f.as)[Who] | null = f.admin) => {
      const response = await f.api.get(`/api/v2/discussions?${query}&limit=500`, as ? { as } : {});
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json<Discussion[]>()
        .map((discussion) => discussion.discussionID)
        .filter((id) => [mow, prune, quoted].includes(id))
        .sort((a, b) => a - b);
    };
    // A number read from the query string, a token matched whole (not inside another token), a date, an option.
    expect(await list("postMeta[salary]=31500")).toEqual([mow, prune]);
    expect(await list("postMeta[salary]=31500.0&postMeta[skills]=pruning")).toEqual([prune]);
    expect(await list("postMeta[skills]=hedges")).toEqual([mow]);
    expect(await list(`postMeta[skills]=${encodeURIComponent('say "hedges"')}`)).toEqual([quoted]);
    expect(await list("postMeta[skills][]=hedges&postMeta[skills][]=pruning")).toEqual([mow, prune]);
    expect(await list("postMeta[starts]=2027-01-04")).toEqual([prune]);
    expect(await list("postMeta[contract]=Part%20time")).toEqual([mow]);
    expect(await list("postMeta[salary]=31500&postTypeID=discussion")).toEqual([]);
    // Anyone may filter by a public field, as a guest too.
    expect(await list("postMeta[skills]=pruning", null)).toEqual([prune]);

    // Internal: moderators only; to others it is no field to filter by (a value they cannot see is never revealed).
    expect(await list("postMeta[vetted]=true", f.as.mod)).toEqual([prune]);
    expect(await list("postMeta[vetted]=0", f.as.mod)).toEqual([]);
    const internal = await f.api.get("/api/v2/discussions?postMeta[vetted]=true", { as: f.as.ben });
    expect(internal.statusCode).toBe(400);
    expect(errorsOf(internal)[0]).toMatchObject({
      field: "postMeta.vetted",
      message: '"vetted" is not a post field you may filter by.',
    });
    // Private: a member finds only their own discussions by it; moderators everyone's; a guest may not.
    expect(await list("postMeta[contact]=ann-x", f.as.ann)).toEqual([mow]);
    expect(await list("postMeta[contact]=ann-x", f.as.mod)).toEqual([mow, quoted]);
    expect((await f.api.get("/api/v2/discussions?postMeta[contact]=ann-x")).statusCode).toBe(400);

    for (const [query, field] of [
      ["postMeta[colour]=red", "postMeta.colour"],
      ["postMeta[salary]=lots", "postMeta.salary"],
      ["postMeta[contract]=Forever", "postMeta.contract"],
      ["postMeta[starts]=2027-02-30", "postMeta.starts"],
    ] as const) {
      const refused = await f.api.get(`/api/v2/discussions?${query}`, { as: f.admin });
      expect(refused.statusCode, query).toBe(400);
      expect(errorsOf(refused)[0]?.field, query).toBe(field);
    }
  });

  it("moves discussions in bulk as a post type, and keeps a site type's discussions where it is taken", async () => {
    const offTopic = f.category["off-topic"];
    const plain = await post("mod", { name: "A plain one" });
    expect(plain.statusCode, plain.body).toBe(201);
    const plainID = plain.json<Discussion>().discussionID;
    const move = (body: Record<string, unknown>) =>
      f.api.request("PATCH", "/api/v2/discussions/move", { as: f.as.mod, body });
    // The off-topic category does not take jobs: a job stays, the plain one may not become one there.
    const refused = (await move({ discussionIDs: [discussionID], categoryID: offTopic })).json<LongRunnerResult>();
    expect(refused.progress.failedIDs).toEqual([discussionID]);
    const asJob = (
      await move({ discussionIDs: [plainID], categoryID: offTopic, postTypeID: "job" })
    ).json<LongRunnerResult>();
    expect(asJob.progress.failedIDs).toEqual([plainID]);
    await f.api.patch(`/api/v2/categories/${offTopic}`, { allowedPostTypeIDs: ["job"] }, { as: f.admin });
    const moved = (
      await move({ discussionIDs: [plainID], categoryID: offTopic, postTypeID: "job" })
    ).json<LongRunnerResult>();
    expect(moved.progress.successIDs).toEqual([plainID]);
    const after = (await f.api.get(`/api/v2/discussions/${plainID}`, { as: f.admin })).json<Discussion>();
    expect(after).toMatchObject({ categoryID: offTopic, type: "discussion", postTypeID: "job" });
    // A discussion cannot become a question by a move; an original type of its own makes it plain again.
    const question = (
      await move({ discussionIDs: [plainID], categoryID: offTopic, postTypeID: "question" })
    ).json<LongRunnerResult>();
    expect(question.progress.exceptionsByID[String(plainID)]).toMatchObject({ status: 400 });
    const back = (
      await move({ discussionIDs: [plainID], categoryID: f.category.general, postTypeID: "discussion" })
    ).json<LongRunnerResult>();
    expect(back.progress.successIDs).toEqual([plainID]);
    expect((await f.api.get(`/api/v2/discussions/${plainID}`, { as: f.admin })).json<Discussion>()).toMatchObject({
      categoryID: f.category.general,
      postTypeID: "discussion",
    });
    await f.api.patch(`/api/v2/categories/${offTopic}`, { allowedPostTypeIDs: [] }, { as: f.admin });
  });

  it("forgets a discussion's site type when PUT /type makes it another type", async () => {
    const other = await post("mod", { postTypeID: "job", postMeta: { salary: 5 } });
    expect(other.statusCode, other.body).toBe(201);
    const { discussionID: id } = other.json<Discussion>();
    const changed = await f.api.put(`/api/v2/discussions/${id}/type`, { type: "question" }, { as: f.admin });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Discussion>()).toMatchObject({ type: "question", postTypeID: "question" });
  });

  it("makes a discussion of a site's type by PUT /type with postTypeID, where the category takes it", async () => {
    const plain = await post("mod", { name: "To become a job" });
    expect(plain.statusCode, plain.body).toBe(201);
    const { discussionID: id } = plain.json<Discussion>();
    const setType = (body: Record<string, unknown>, as = f.admin) =>
      f.api.put(`/api/v2/discussions/${id}/type`, body, { as });
    // Not the author's to change, an unknown type, a type of another parent: refused, nothing changed.
    expect((await setType({ type: "discussion", postTypeID: "job" }, f.as.ann)).statusCode).toBe(403);
    const unknown = await setType({ type: "discussion", postTypeID: "nosuch" });
    expect(unknown.statusCode).toBe(400);
    expect(errorsOf(unknown)[0]?.field).toBe("postTypeID");
    expect((await setType({ type: "question", postTypeID: "job" })).statusCode).toBe(400);
    expect((await f.api.get(`/api/v2/discussions/${id}`, { as: f.admin })).json<Discussion>().postTypeID).toBe(
      "discussion",
    );
    const made = await setType({ type: "discussion", postTypeID: "job" });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json<Discussion>()).toMatchObject({ type: "discussion", postTypeID: "job" });
    // An original type named as the post type makes it plain again.
    const back = await setType({ type: "discussion", postTypeID: "discussion" });
    expect(back.json<Discussion>()).toMatchObject({ type: "discussion", postTypeID: "discussion" });
    // A category that does not take the type keeps its discussions from becoming one.
    const offTopic = await f.api.post(
      "/api/v2/discussions",
      { name: "Elsewhere", body: "x", format: "markdown", categoryID: f.category["off-topic"] },
      { as: f.as.mod },
    );
    const elsewhere = offTopic.json<Discussion>().discussionID;
    const refused = await f.api.put(
      `/api/v2/discussions/${elsewhere}/type`,
      { type: "discussion", postTypeID: "job" },
      { as: f.admin },
    );
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused)[0]?.field).toBe("postTypeID");
  });

  it("deletes a field with its values, and a type softly (its posts keep it)", async () => {
    const removed = await f.api.delete("/api/v2/post-fields/skills", { as: f.admin });
    expect(removed.statusCode).toBe(204);
    const left = await f.t.database.db
      .selectFrom("discussionPostMeta")
      .select("postFieldID")
      .where("postFieldID", "=", "skills")
      .execute();
    expect(left).toEqual([]);
    expect((await f.api.delete("/api/v2/post-types/job", { as: f.as.mod })).statusCode).toBe(403);
    expect((await f.api.delete("/api/v2/post-types/job", { as: f.admin })).statusCode).toBe(204);
    expect((await f.api.get("/api/v2/post-types/job", { as: f.admin })).statusCode).toBe(404);
    expect(
      (await f.api.get("/api/v2/post-types/job?includeDeleted=true", { as: f.admin })).json<PostType>(),
    ).toMatchObject({
      isDeleted: true,
    });
    expect((await post("ann", { postTypeID: "job" })).statusCode).toBe(400);
    const kept = (await f.api.get(`/api/v2/discussions/${discussionID}`, { as: f.admin })).json<Discussion>();
    expect(kept.postTypeID).toBe("job");
  });
});
