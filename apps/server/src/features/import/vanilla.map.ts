import ipaddr from "ipaddr.js";
import { categoryPermissionNames, discussionTypes, inputFormats, isPermissionName } from "@parley/contracts";
import type { SourceRow } from "./import.source.ts";

/*
 * Vanilla's values → Parley's: dates, flags, formats, permission names. Pure functions, tested alone.
 */

/** A column's value as text: mysql2 gives strings, numbers (and, with `dateStrings`, dates as strings) or Buffers. */
export const text = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) return value.toString("utf8");
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return String(value);
  return null;
};

export const int = (value: unknown, fallback = 0): number => {
  const number = Number(value);
  return value === null || value === undefined || !Number.isFinite(number) ? fallback : Math.trunc(number);
};

export const flag = (value: unknown): number => (int(value) !== 0 ? 1 : 0);

/** A Vanilla datetime (UTC, `YYYY-MM-DD HH:MM:SS`) → RFC 3339; null for none or MySQL's zero date. */
export function date(value: unknown): string | null {
  const raw = text(value);
  if (!raw || raw.startsWith("0000-00-00")) return null;
  const parsed = Date.parse(`${raw.trim().replace(" ", "T")}Z`);
  return Number.isNaN(parsed) ? null : new Date(parsed).toISOString();
}

/** Vanilla's `ipaddress` columns: packed bytes (4 or 16) in current versions, text in older ones. */
export function ipAddress(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) {
    if (value.length !== 4 && value.length !== 16) {
      const asText = value.toString("latin1");
      return ipaddr.isValid(asText) ? asText : null;
    }
    return ipaddr.fromByteArray([...value]).toString();
  }
  const asText = text(value);
  return asText !== null && ipaddr.isValid(asText) ? asText : null;
}

const formats = new Map<string, string>(inputFormats.map((format) => [format, format]));

/** A post's `Format` → Parley's format name; Vanilla's default (none) is Html. Null for a format Parley lacks. */
export function postFormat(value: unknown): string | null {
  const raw = text(value)?.trim().toLowerCase();
  if (!raw) return "html";
  return formats.get(raw) ?? null;
}

/**
 * Vanilla's discussion `Type` (null for a plain discussion) → Parley's; null for a type Parley lacks, and for polls
 * when the source lacks the Polls add-on's tables (a poll without its poll would be empty).
 */
export function discussionType(value: unknown, withPolls = false): string | null {
  const raw = text(value)?.trim().toLowerCase();
  if (!raw) return "discussion";
  return (raw !== "poll" || withPolls) && (discussionTypes as readonly string[]).includes(raw) ? raw : null;
}

/** A category's `DisplayAs` (Default, Categories, Discussions, Flat, Heading) → Parley's. */
export function displayAs(value: unknown, hasChildren: boolean): string {
  const raw = text(value)?.trim().toLowerCase();
  if (raw === "categories" || raw === "discussions" || raw === "flat" || raw === "heading") return raw;
  return hasChildren ? "categories" : "discussions";
}

/** A member's `Photo` at an absolute address; null for none and for a path in Vanilla's uploads (copied by the media pass). */
export function photoUrl(value: unknown): string | null {
  const raw = text(value)?.trim();
  if (!raw) return null;
  return /^https?:\/\//i.test(raw) ? raw : raw.startsWith("//") ? `https:${raw}` : null;
}

/** Permission columns whose Parley name does not follow the general rule. */
const renamed: Record<string, string> = {
  "Garden.SignIn.Allow": "session.valid",
  "Garden.Settings.Manage": "site.manage",
  "Garden.Moderation.Manage": "community.moderate",
  "Garden.Users.Approve": "applicants.manage",
  "Garden.Username.Edit": "profile.editusernames",
  "Conversations.Moderation.Manage": "conversations.moderate",
  "Vanilla.Tagging.Add": "tags.add",
  "Groups.Group.Add": "groups.add",
  "Groups.Moderation.Manage": "groups.moderate",
  "Reactions.Positive.Add": "reactions.positive.add",
  "Reactions.Negative.Add": "reactions.negative.add",
  "Reactions.Flag.Add": "reactions.flag.add",
};

const camel = (segment: string) => segment.charAt(0).toLowerCase() + segment.slice(1);

/**
 * A `GDN_Permission` column (`Vanilla.Discussions.View`) → the Parley permission name (`discussions.view`):
 * the application prefix dropped and each segment camelCased (reference §2.2), plus the fixed renames. Null
 * for one Parley does not know.
 */
export function permissionName(column: string): string | null {
  const name = renamed[column] ?? column.split(".").slice(1).map(camel).join(".");
  return isPermissionName(name) ? name : null;
}

const categoryNames: ReadonlySet<string> = new Set(categoryPermissionNames);
export const isCategoryPermission = (name: string): boolean => categoryNames.has(name);

/** The Parley names a permission row grants, from its mapped columns. */
export function grantedBy(row: SourceRow, columns: ReadonlyMap<string, string>): string[] {
  const granted = new Set<string>();
  for (const [column, name] of columns) if (int(row[column]) !== 0) granted.add(name);
  return [...granted].sort();
}
