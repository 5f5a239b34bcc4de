import { Type, type Static } from "typebox";

export { PAGE_VIEW_TICK } from "./tick-kinds.ts";

/**
 * `POST /tick` (dashboard-tick.yml): what the pages report as readers use them. A page view (`url`, with
 * `type` such as `discussion_view` and the record's id), a search (`type: "search"`), or a link followed
 * out of the site (`destinationUrl`). Parley records a discussion's views (its `countViews`); it keeps no
 * other analytics, and says so with `didTrack: false`.
 */
export const TickPost = Type.Object({
  url: Type.Optional(Type.String({ maxLength: 2_000 })),
  referrer: Type.Optional(Type.String({ maxLength: 2_000 })),
  type: Type.Optional(Type.String({ maxLength: 100 })),
  discussionID: Type.Optional(Type.Integer({ minimum: 1 })),
  categoryID: Type.Optional(Type.Integer()),
  destinationUrl: Type.Optional(Type.String({ maxLength: 2_000 })),
  domain: Type.Optional(Type.String({ maxLength: 100 })),
  searchResults: Type.Optional(Type.Unknown()),
  searchQuery: Type.Optional(Type.Unknown()),
});
export type TickPost = Static<typeof TickPost>;

export const TickResult = Type.Object({
  didTrack: Type.Boolean(),
  message: Type.Optional(Type.String()),
});
export type TickResult = Static<typeof TickResult>;
