import { Type, type Static } from "typebox";
import { DateTime, Nullable } from "./common.ts";
import { banRuleRules } from "./ban-rules-constants.ts";
import { Limit, PageOrFirst } from "./pagination.ts";
import { UserFragment } from "./users.ts";

export { banRuleMessages, banRuleRules, banRulesPagePath, banTypes, type BanType } from "./ban-rules-constants.ts";

const BanTypeSchema = Type.Union([Type.Literal("ipAddress"), Type.Literal("email"), Type.Literal("name")], {
  description:
    "ipAddress: an address, a CIDR range or an IPv4 address with `*` parts; email: a domain (and its subdomains), an address or a `*` pattern; name: a `*` pattern, any case and width.",
});

/**
 * Parley's `/ban-rules` (Vanilla's Ban Rules, GDN_Ban): who may not register or sign in. `countUsers` is how many
 * existing members the rule matches (counted when it is saved; they are not banned by it), and
 * `countBlockedRegistrations` how many registrations it refused. A rule with `dateExpires` applies until then
 * (Parley); without one, for good.
 */
export const BanRule = Type.Object({
  banID: Type.Integer(),
  banType: BanTypeSchema,
  banValue: Type.String(),
  notes: Nullable(Type.String()),
  countUsers: Type.Integer(),
  countBlockedRegistrations: Type.Integer(),
  insertUserID: Type.Integer(),
  dateInserted: DateTime,
  updateUserID: Nullable(Type.Integer()),
  dateUpdated: Nullable(DateTime),
  dateExpires: Nullable(DateTime),
});
export type BanRule = Static<typeof BanRule>;

const Value = Type.String({ minLength: 1, maxLength: banRuleRules.valueMaxLength });
const Notes = Nullable(Type.String({ maxLength: banRuleRules.notesMaxLength }));
const Expires = Nullable(
  Type.String({
    format: "date-time",
    description: "Parley: when the rule stops applying (RFC 3339); null or absent: never.",
  }),
);

export const BanRulePost = Type.Object({
  banType: BanTypeSchema,
  banValue: Value,
  notes: Type.Optional(Notes),
  dateExpires: Type.Optional(Expires),
  banMatchingMembers: Type.Optional(
    Type.Boolean({
      description:
        "Also ban the members the rule matches now (not administrators), as `PUT /users/{id}/ban` would, with the rule in the reason. False by default: they are only counted.",
    }),
  ),
});
export type BanRulePost = Static<typeof BanRulePost>;

export const BanRulePatch = Type.Object({
  banType: Type.Optional(BanTypeSchema),
  banValue: Type.Optional(Value),
  notes: Type.Optional(Notes),
  dateExpires: Type.Optional(Expires),
});
export type BanRulePatch = Static<typeof BanRulePatch>;

export const BanRuleListQuery = Type.Object({
  banType: Type.Optional(BanTypeSchema),
  page: Type.Optional(PageOrFirst),
  limit: Type.Optional(Limit(banRuleRules.maxLimit, banRuleRules.defaultLimit)),
});
export type BanRuleListQuery = Static<typeof BanRuleListQuery>;

/** Where an address was seen on a member (`GET /users/{id}/ip-addresses`). */
export const ipAddressSources = ["registration", "lastVisit", "session", "discussion", "comment"] as const;
export type IpAddressSource = (typeof ipAddressSources)[number];

/**
 * One address a member used, where it was seen, the other accounts seen at it, and the ban rules that match it
 * (their ids). Only for holders of personalInfo.view.
 */
export const MemberIpAddress = Type.Object({
  ipAddress: Type.String(),
  sources: Type.Array(
    Type.Union([
      Type.Literal("registration"),
      Type.Literal("lastVisit"),
      Type.Literal("session"),
      Type.Literal("discussion"),
      Type.Literal("comment"),
    ]),
  ),
  otherUsers: Type.Array(UserFragment),
  banIDs: Type.Array(Type.Integer()),
});
export type MemberIpAddress = Static<typeof MemberIpAddress>;
