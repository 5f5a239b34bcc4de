import { describe, expect, it } from "vitest";
import { knowledgeCachesKey } from "./knowledge.dashboard.queries.ts";
import { knowledgeKeys } from "./knowledge.queries.ts";

describe("the knowledge base dashboard's cache keys", () => {
  it("sit under the readers' keys, so a write in the dashboard drops what the readers' pages hold", () => {
    expect(knowledgeCachesKey).toEqual(knowledgeKeys.all);
  });
});
