import type { FieldError } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { validationFailed } from "../../platform/errors.ts";
import type { EventBus } from "../../platform/events.ts";
import { toFieldError } from "../../platform/http/errors.ts";
import {
  isSiteConfigKey,
  siteConfigDefaults,
  siteConfigRules,
  type SiteConfig,
  type SiteConfigKey,
  type SiteConfigValue,
} from "../../platform/site-config.ts";
import { configPolicy } from "./config.policy.ts";

declare module "../../platform/events.ts" {
  interface EventMap {
    /** Site settings changed (`PATCH /config`): pages and answers made before may show the old ones. */
    "config.changed": { keys: string[] };
  }
}

const allKeys = Object.keys(siteConfigDefaults) as SiteConfigKey[];

/** `garden.*` style globs: `*` matches any run of characters, everything else literally. */
const globToRegExp = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split("*")
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
    "i",
  );

/** The keys a `select` CSV (or repeated `select`) asks for, of those `readable`; all of them without one. */
export function selectConfigKeys(
  select: string[] | undefined,
  readable: (key: SiteConfigKey) => boolean = (key) => siteConfigRules[key].read === "public",
): SiteConfigKey[] {
  const keys = allKeys.filter(readable);
  if (select === undefined) return keys;
  const patterns = select
    .flatMap((item) => item.split(","))
    .map((item) => item.trim())
    .filter(Boolean)
    .map(globToRegExp);
  return keys.filter((key) => patterns.some((pattern) => pattern.test(key)));
}

/** A field error in the words the schema validation uses (`platform/http/errors.ts`), keyed by the setting. */
const invalid = (key: string, keyword: string, params: Record<string, unknown> = {}) =>
  toFieldError({ keyword, instancePath: `/${key}`, params }, "body");

/** What is wrong with one new value (none: null); a value of the listed choices comes back as listed. */
function checkValue(key: SiteConfigKey, value: unknown): { error: FieldError } | { value: SiteConfigValue } {
  const rule = siteConfigRules[key];
  const expected = typeof siteConfigDefaults[key];
  if (expected === "number") {
    if (typeof value !== "number" || !Number.isInteger(value))
      return { error: invalid(key, "type", { type: "integer" }) };
    if (rule.minimum !== undefined && value < rule.minimum)
      return { error: invalid(key, "minimum", { limit: rule.minimum }) };
    if (rule.maximum !== undefined && value > rule.maximum)
      return { error: invalid(key, "maximum", { limit: rule.maximum }) };
    return { value };
  }
  if (expected === "boolean")
    return typeof value === "boolean" ? { value } : { error: invalid(key, "type", { type: "boolean" }) };
  if (typeof value !== "string") return { error: invalid(key, "type", { type: "string" }) };
  if (rule.maxLength !== undefined && value.length > rule.maxLength)
    return { error: invalid(key, "maxLength", { limit: rule.maxLength }) };
  if (rule.oneOf) {
    const choice = rule.oneOf.find((option) => option.toLowerCase() === value.toLowerCase());
    return choice === undefined ? { error: invalid(key, "enum", { allowedValues: rule.oneOf }) } : { value: choice };
  }
  const problem = rule.check?.(value);
  if (problem) return { error: { ...invalid(key, "invalid"), message: problem } };
  return { value };
}

/**
 * A setting as `/config` answers it: `registration.method` in Vanilla's spelling (`Basic`, `Approval`…, and
 * Parley's `Closed`), kept in lower case inside; any spelling is taken when it is set.
 */
function presented(key: SiteConfigKey, value: SiteConfigValue): SiteConfigValue {
  if (key !== "registration.method" || typeof value !== "string") return value;
  return value.charAt(0).toUpperCase() + value.slice(1).toLowerCase();
}

/**
 * Site settings through the API (Vanilla's `/config`): each readable by everyone or by holders of a
 * permission, each changed by holders of its own; a change is all of its keys or none.
 */
export function createConfigService({ siteConfig, events }: { siteConfig: SiteConfig; events: EventBus }) {
  const readableBy = (viewer: Viewer) => (key: SiteConfigKey) => configPolicy.canRead(viewer, key);

  async function values(keys: SiteConfigKey[]): Promise<Record<string, SiteConfigValue>> {
    const found = await Promise.all(keys.map((key) => siteConfig.get(key)));
    return Object.fromEntries(keys.map((key, index) => [key, presented(key, found[index] ?? siteConfigDefaults[key])]));
  }

  return {
    /** The settings asked for that the viewer may read; others (and unknown keys) are left out. */
    read: (select: string[] | undefined, viewer: Viewer) => values(selectConfigKeys(select, readableBy(viewer))),

    /**
     * Changes settings: 422 for keys that are unknown or not changed here, 403 unless the viewer may
     * change every key, 4xx for values that do not fit (every error at once, each under its key).
     * Answers the new values the viewer may read.
     */
    async patch(body: Record<string, unknown>, viewer: Viewer): Promise<Record<string, SiteConfigValue>> {
      requireAccess(viewer, configPolicy.canChange);
      const entries = Object.entries(body);
      const unknown = entries
        .map(([key]) => key)
        .filter((key) => !isSiteConfigKey(key) || siteConfigRules[key].write === null)
        .map((key) => invalid(key, "additionalProperties", { additionalProperty: key }));
      if (unknown.length) throw validationFailed(unknown);
      const keys = entries.map(([key]) => key as SiteConfigKey);
      for (const key of keys) requireAccess(viewer, configPolicy.canWrite, key);
      const errors: FieldError[] = [];
      const changes: Partial<Record<SiteConfigKey, SiteConfigValue>> = {};
      for (const [key, value] of entries) {
        const checked = checkValue(key as SiteConfigKey, value);
        if ("error" in checked) errors.push(checked.error);
        else changes[key as SiteConfigKey] = checked.value;
      }
      if (errors.length) throw validationFailed(errors);
      if (keys.length === 0) return {};
      await siteConfig.setMany(changes);
      await events.emit("config.changed", { keys });
      // A secret (smtp.password) is written, never answered.
      return values(keys.filter(readableBy(viewer)));
    },
  };
}

export type ConfigService = ReturnType<typeof createConfigService>;
