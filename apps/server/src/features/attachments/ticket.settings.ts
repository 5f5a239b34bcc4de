import {
  attachmentMessages,
  ticketPlaceholders,
  type FieldError,
  type TicketIntegrationPatch,
  type TicketIntegrationSettings,
} from "@parley/contracts";
import { fieldError } from "../../platform/errors.ts";
import { checkFetchable, SafeFetchError } from "../../platform/http/safe-fetch.ts";

/** The ticket integration's settings as stored (JSON in `attachmentIntegrations.settings`), the secret apart. */
export type TicketSettings = Omit<TicketIntegrationSettings, "hasAuthSecret" | "dateUpdated" | "updateUserID">;

/** What a site that never configured it has: off, with templates for a typical JSON ticket API. */
export const ticketDefaults: TicketSettings = {
  enabled: false,
  name: "Tickets",
  baseUrl: "",
  createUrl: "/tickets",
  createMethod: "POST",
  createBody: JSON.stringify({ title: "{name}", description: "{body}\n\n{url}", requester: "{userName}" }),
  statusUrl: "/tickets/{sourceID}",
  idPath: "id",
  urlPath: "url",
  statusPath: "status",
  authHeaderName: "Authorization",
};

const PLACEHOLDER = /\{([A-Za-z]+)\}/g;
const PATH = /^[A-Za-z0-9_$-]+(?:\.[A-Za-z0-9_$-]+)*$/;
const HEADER = /^[A-Za-z0-9-]+$/;

/** The placeholders a template names that do not exist (`sourceID` only where the remote id is known). */
function unknownPlaceholders(template: string, withSourceID: boolean): string[] {
  const known = new Set<string>([...ticketPlaceholders, ...(withSourceID ? ["sourceID"] : [])]);
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!).filter((name) => !known.has(name));
}

/** An address template resolved against the base URL, or null when it leaves the base URL's site. */
export function resolveOnBase(baseUrl: string, path: string): URL | null {
  try {
    const base = new URL(baseUrl);
    const resolved = new URL(path, base.href.endsWith("/") ? base.href : `${base.href}/`);
    return resolved.origin === base.origin ? resolved : null;
  } catch {
    return null;
  }
}

/**
 * The settings after a change, or the field errors (422 each) that refuse it: the base URL https (http only to an
 * allowed host) and not resolving to a private or loopback address unless allowed; the addresses on its site;
 * the body template JSON; placeholders known; paths dotted names. Enabling needs the base URL, the create address
 * and the id path.
 */
export async function checkTicketSettings(
  next: TicketSettings,
  change: TicketIntegrationPatch,
  allowedHosts: readonly string[],
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const invalid = (field: string, message: string) => errors.push(fieldError(field, "invalid", message, 422));
  if (next.baseUrl !== "" && (change.baseUrl !== undefined || change.enabled)) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(next.baseUrl);
    } catch {
      parsed = null;
    }
    const host = parsed?.hostname.toLowerCase().replace(/^\[|\]$/g, "") ?? "";
    const secure = parsed?.protocol === "https:" || (parsed?.protocol === "http:" && allowedHosts.includes(host));
    if (!parsed || !secure) invalid("baseUrl", attachmentMessages.baseUrlInvalid);
    else {
      try {
        await checkFetchable(next.baseUrl, allowedHosts);
      } catch (error) {
        if (!(error instanceof SafeFetchError)) throw error;
        invalid(
          "baseUrl",
          error.reason === "unresolved"
            ? attachmentMessages.baseUrlUnresolved
            : error.reason === "forbiddenAddress"
              ? attachmentMessages.baseUrlPrivate
              : attachmentMessages.baseUrlInvalid,
        );
      }
    }
  }
  for (const field of ["createUrl", "statusUrl"] as const) {
    if (unknownPlaceholders(next[field], field === "statusUrl").length > 0)
      invalid(field, attachmentMessages.placeholderUnknown);
    else if (next.baseUrl !== "" && next[field] !== "" && !resolveOnBase(next.baseUrl, next[field]))
      invalid(field, attachmentMessages.templateOutside);
  }
  try {
    JSON.parse(next.createBody);
    if (unknownPlaceholders(next.createBody, false).length > 0)
      invalid("createBody", attachmentMessages.placeholderUnknown);
  } catch {
    invalid("createBody", attachmentMessages.bodyTemplateInvalid);
  }
  for (const field of ["idPath", "urlPath", "statusPath"] as const)
    if (next[field] !== "" && !PATH.test(next[field])) invalid(field, attachmentMessages.pathInvalid);
  if (next.authHeaderName !== "" && !HEADER.test(next.authHeaderName))
    invalid("authHeaderName", attachmentMessages.headerNameInvalid);
  if (next.enabled && (next.baseUrl === "" || next.createUrl === "" || next.idPath === ""))
    invalid("enabled", attachmentMessages.enabledIncomplete);
  return errors;
}

/** A template's placeholders replaced: `encode` for addresses (each value URI-encoded). */
export function fillTemplate(
  template: string,
  values: Readonly<Record<string, string>>,
  encode: (value: string) => string = (value) => value,
): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? encode(values[name]!) : whole,
  );
}

/**
 * The body template filled: parsed as JSON first, then each string in it filled, so a post's quotes and line
 * breaks never break the JSON; a string that is one numeric placeholder alone (`"{discussionID}"`) becomes a number.
 */
export function fillBody(template: string, values: Readonly<Record<string, string>>): string {
  const fill = (value: unknown): unknown => {
    if (typeof value === "string") {
      const alone = /^\{([A-Za-z]+)\}$/.exec(value)?.[1];
      const filled = fillTemplate(value, values);
      return alone && /^\d+$/.test(values[alone] ?? "") ? Number(filled) : filled;
    }
    if (Array.isArray(value)) return value.map(fill);
    if (value !== null && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item)]));
    return value;
  };
  return JSON.stringify(fill(JSON.parse(template)));
}

/** The value at a dotted path of a JSON answer (`ticket.id`, `data.0.status`) as text, or null. */
export function readPath(answer: unknown, path: string): string | null {
  if (path === "") return null;
  let at: unknown = answer;
  for (const key of path.split(".")) {
    if (at === null || typeof at !== "object") return null;
    at = (at as Record<string, unknown>)[key];
  }
  return typeof at === "string" || typeof at === "number" || typeof at === "boolean" ? String(at) : null;
}
