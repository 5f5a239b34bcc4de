/**
 * Ignoring a member (Vanilla's `ignore` add-on): rules and messages shared by server and web. Free of TypeBox,
 * so the browser bundle can import it.
 */
export const ignoreRules = {
  /** Members one member may ignore at once. */
  maxIgnored: 500,
} as const;

export const ignoreMessages = {
  self: "You cannot ignore yourself.",
  moderator: "Moderators cannot be ignored.",
  notYours: "Only the member themself can change whom they ignore.",
  tooMany: `You can ignore at most ${ignoreRules.maxIgnored} members.`,
  /** A private conversation refused: `{name}` ignores the sender. */
  refusesMessages: "{name} does not accept private messages from you.",
} as const;

/** `/profile/ignored`: the signed-in member's ignored members. */
export const ignoredPagePath = "/profile/ignored";
