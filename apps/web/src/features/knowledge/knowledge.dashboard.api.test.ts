import { describe, expect, it } from "vitest";
import { createApiClient, type ApiRequest } from "../../lib/api.ts";
import { knowledgeDashboardApi } from "./knowledge.dashboard.api.ts";

/** An API answering `GET /knowledge-bases` by status; the deleted ones refused unless `writer`. */
const apiFor = (writer: boolean) =>
  createApiClient(async (request: ApiRequest) => {
    const status = request.query?.["status"];
    if (status === "deleted" && !writer)
      return { status: 403, headers: {}, body: { message: "Permission Problem", status: 403 } };
    return { status: 200, headers: {}, body: [{ name: status === "deleted" ? "Old" : "Help" }] };
  });

describe("the dashboard's list of knowledge bases", () => {
  it("holds the published and the deleted bases", async () => {
    expect((await knowledgeDashboardApi.bases(apiFor(true))).map((base) => base.name)).toEqual(["Help", "Old"]);
  });

  it("holds the published ones for a site manager the API does not show the deleted ones to (no articles.add)", async () => {
    expect((await knowledgeDashboardApi.bases(apiFor(false))).map((base) => base.name)).toEqual(["Help"]);
  });
});
