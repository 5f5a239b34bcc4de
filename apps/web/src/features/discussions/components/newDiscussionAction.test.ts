import { describe, expect, it } from "vitest";
import type { Tag } from "@parley/contracts";
import { createApiClient, type ApiRequest } from "../../../lib/api.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { createFakeTransport, jsonResponse } from "../../../test/fixtures.ts";
import { createDiscussionActions } from "../discussions.actions.ts";
import { makeDiscussion } from "../../../test/discussions.tsx";

const existing: Array<Pick<Tag, "tagID" | "name">> = [
  { tagID: 3, name: "Plugins" },
  { tagID: 4, name: "Plugins Extra" },
  { tagID: 9, name: "Themes" },
];

/** The `discussion` action over a fake API; returns its result and the POST body it sent. */
async function post(fields: Array<[string, string]>) {
  const transport = createFakeTransport({
    "GET /tags": (request: ApiRequest) => {
      const text = request.query?.["query"];
      const query = typeof text === "string" ? text.toLowerCase() : "";
      return jsonResponse(existing.filter((tag) => tag.name.toLowerCase().startsWith(query)));
    },
    "POST /discussions": jsonResponse(
      makeDiscussion({ discussionID: 12, url: "http://localhost/discussion/12/hi" }),
      201,
    ),
  });
  const actions = createDiscussionActions(createApiClient(transport), createQueryClient());
  const form = new FormData();
  const defaults: Array<[string, string]> = [
    ["name", "Hi"],
    ["body", "Hello"],
    ["categoryID", "5"],
  ];
  const given = new Set(fields.map(([name]) => name));
  for (const [name, value] of [...defaults.filter(([name]) => !given.has(name)), ...fields]) form.append(name, value);
  const request = new Request("http://localhost/post/discussion", { method: "POST", body: form });
  const result = (await actions.discussion({ request, params: {}, context: {} } as never)) as unknown;
  const created = transport.requests.find((item) => item.method === "POST" && item.path === "/discussions");
  return { result, body: created?.body as Record<string, unknown> | undefined, transport };
}

describe("the new discussion action's tags", () => {
  it("sends the pickers' hidden tagIDs and newTagNames", async () => {
    const { result, body } = await post([
      ["tagIDs", "9"],
      ["tagIDs", "3"],
      ["newTagNames", "Brand New"],
    ]);
    expect(body).toEqual({
      name: "Hi",
      body: "Hello",
      format: "markdown",
      categoryID: 5,
      tagIDs: [9, 3],
      newTagNames: ["Brand New"],
    });
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).headers.get("Location")).toBe("/discussion/12/hi");
  });

  it("turns the plain comma list into existing tags by name (any case) and new names", async () => {
    const { body, transport } = await post([["tags", " plugins, Fresh Idea,,THEMES , fresh idea"]]);
    expect(body?.["tagIDs"]).toEqual([3, 9]);
    expect(body?.["newTagNames"]).toEqual(["Fresh Idea"]);
    // One look-up per distinct name.
    expect(transport.requests.filter((request) => request.path === "/tags")).toHaveLength(3);
  });

  it("sends no tag fields when there are none", async () => {
    const { body } = await post([["tags", " , "]]);
    expect(body).toEqual({ name: "Hi", body: "Hello", format: "markdown", categoryID: 5 });
  });

  it("gives the names back with the form's errors", async () => {
    const { result, body } = await post([
      ["categoryID", ""],
      ["tags", "Plugins, new one"],
    ]);
    expect(body).toBeUndefined();
    const data = (result as { data: { values: Record<string, string> } }).data;
    expect(data.values["tags"]).toBe("Plugins, new one");
  });
});

describe("the new discussion action in a group (/post/discussion/social-groups?groupid=)", () => {
  it("sends the group instead of a category, and lands on the new discussion", async () => {
    const { result, body } = await post([
      ["categoryID", ""],
      ["groupID", "7"],
    ]);
    expect(body).toEqual({ name: "Hi", body: "Hello", format: "markdown", groupID: 7 });
    expect((result as Response).headers.get("Location")).toBe("/discussion/12/hi");
  });

  it("still asks for a category when neither is posted", async () => {
    const { body, result } = await post([["categoryID", ""]]);
    expect(body).toBeUndefined();
    expect(JSON.stringify(result)).toContain("Choose a category.");
  });
});

describe("the new discussion action's poll (the polls add-on)", () => {
  it("sends the poll's question, its filled options, choices, visibility and close date (read as UTC)", async () => {
    const { body } = await post([
      ["type", "poll"],
      ["pollName", " Lunch? "],
      ["pollOption", "Pizza"],
      ["pollOption", " "],
      ["pollOption", "Sushi"],
      ["pollOption", ""],
      ["pollChoiceMode", "multiple"],
      ["pollMaxChoices", "2"],
      ["pollResultsVisibility", "afterVoting"],
      ["pollDateClosed", "2030-01-02T10:30"],
    ]);
    expect(body).toEqual({
      name: "Hi",
      body: "Hello",
      format: "markdown",
      categoryID: 5,
      type: "poll",
      poll: {
        name: "Lunch?",
        options: ["Pizza", "Sushi"],
        choiceMode: "multiple",
        maxChoices: 2,
        resultsVisibility: "afterVoting",
        dateClosed: "2030-01-02T10:30:00.000Z",
      },
    });
  });

  it("asks for two options before calling the API, keeping what was written", async () => {
    const { body, result } = await post([
      ["type", "poll"],
      ["pollOption", "Only one"],
    ]);
    expect(body).toBeUndefined();
    const data = (result as { data: { errors: Record<string, string>; values: Record<string, string> } }).data;
    expect(data.errors["pollOptions"]).toBe("A poll needs at least {min} options.");
    expect(data.values["pollOptions"]).toBe("Only one");
  });

  it("sends no poll for another type", async () => {
    const { body } = await post([
      ["type", "discussion"],
      ["pollOption", "Stray"],
    ]);
    expect(body?.["poll"]).toBeUndefined();
  });
});
