/**
 * The XSS corpus in a real browser: vectors tagged with ids, packed into as few posts and fields as each render
 * path allows, and a watch on every page that catches what would run (dialogs, the `__xss` sentinel, requests to
 * other hosts, and markup left armed in the DOM).
 */
import type { BrowserContext, Page } from "playwright-core";
import { htmlToText } from "../../apps/server/src/platform/render/excerpt.ts";
import { renderBody, type PostFormat } from "../../apps/server/src/platform/render/index.ts";
import { xssCorpus } from "../../apps/server/src/platform/render/xss-corpus.ts";
import { waitForHydration } from "./browser.ts";

export interface TaggedVector {
  id: number;
  name: string;
  /** The corpus body with each `alert(1)` made `alert(id)`, so a dialog names its vector. */
  body: string;
}

/**
 * The text placed before a vector: seen on a page, the vector was rendered there. The prefix letter tells the
 * places of one page apart (`t` a title, `e` an excerpt, `x` a body…).
 */
export const markerOf = (id: number, prefix = "x") => `qz${prefix}${id}`;

const FIRST_ID = 7000;
/** A word every post of the suite carries, to find them all in search. */
export const probeWord = "xssprobe";

export const vectors: TaggedVector[] = xssCorpus.map((vector, index) => {
  const id = FIRST_ID + index;
  return {
    id,
    name: vector.name,
    body: vector.body.replaceAll("alert(1)", `alert(${id})`).replaceAll("msgbox(1)", `msgbox(${id})`),
  };
});

/**
 * The vectors that ride in short fields shown one record per page (a title's discussion page, a profile, an
 * article, a group, a category, a conversation, the leaving page). `npm test` takes every fourth one there (every
 * vector still goes through the bodies, lists and search, which hold many per page); `PARLEY_XSS_FULL=1` takes
 * them all, as the nightly run and a sanitiser change should.
 */
const fullXssRun = process.env["PARLEY_XSS_FULL"] === "1";
export const fieldVectors: TaggedVector[] = fullXssRun ? vectors : vectors.filter((_, index) => index % 4 === 0);
const byId = new Map(vectors.map((vector) => [vector.id, vector]));
export const vectorBody = (id: number) => byId.get(id)!.body;
export const vectorName = (id: number) => byId.get(id)?.name ?? `unknown vector ${id}`;

// ---------------------------------------------------------------------------------------------------------------
// Packing

/** One post, field or address holding some vectors. */
export interface Pack {
  value: string;
  ids: number[];
}

export interface Packing {
  packs: Pack[];
  /** Bodies: vectors that fit no body of this path (longer than it allows), left out. */
  tooLong: number[];
  /** Text fields: vectors longer than the field, sent cut to its length (their hostile start). */
  cut: number[];
}

/** Plain-text fields (titles, names, descriptions): `marker vector` pieces joined up to `max` characters. */
export function packText(max: number, prefix: string, source: readonly TaggedVector[] = vectors): Packing {
  const separator = " ";
  const packs: Pack[] = [];
  const cut: number[] = [];
  let current: Pack | null = null;
  for (const vector of source) {
    const piece = `${markerOf(vector.id, prefix)} ${vector.body}`;
    if ([...piece].length > max) {
      // A field that cannot hold the whole vector still gets as much of it as fits: the hostile start.
      packs.push({ value: [...piece].slice(0, max).join(""), ids: [vector.id] });
      cut.push(vector.id);
      continue;
    }
    if (current && [...current.value].length + separator.length + [...piece].length <= max) {
      current.value += separator + piece;
      current.ids.push(vector.id);
    } else {
      current = { value: piece, ids: [vector.id] };
      packs.push(current);
    }
  }
  return { packs, tooLong: [], cut };
}

const JSON_FORMATS = new Set<PostFormat>(["rich", "rich2"]);

function jsonArray(body: string): unknown[] | null {
  try {
    const value: unknown = JSON.parse(body);
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/** A vector with its marker before it, as a piece of a body in `format` (JSON formats: an array of nodes or ops). */
function bodyPiece(marker: string, body: string, format: PostFormat): string | unknown[] {
  switch (format) {
    case "rich2":
      return [
        { type: "p", children: [{ text: marker }] },
        ...(jsonArray(body) ?? [{ type: "p", children: [{ text: body }] }]),
      ];
    case "rich":
      return [{ insert: `${marker}\n` }, ...(jsonArray(body) ?? [{ insert: body }]), { insert: "\n" }];
    case "html":
    case "wysiwyg":
      return `<p>${marker}</p>${body}`;
    case "markdown":
      return `\n\n${marker}\n\n${body}\n\n`;
    default:
      return `\n${marker}\n${body}\n`;
  }
}

function joinPieces(pieces: (string | unknown[])[], format: PostFormat): string {
  if (JSON_FORMATS.has(format)) return JSON.stringify(pieces.flatMap((piece) => piece as unknown[]));
  return (pieces as string[]).join("");
}

const visibleText = (body: string, format: PostFormat) =>
  htmlToText(renderBody(body, format, { origin: "https://forum.invalid" }), { spoilers: true });

/**
 * Bodies in `format` of at most `max` characters, each starting with the probe word and holding vectors with their
 * markers. A vector that swallows what follows it (an unclosed `<script>`, `[code]` …) ends its body, so every
 * marker of a body shows when the body renders as the sanitiser means it to.
 */
export function packBodies(
  format: PostFormat,
  max: number,
  {
    prefix = "x",
    word = probeWord,
    source = vectors,
  }: { prefix?: string; word?: string; source?: readonly TaggedVector[] } = {},
): Packing {
  const packs: Pack[] = [];
  const tooLong: number[] = [];
  const head = bodyPiece(word, "", format);
  let pieces: (string | unknown[])[] = [head];
  let ids: number[] = [];
  const close = () => {
    if (ids.length > 0) packs.push({ value: joinPieces(pieces, format), ids });
    pieces = [head];
    ids = [];
  };
  for (const vector of source) {
    const piece = bodyPiece(markerOf(vector.id, prefix), vector.body, format);
    if (joinPieces([head, piece], format).length > max) {
      tooLong.push(vector.id);
      continue;
    }
    if (joinPieces([...pieces, piece], format).length > max) close();
    pieces.push(piece);
    ids.push(vector.id);
    // Only the last pieces decide whether the probe after them shows (rendering the whole body each time is slow).
    const probe = bodyPiece("qzxprobe", "", format);
    if (!visibleText(joinPieces([...pieces.slice(-8), probe], format), format).includes("qzxprobe")) close();
  }
  close();
  return { packs, tooLong, cut: [] };
}

// ---------------------------------------------------------------------------------------------------------------
// Watching pages

export interface Live {
  path: string;
  what: string;
}

/** Dialogs, requests to other hosts and armed markup: everything that ran, or would, on the pages of a context. */
export class XssWatch {
  readonly live: Live[] = [];

  constructor(readonly baseUrl: string) {}

  private label(page: Page): string {
    return (page as Page & { xssPath?: string }).xssPath ?? page.url();
  }

  /**
   * Sentinel, beacon interception; call once per context, before its pages open. `hydrate: false` leaves the app's
   * own scripts out: the server-rendered HTML, where injected markup would run, is all there is, and pages load
   * several times faster. Content scripts and handlers still run (JavaScript stays on).
   */
  async arm(context: BrowserContext, { hydrate = true }: { hydrate?: boolean } = {}): Promise<void> {
    (context as BrowserContext & { xssHydrate?: boolean }).xssHydrate = hydrate;
    await context.addInitScript(() => {
      (window as Window & { __xss?: unknown[] }).__xss = [];
    });
    // Only what the watch acts on is routed: every routed request waits on a round trip to this process, and the
    // site's own requests (the page, its stylesheet, fonts, API calls) need none.
    const origin = escapeRegExp(new URL(this.baseUrl).origin);
    if (!hydrate) await context.route(new RegExp(`^${origin}/.*\\.m?js(?:[?#]|$)`), (route) => route.abort());
    await context.route(new RegExp(`^(?!${origin}/|data:|blob:)`), async (route) => {
      const request = route.request();
      // Images may come from anywhere (the safe-link rule allows http(s) images); anything else is a beacon.
      const type = request.resourceType();
      if (type !== "image" && type !== "media") {
        const page = request.frame().page();
        this.live.push({ path: this.label(page), what: `${type} request to ${request.url()}` });
      }
      return route.abort();
    });
    for (const page of context.pages()) this.watch(page);
    context.on("page", (page) => this.watch(page));
  }

  private watch(page: Page): void {
    page.on("dialog", (dialog) => {
      this.live.push({
        path: this.label(page),
        what: `${dialog.type()}(${dialog.message()}): ${vectorName(Number(dialog.message()))}`,
      });
      void dialog.dismiss().catch(() => undefined);
    });
  }

  /**
   * Opens a page, lets it hydrate and settle, then records what ran or is armed, and returns the vector ids whose
   * markers are on the page (in `within`, the whole body by default).
   */
  async visit(
    page: Page,
    pathname: string,
    path: string,
    options: { within?: string; allow404?: boolean; allowRefusal?: boolean } = {},
  ): Promise<Set<string> | null> {
    (page as Page & { xssPath?: string }).xssPath = `${path} ${pathname}`;
    const hydrate = (page.context() as BrowserContext & { xssHydrate?: boolean }).xssHydrate !== false;
    // Without the app's scripts there is nothing to wait for past the HTML; an injected handler would be armed in it.
    const response = await page.goto(this.baseUrl + pathname, { waitUntil: hydrate ? "load" : "domcontentloaded" });
    const status = response?.status() ?? 0;
    if ((status === 404 && options.allow404) || (status >= 400 && status < 500 && options.allowRefusal)) return null;
    if (status >= 400) throw new Error(`${path}: ${pathname} answered ${status}.`);
    if (hydrate) await waitForHydration(page);
    return this.inspect(page, `${path} ${pathname}`, options.within);
  }

  /** After a page is open (or changed by clicks): the sentinel, armed markup, and the markers shown. */
  async inspect(page: Page, where: string, within = "body"): Promise<Set<string>> {
    await page.waitForTimeout(100);
    const found = await page.evaluate(
      ({ within }) => {
        const armed: string[] = [];
        const schemes = /^(?:javascript|vbscript|data:(?!image\/(?:png|gif|jpe?g|webp)))/i;
        const urlAttributes = [
          "href",
          "src",
          "action",
          "formaction",
          "xlink:href",
          "data",
          "poster",
          "background",
          "ping",
        ];
        for (const element of Array.from(document.body.querySelectorAll("*"))) {
          const tag = element.tagName.toLowerCase();
          for (const attribute of Array.from(element.attributes)) {
            const name = attribute.name.toLowerCase();
            if (name.startsWith("on")) armed.push(`<${tag} ${name}>`);
            if (name === "srcdoc") armed.push(`<${tag} srcdoc>`);
            // eslint-disable-next-line no-control-regex
            const value = attribute.value.replace(/[\u0000-\u0020\u00ad\u200b]+/g, "");
            const image = tag === "img" && name === "src" && /^data:image\//i.test(value);
            if (urlAttributes.includes(name) && schemes.test(value) && !image)
              armed.push(`<${tag} ${name}=${value.slice(0, 40)}>`);
          }
          if (["iframe", "frame", "object", "embed", "base", "meta", "applet", "frameset", "portal"].includes(tag)) {
            armed.push(`<${tag}>`);
          }
          if (tag === "script") {
            const script = element as HTMLScriptElement;
            const ours =
              script.id === "__PARLEY_STATE__" ||
              script.type === "application/ld+json" ||
              (script.type === "module" && script.src.startsWith(location.origin));
            if (!ours) armed.push(`<script ${script.src || script.text.slice(0, 40)}>`);
          }
        }
        const sentinel = (window as Window & { __xss?: unknown }).__xss;
        if (!Array.isArray(sentinel) || sentinel.length > 0) armed.push(`__xss is ${String(sentinel)}`);
        const root = document.querySelector<HTMLElement>(within);
        // Text, the title, and what form fields hold (an edit form shows a name as its field's value).
        const fields = Array.from(
          root?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea") ?? [],
        );
        const text = `${root?.innerText ?? ""} ${document.title} ${fields.map((field) => field.value).join(" ")}`;
        return { armed, markers: [...text.matchAll(/qz([a-z])(\d+)/g)].map((match) => `${match[1]}${match[2]}`) };
      },
      { within },
    );
    for (const what of found.armed) this.live.push({ path: where, what });
    return new Set(found.markers);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Counting

export interface PathResult {
  path: string;
  /** Vectors the server took on this path. */
  accepted: number;
  /** Vectors the server refused (4xx) on this path. */
  rejected: number;
  /** Accepted vectors whose marker was seen on the page. */
  rendered: number;
}

export class XssTally {
  readonly paths: PathResult[] = [];

  add(path: string, accepted: Iterable<number>, rejected: number, shown: Set<number>): PathResult {
    const ids = [...new Set(accepted)];
    const result = { path, accepted: ids.length, rejected, rendered: ids.filter((id) => shown.has(id)).length };
    this.paths.push(result);
    return result;
  }

  summary(live: readonly Live[]): string {
    const lines = [
      `xss corpus: ${vectors.length} vectors (${fieldVectors.length} in one-record pages) × ${this.paths.length} render paths, ${live.length} live`,
      ...this.paths.map(
        (path) => `  ${path.path}: ${path.rendered} rendered of ${path.accepted} accepted, ${path.rejected} rejected`,
      ),
      ...live.map((entry) => `  LIVE ${entry.path}: ${entry.what}`),
    ];
    return lines.join("\n");
  }
}

/** Runs `task` over `items`, `width` at a time. */
export async function inParallel<T, R>(
  items: readonly T[],
  width: number,
  task: (item: T, lane: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async (_unused, lane) => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index]!, lane);
      }
    }),
  );
  return results;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
