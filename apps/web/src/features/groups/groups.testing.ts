import type { Group } from "@parley/contracts";

/** A group record as the API answers it; tests override only what they look at. */
export function makeGroup(overrides: Partial<Group> = {}): Group {
  const groupID = overrides.groupID ?? 3;
  const slug = overrides.slug ?? "book-club";
  return {
    groupID,
    name: "Book Club",
    description: "We read a book a month and talk about it.",
    privacy: "public",
    slug,
    url: `http://forum.test/group/${groupID}-${slug}`,
    categoryID: 40,
    iconUrl: null,
    bannerUrl: null,
    countMembers: 12,
    countDiscussions: 4,
    countComments: 20,
    dateLastComment: null,
    insertUserID: 1,
    dateInserted: "2026-01-01T00:00:00+00:00",
    updateUserID: null,
    dateUpdated: null,
    viewer: { role: null, dateJoined: null, application: null, invited: false },
    permissions: {
      view: true,
      post: false,
      join: true,
      apply: false,
      leave: false,
      edit: false,
      delete: false,
      manageMembers: false,
      invite: false,
    },
    ...overrides,
  };
}
