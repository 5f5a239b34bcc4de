/**
 * Bans by rule (issue 30, Vanilla's Ban Rules): types, limits, messages and the dashboard's address, shared by
 * server and web. Free of TypeBox, so the browser bundle can import it.
 */
export const banTypes = ["ipAddress", "email", "name"] as const;
export type BanType = (typeof banTypes)[number];

export const banRuleRules = {
  /** Characters of a rule's value (an address, a range, a domain or a pattern). */
  valueMaxLength: 100,
  notesMaxLength: 500,
  /** `*` wildcards in a name or e-mail pattern. */
  maxWildcards: 5,
  /** Rules on one site: each registration and sign-in is checked against all of them. */
  maxRules: 5_000,
  /** The list's page size by default, and at most. */
  defaultLimit: 30,
  maxLimit: 100,
} as const;

export const banRuleMessages = {
  /** A registration refused by a rule: it never says which rule, or which detail matched. */
  registrationRefused: "Registration is not possible with these details.",
  registrationRefusedDescription: "If you think this is a mistake, contact the site's administrators.",
  /** A sign-in refused by a rule (Vanilla: “This account has been banned.”). */
  signInRefused: "This account has been banned.",
  signInRefusedDescription: "If you think this is a mistake, contact the site's administrators.",
  badAddress:
    "Enter an IP address (203.0.113.7, 2001:db8::1), a range in CIDR notation (203.0.113.0/24, 2001:db8::/32) or an IPv4 address with “*” for whole parts (203.0.113.*).",
  badRange: "“{value}” is not a valid CIDR range: an address, “/” and a prefix length (0–32 for IPv4, 0–128 for IPv6).",
  badEmail: "Enter an e-mail domain (spam.example), an address, or a pattern with “*” (*@spam.example).",
  badName: "Enter a name or a pattern with “*” (spam*), with at most 5 “*” and not only “*”.",
  tooManyWildcards: "A pattern has at most 5 “*”.",
  selfLockout:
    "This rule matches your own account or the address you are using now ({ip}), so it would lock you out. Narrow it down.",
  taken: "There is already a rule with this type and value.",
  /** The reason of a ban given with a new rule (“also ban the members it matches”). */
  banReason: "Matched the ban rule “{value}”.",
  tooMany: "A site has at most 5000 ban rules.",
  /** A new or changed rule whose end date has already passed. */
  expiresInPast: "Choose an end date in the future, or none for a rule that never expires.",
} as const;

/** Vanilla's dashboard place for ban rules (Users › Bans). */
export const banRulesPagePath = "/dashboard/users/bans";
