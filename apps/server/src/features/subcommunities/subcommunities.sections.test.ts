import { describe, expect, it } from "vitest";
import type { ContentChanges } from "../../platform/content-changes.ts";
import type { EventName } from "../../platform/events.ts";
import { createTestClock } from "../../platform/clock.ts";
import type { SubcommunitiesRepo, SubcommunityRow } from "./subcommunities.repo.ts";
import { createSiteSections } from "./subcommunities.sections.ts";

const row: SubcommunityRow = {
  subcommunityID: 1,
  name: "Help Desk",
  folder: "help-desk",
  categoryID: 3,
  locale: "",
  themeID: null,
  sort: 0,
  dateInserted: "2026-12-01T10:00:00.000Z",
  insertUserID: 1,
  dateUpdated: null,
  updateUserID: null,
};

/** The sections over a repository that counts its reads, and the changes a test announces. */
function sectionsHeard() {
  let reads = 0;
  const repo = {
    list: async () => {
      reads += 1;
      return [row];
    },
  } as unknown as SubcommunitiesRepo;
  const listeners: Array<(event: EventName | null) => void> = [];
  const changes: ContentChanges = { on: (listener) => void listeners.push(listener), close: async () => undefined };
  const sections = createSiteSections(repo, createTestClock(), changes);
  return {
    sections,
    reads: () => reads,
    hear: (event: EventName | null) => listeners.forEach((listener) => listener(event)),
  };
}

describe("the sections in memory (issue 40)", () => {
  it("are read again after a subcommunity's change only, not after every post", async () => {
    const { sections, reads, hear } = sectionsHeard();
    await sections.reload();
    expect(reads()).toBe(1);
    // Posts, comments and a category's rename or deletion leave the copy as it is: the rows name the root category
    // by id, and the lists read the tree from the categories' directory.
    for (const event of ["discussion.created", "comment.created", "category.changed", "layout.changed"] as const)
      hear(event);
    expect((await sections.resolve("$subcommunityID:help-desk"))?.folder).toBe("help-desk");
    sections.list();
    sections.byFolder("help-desk");
    expect(reads()).toBe(1);

    hear("subcommunity.changed");
    await sections.resolve("1");
    expect(reads()).toBe(2);
    // A process that did not say which change it made: read again too.
    hear(null);
    await sections.resolve("1");
    expect(reads()).toBe(3);
  });
});
