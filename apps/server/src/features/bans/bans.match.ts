import { domainToASCII } from "node:url";
import ipaddr from "ipaddr.js";
import { banRuleMessages, banRuleRules, type BanType } from "@parley/contracts";

/*
 * What a ban rule matches, and checking a value before it is stored. Addresses and ranges are parsed by ipaddr.js
 * (the library Fastify's proxy-addr uses to read X-Forwarded-For, so the server's idea of an address is one);
 * e-mail domains go through the WHATWG URL parser's domainToASCII (international domains in their ASCII form);
 * names are compared NFKC-normalised, case-folded, without invisible characters.
 */

/** Who a rule is checked against: a registration's details, or a member's account and address. */
export interface Candidate {
  name?: string | null;
  email?: string | null;
  /** Addresses: the request's, or a member's known ones. */
  ips?: ReadonlyArray<string | null>;
}

export type CheckedValue = { ok: true; value: string } | { ok: false; message: string };

const WILDCARD_RUN = /\*+/gu;
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}]/gu;

/** A name or pattern as compared: NFKC, case-folded (NFKC again after lowering), invisible characters dropped. */
const foldName = (text: string): string =>
  text.normalize("NFKC").toLowerCase().normalize("NFKC").replace(INVISIBLE, "").trim();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&");

/** A `*` pattern (already folded) as an anchored regular expression: `*` is any run of characters. */
const globRegExp = (pattern: string): RegExp =>
  new RegExp(`^${pattern.split("*").map(escapeRegExp).join(".*")}$`, "su");

/** `ipaddr.process`: an IPv4-mapped IPv6 address (::ffff:203.0.113.7) as the IPv4 address it carries. */
function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const trimmed = text.trim();
  if (ipaddr.IPv4.isValidFourPartDecimal(trimmed) || ipaddr.IPv6.isValid(trimmed)) return ipaddr.process(trimmed);
  return null;
}

/** An IPv4 address with `*` for whole parts (203.0.113.*, 10.*): its four parts, `*` where any. */
function wildcardParts(value: string): string[] | null {
  const parts = value.split(".");
  if (parts.length > 4 || parts.some((part) => part !== "*" && !/^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/u.test(part)))
    return null;
  // 10.* is 10.*.*.*; 10.1.2 (no `*`) is no address.
  if (parts.length < 4) {
    if (parts.at(-1) !== "*") return null;
    while (parts.length < 4) parts.push("*");
  }
  return parts;
}

function checkAddress(raw: string): CheckedValue {
  const value = raw.trim();
  if (value.includes("/")) {
    const [address = "", prefix = ""] = value.split("/");
    const parsed = parseAddress(address);
    const bits = /^\d{1,3}$/u.test(prefix) ? Number(prefix) : -1;
    if (!parsed || bits < 0 || bits > (parsed.kind() === "ipv4" ? 32 : 128))
      return { ok: false, message: banRuleMessages.badRange.replace("{value}", value) };
    // Stored as the range's network address: 203.0.113.77/24 is 203.0.113.0/24.
    const network =
      parsed.kind() === "ipv4"
        ? ipaddr.IPv4.networkAddressFromCIDR(`${parsed.toString()}/${bits}`)
        : ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/${bits}`);
    return { ok: true, value: `${network.toString()}/${bits}` };
  }
  if (value.includes("*")) {
    const parts = wildcardParts(value);
    if (!parts || parts.every((part) => part === "*")) return { ok: false, message: banRuleMessages.badAddress };
    return { ok: true, value: parts.join(".") };
  }
  const parsed = parseAddress(value);
  return parsed ? { ok: true, value: parsed.toString() } : { ok: false, message: banRuleMessages.badAddress };
}

/** The ASCII form of a domain, or null when it is none. */
function asciiDomain(domain: string): string | null {
  const ascii = domainToASCII(domain.toLowerCase());
  return ascii && ascii.includes(".") && !ascii.startsWith(".") && !ascii.endsWith(".") ? ascii : null;
}

const wildcardCount = (value: string) => value.split("*").length - 1;

function checkEmail(raw: string): CheckedValue {
  const value = raw.trim().toLowerCase().replace(WILDCARD_RUN, "*");
  if (value.includes("*")) {
    if (wildcardCount(value) > banRuleRules.maxWildcards)
      return { ok: false, message: banRuleMessages.tooManyWildcards };
    if (value.replaceAll("*", "").replaceAll("@", "").replaceAll(".", "") === "" || /\s/u.test(value))
      return { ok: false, message: banRuleMessages.badEmail };
    return { ok: true, value };
  }
  const at = value.lastIndexOf("@");
  const domain = asciiDomain(at >= 0 ? value.slice(at + 1) : value.replace(/^@/u, ""));
  if (!domain || (at > 0 && /\s/u.test(value.slice(0, at)))) return { ok: false, message: banRuleMessages.badEmail };
  return { ok: true, value: at > 0 ? `${value.slice(0, at)}@${domain}` : domain };
}

function checkName(raw: string): CheckedValue {
  const value = foldName(raw).replace(WILDCARD_RUN, "*");
  if (!value.replaceAll("*", "").trim()) return { ok: false, message: banRuleMessages.badName };
  if (wildcardCount(value) > banRuleRules.maxWildcards) return { ok: false, message: banRuleMessages.tooManyWildcards };
  return { ok: true, value };
}

/** A rule's value checked and put in the form it is stored and compared in. */
export function checkBanValue(banType: BanType, value: string): CheckedValue {
  if (banType === "ipAddress") return checkAddress(value);
  if (banType === "email") return checkEmail(value);
  return checkName(value);
}

/** Whether a stored (checked) rule matches someone. */
export type RuleMatcher = (candidate: Candidate) => boolean;

function addressMatcher(value: string): RuleMatcher {
  let test: (address: ipaddr.IPv4 | ipaddr.IPv6) => boolean;
  if (value.includes("/")) {
    const range = ipaddr.parseCIDR(value);
    test = (address) => address.kind() === range[0].kind() && address.match(range);
  } else if (value.includes("*")) {
    const parts = value.split(".");
    test = (address) =>
      address.kind() === "ipv4" &&
      (address as ipaddr.IPv4).octets.every((octet, index) => parts[index] === "*" || Number(parts[index]) === octet);
  } else {
    const single = ipaddr.process(value).toNormalizedString();
    test = (address) => address.toNormalizedString() === single;
  }
  return ({ ips }) =>
    (ips ?? []).some((ip) => {
      const address = ip ? parseAddress(ip) : null;
      return address !== null && test(address);
    });
}

/** An address with its domain in ASCII and lower case (`Ann@Späm.Example` → `ann@xn--spm-qla.example`). */
function normalEmail(email: string): string | null {
  const at = email.lastIndexOf("@");
  if (at <= 0) return null;
  const domain = domainToASCII(email.slice(at + 1).toLowerCase());
  return domain ? `${email.slice(0, at).toLowerCase()}@${domain}` : null;
}

function emailMatcher(value: string): RuleMatcher {
  let test: (email: string) => boolean;
  if (value.includes("*")) {
    const pattern = globRegExp(value);
    test = (email) => pattern.test(email);
  } else if (value.includes("@")) {
    test = (email) => email === value;
  } else {
    test = (email) => {
      const domain = email.slice(email.lastIndexOf("@") + 1);
      return domain === value || domain.endsWith(`.${value}`);
    };
  }
  return ({ email }) => {
    const normal = email ? normalEmail(email.trim()) : null;
    return normal !== null && test(normal);
  };
}

function nameMatcher(value: string): RuleMatcher {
  const pattern = globRegExp(value);
  return ({ name }) => (name ? pattern.test(foldName(name)) : false);
}

/** A stored rule as a test of candidates. */
export function matcherOf(banType: string, value: string): RuleMatcher {
  if (banType === "ipAddress") return addressMatcher(value);
  if (banType === "email") return emailMatcher(value);
  return nameMatcher(value);
}
