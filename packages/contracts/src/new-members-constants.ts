/**
 * Limits for new members (issue 30, Discourse's trust level 0): how many posts a day, how many links and images
 * a post may hold, whether they may send private messages, until they are trusted by published posts or by the
 * age of their account, whichever comes first. Site settings (`newMembers.*`); 0 turns a limit off. Shared by the
 * server, which enforces them, and the web app, which shows them. Free of TypeBox, so the browser may import it.
 */

/** The settings and their defaults (Discourse's: 2 links, 1 image, 10 replies a day in the first day, no PMs). */
export const newMemberDefaults = {
  /** Discussions and comments a new member may publish in 24 hours; 0: no limit. */
  "newMembers.postsPerDay": 10,
  /** Links one post may hold (mentions are not counted); 0: no limit. */
  "newMembers.maxLinks": 2,
  /** Images one post may hold; 0: no limit. */
  "newMembers.maxImages": 1,
  /** Whether new members may start and answer private messages. */
  "newMembers.canMessage": false,
  /** Published posts (discussions + comments) that make a member trusted; 0: posts do not. */
  "newMembers.trustPosts": 3,
  /** Days of membership that make a member trusted; 0: age does not. */
  "newMembers.trustDays": 2,
} as const;

export type NewMemberSettingKey = keyof typeof newMemberDefaults;
export const newMemberSettingKeys = Object.keys(newMemberDefaults) as NewMemberSettingKey[];

/** The largest value of each number (a post may hold at most this many links; a day has at most this many posts). */
export const newMemberMaximum = 10_000;

/** The limits that apply to a new member, with what lifts them. */
export interface NewMemberLimits {
  postsPerDay: number;
  maxLinks: number;
  maxImages: number;
  canMessage: boolean;
  trustPosts: number;
  trustDays: number;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "after 3 posts or 2 days" (either alone when the other is off). */
function after({ trustPosts, trustDays }: Pick<NewMemberLimits, "trustPosts" | "trustDays">): string {
  const ways = [
    ...(trustPosts > 0 ? [plural(trustPosts, "post", "posts")] : []),
    ...(trustDays > 0 ? [plural(trustDays, "day", "days")] : []),
  ];
  return `after ${ways.join(" or ")}`;
}

/** The sentence a refusal says: which limit, and when it lifts. */
export const newMemberMessages = {
  postsPerDay: (limits: NewMemberLimits) =>
    `New members can post at most ${plural(limits.postsPerDay, "time", "times")} a day. You can post more ${after(limits)}.`,
  links: (limits: NewMemberLimits) =>
    `New members can post at most ${plural(limits.maxLinks, "link", "links")}. You can post more ${after(limits)}.`,
  images: (limits: NewMemberLimits) =>
    `New members can post at most ${plural(limits.maxImages, "image", "images")}. You can post more ${after(limits)}.`,
  messages: (limits: NewMemberLimits) =>
    `New members cannot send private messages. You can send them ${after(limits)}.`,
} as const;

/** Why a member may not start a private message though their roles allow it (null: nothing stops them). */
export const newMemberMessageRefusal = (limits: NewMemberLimits | null | undefined): string | null =>
  limits && !limits.canMessage ? newMemberMessages.messages(limits) : null;
