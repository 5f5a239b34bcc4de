import { MAX_RESULTS, type SearchCriteria, type SearchDocument } from "./search.driver.ts";
import { parseSearchText } from "./search.text.ts";

/** A post for driver tests: odd indexes are comments, even ones discussions, a minute apart from 2024. */
export const testDocument = (index: number, name: string, body: string): SearchDocument => ({
  recordType: index % 2 ? "comment" : "discussion",
  recordID: index,
  discussionID: index,
  categoryID: 1,
  insertUserID: 1,
  type: index % 2 ? "comment" : "discussion",
  name,
  body,
  dateInserted: new Date(Date.UTC(2024, 0, 1) + index * 60_000).toISOString(),
  dateUpdated: null,
});

/** A search of posts by relevance, ten a page, as the service would make it for an administrator. */
export const testCriteria = (query: string, overrides: Partial<SearchCriteria> = {}): SearchCriteria => ({
  text: parseSearchText(query),
  title: null,
  operator: "and",
  prefix: false,
  recordTypes: ["discussion", "comment"],
  types: null,
  categoryIDs: null,
  dates: {},
  sort: "relevance",
  offset: 0,
  limit: 10,
  // The whole reach, so that the drivers' tests see their counts; the service counts less (`searchCountBound`).
  countWithin: MAX_RESULTS,
  ...overrides,
});
