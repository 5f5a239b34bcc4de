import { attachmentMessages, attachmentsLimits } from "@parley/contracts";
import { HttpError } from "../../platform/errors.ts";
import { safeFetch, SafeFetchError, type SafeFetchResult } from "../../platform/http/safe-fetch.ts";
import { fillBody, fillTemplate, readPath, resolveOnBase, type TicketSettings } from "./ticket.settings.ts";

/** What the ticket API answered about a ticket. */
export interface RemoteTicket {
  sourceID: string;
  sourceUrl: string | null;
  status: string;
}

/** 502: the ticket API failed (down, refused, answered an error or no JSON); `description` says how. */
const remoteFailure = (description: string) => new HttpError(502, attachmentMessages.remoteFailed, { description });

/**
 * The generic ticket integration's HTTP side: every call goes through `safeFetch` (private, loopback and
 * link-local addresses refused at each hop unless in `attachments.allowedHosts`), to the base URL's site only,
 * with the auth header when a secret is set, and reads the answer's JSON at the configured dotted paths.
 */
export function createTicketClient(deps: { allowedHosts: () => Promise<string[]> }) {
  async function call(
    settings: TicketSettings,
    secret: string | null,
    request: { path: string; method: "GET" | "POST" | "PUT"; body?: string },
  ): Promise<unknown> {
    const url = resolveOnBase(settings.baseUrl, request.path);
    if (!url) throw remoteFailure(attachmentMessages.templateOutside);
    const headers: Record<string, string> = {};
    if (request.body !== undefined) headers["content-type"] = "application/json";
    if (secret && settings.authHeaderName) headers[settings.authHeaderName.toLowerCase()] = secret;
    let answer: SafeFetchResult;
    try {
      answer = await safeFetch(url.href, {
        method: request.method,
        headers,
        ...(request.body !== undefined ? { body: request.body } : {}),
        accept: ["application/json", "*/*"],
        readErrors: true,
        maxBytes: attachmentsLimits.answerMaxBytes,
        maxRedirects: 0,
        timeoutMs: attachmentsLimits.timeoutMs,
        allowedHosts: await deps.allowedHosts(),
      });
    } catch (error) {
      if (error instanceof SafeFetchError) throw remoteFailure(error.message);
      throw error;
    }
    if (answer.status < 200 || answer.status >= 300)
      throw remoteFailure(`The ticket service answered ${answer.status}.`);
    try {
      return JSON.parse(answer.body) as unknown;
    } catch {
      throw remoteFailure("The ticket service's answer is not JSON.");
    }
  }

  const ticketOf = (settings: TicketSettings, answer: unknown, knownID?: string): RemoteTicket => {
    const sourceID = readPath(answer, settings.idPath) ?? knownID;
    if (!sourceID) throw remoteFailure(attachmentMessages.remoteNoID);
    const sourceUrl = readPath(answer, settings.urlPath);
    return {
      sourceID: sourceID.slice(0, 200),
      sourceUrl: sourceUrl && /^https?:\/\//i.test(sourceUrl) ? sourceUrl.slice(0, 500) : null,
      status: (readPath(answer, settings.statusPath) ?? "unknown").slice(0, 100),
    };
  };

  return {
    /** Creates the ticket: the create address and body templates filled with the post's values. */
    async create(settings: TicketSettings, secret: string | null, values: Record<string, string>) {
      const answer = await call(settings, secret, {
        path: fillTemplate(settings.createUrl, values, encodeURIComponent),
        method: settings.createMethod,
        body: fillBody(settings.createBody, values),
      });
      return ticketOf(settings, answer);
    },

    /** Reads a ticket's status (and link) again at the status address. */
    async fetch(settings: TicketSettings, secret: string | null, sourceID: string, values: Record<string, string>) {
      const answer = await call(settings, secret, {
        path: fillTemplate(settings.statusUrl, { ...values, sourceID }, encodeURIComponent),
        method: "GET",
      });
      return ticketOf(settings, answer, sourceID);
    },
  };
}

export type TicketClient = ReturnType<typeof createTicketClient>;
