import type { Discussion, Me } from "@parley/contracts";
import { memberMe } from "../shell/testing.tsx";

/** Test data for the discussions and the features that show them (not part of the app). */
export const author: Me = { ...memberMe, permissions: [...memberMe.permissions, "comments.add"] };

export const makeDiscussion = (overrides: Partial<Discussion> = {}): Discussion => ({
  discussionID: 1,
  type: "discussion",
  name: "Hello",
  body: "<p>Hi</p>",
  categoryID: 3,
  category: { categoryID: 3, name: "General", url: "http://localhost/categories/general" },
  url: "http://localhost/discussion/1/hello",
  canonicalUrl: "http://localhost/discussion/1/hello",
  dateInserted: "2025-01-01T12:00:00+00:00",
  dateUpdated: null,
  dateLastComment: null,
  insertUserID: author.userID,
  updateUserID: null,
  lastUserID: null,
  countComments: 0,
  countViews: 1,
  unread: false,
  closed: false,
  sink: false,
  pinned: false,
  pinLocation: null,
  announce: false,
  score: 0,
  bookmarked: false,
  muted: false,
  dismissed: false,
  attributes: {},
  reactions: [],
  permissions: { "discussions.edit": true, "discussions.delete": false, "comments.add": true },
  ...overrides,
});
