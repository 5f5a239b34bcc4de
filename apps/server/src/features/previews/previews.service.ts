import { createHash } from "node:crypto";
import { isLinkPreviewProvider } from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import { safeFetch, SafeFetchError, type SafeFetchOptions } from "../../platform/http/safe-fetch.ts";
import type { LinkPreview, LinkPreviewSource } from "../../platform/render/index.ts";
import { extractMeta, extractOembed, knownProvider } from "./previews.extract.ts";
import type { PreviewRow, PreviewsRepo } from "./previews.repo.ts";

/**
 * Link previews: the render pipeline asks for an address's preview on every read (synchronously); this answers
 * from memory, and what memory lacks (or holds past its expiry) is queued for the `linkPreviews` job, which reads
 * the table and, when the table lacks it too, fetches the page through the SSRF-safe fetcher and stores the
 * result. A post is never slowed: the card shows on a read after the job ran.
 */

export const LINK_PREVIEWS_JOB = "linkPreviews";

export interface PreviewsOptions {
  /** A fetched preview is fetched again after this long (default 7 days). */
  ttlMs: number;
  /** A failed fetch is tried again after this long (default 1 hour). */
  failureTtlMs: number;
  /** The fetcher's limits (tests make them small). */
  fetch: Pick<SafeFetchOptions, "timeoutMs" | "maxBytes" | "maxRedirects">;
}

const DEFAULTS: PreviewsOptions = {
  ttlMs: 7 * 24 * 60 * 60 * 1000,
  failureTtlMs: 60 * 60 * 1000,
  fetch: {},
};

/** Addresses kept in memory at most, and fetched at once at most. */
const MEMORY_ENTRIES = 10_000;
const BATCH = 20;
const CONCURRENCY = 4;

export const urlHash = (url: string) => createHash("sha256").update(url).digest("hex");

const HTML_TYPES = ["text/html", "application/xhtml+xml"];
const JSON_TYPES = ["application/json", "application/json+oembed", "text/json"];

interface Known {
  preview: LinkPreview | null;
  expiresMs: number;
}

function toPreview(row: PreviewRow): LinkPreview | null {
  if (row.status !== "ok") return null;
  return {
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    siteName: row.siteName,
    provider: row.provider !== null && isLinkPreviewProvider(row.provider) ? row.provider : null,
    embedID: row.embedID,
  };
}

export function createPreviewsService(repo: PreviewsRepo, platform: Platform, options: Partial<PreviewsOptions> = {}) {
  const settings = { ...DEFAULTS, ...options };
  const { clock, siteConfig } = platform;
  const memory = new Map<string, Known>();
  const queued = new Set<string>();

  const remember = (url: string, known: Known) => {
    memory.delete(url);
    memory.set(url, known);
    while (memory.size > MEMORY_ENTRIES) memory.delete(memory.keys().next().value!);
  };

  const allowedHosts = async () =>
    (await siteConfig.get("linkPreviews.allowedHosts"))
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((host) => host.toLowerCase());

  /** Fetches an address's preview: its page's metadata, then its oEmbed data when the page names one. */
  async function fetchPreview(url: string): Promise<PreviewRow> {
    const now = clock.nowMs();
    const base = { urlHash: urlHash(url), url, dateFetched: new Date(now).toISOString() };
    const fetchOptions = { ...settings.fetch, allowedHosts: await allowedHosts() };
    const known = knownProvider(url);
    try {
      const page = await safeFetch(url, { ...fetchOptions, accept: HTML_TYPES });
      const meta = extractMeta(page.body, page.url);
      let extra: ReturnType<typeof extractOembed> = {};
      if (meta.oembedUrl) {
        extra = await safeFetch(meta.oembedUrl, { ...fetchOptions, accept: JSON_TYPES })
          .then((answer) => extractOembed(answer.body, answer.url))
          .catch(() => ({}));
      }
      const title = meta.title || extra.title || "";
      if (!title && !known) throw new SafeFetchError("httpError", "The page has no title.");
      return {
        ...base,
        status: "ok",
        title,
        description: meta.description || extra.description || "",
        imageUrl: meta.imageUrl || extra.imageUrl || "",
        siteName: meta.siteName || extra.siteName || known?.siteName || new URL(page.url).hostname,
        provider: known?.provider ?? null,
        embedID: known?.embedID ?? "",
        failure: null,
        dateExpires: new Date(now + settings.ttlMs).toISOString(),
      };
    } catch (error) {
      const failure = error instanceof SafeFetchError ? error.reason : "network";
      // A known provider still gets its click-to-load card when its page could not be read.
      if (known) {
        return {
          ...base,
          status: "ok",
          title: "",
          description: "",
          imageUrl: "",
          siteName: known.siteName,
          provider: known.provider,
          embedID: known.embedID,
          failure,
          dateExpires: new Date(now + settings.failureTtlMs).toISOString(),
        };
      }
      return {
        ...base,
        status: "failed",
        title: "",
        description: "",
        imageUrl: "",
        siteName: "",
        provider: null,
        embedID: "",
        failure,
        dateExpires: new Date(now + settings.failureTtlMs).toISOString(),
      };
    }
  }

  /** The stored preview when still fresh (and not `force`), else a new fetch (stored); remembered either way. */
  async function refresh(url: string, force = false): Promise<LinkPreview | null> {
    const stored = force ? undefined : await repo.find(urlHash(url));
    const fresh = stored && stored.url === url && Date.parse(stored.dateExpires) > clock.nowMs() ? stored : null;
    const row = fresh ?? (await fetchPreview(url));
    if (!fresh) await repo.save(row);
    const preview = toPreview(row);
    remember(url, { preview, expiresMs: Date.parse(row.dateExpires) });
    return preview;
  }

  /** The job: the queued addresses, a few at a time, until the queue is empty. */
  async function run(): Promise<void> {
    if (!(await siteConfig.get("linkPreviews.enabled"))) {
      queued.clear();
      return;
    }
    while (queued.size > 0) {
      const batch = [...queued].slice(0, BATCH);
      for (let index = 0; index < batch.length; index += CONCURRENCY) {
        await Promise.all(
          batch.slice(index, index + CONCURRENCY).map((url) => refresh(url).finally(() => queued.delete(url))),
        );
      }
    }
  }

  const source: LinkPreviewSource = {
    preview(url) {
      const known = memory.get(url);
      if (!known || known.expiresMs <= clock.nowMs()) {
        if (!queued.has(url)) {
          queued.add(url);
          platform.jobs.wakeAt(LINK_PREVIEWS_JOB, clock.now());
        }
      }
      // A stale preview still shows while its refetch waits.
      return known?.preview;
    },
  };

  return {
    source,
    run,
    /**
     * `POST /media/scrape`: an address's preview now, for an editor: the kept one while fresh unless `force`, else
     * fetched through the same SSRF-safe fetcher and kept. Null when the page could not be read or was refused.
     */
    scrape: (url: string, force: boolean) => refresh(url, force),
  };
}

export type PreviewsService = ReturnType<typeof createPreviewsService>;
