/** One run of the XSS corpus through the pages: signed-in page lanes, visits, records created per pack, counts. */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { signInContext, type Member } from "./accounts.ts";
import type { ParleyHarness } from "./parley.ts";
import { inParallel, markerOf, vectorBody, vectorName, XssTally, XssWatch, type Pack, type Packing } from "./xss.ts";

/** Pages open at once in a context. */
const LANES = 4;

export interface Visit {
  pathname: string;
  path: string;
  within?: string;
}

/** A text body: a search word, then each vector after its marker, one a line. */
export const textBody = (word: string, ids: number[], prefix: string) =>
  [word, ...ids.map((id) => `${markerOf(id, prefix)} ${vectorBody(id)}`)].join("\n");

export class XssRun {
  readonly tally = new XssTally();
  private currentWatch: XssWatch | undefined;
  private phaseStart = Date.now();

  constructor(private readonly parley: ParleyHarness) {}

  /** The watch over every page of the run (made once the server is up). */
  get watch(): XssWatch {
    this.currentWatch ??= new XssWatch(this.parley.baseUrl);
    return this.currentWatch;
  }

  /** Signed-in pages, watched: `LANES` of them without the app's scripts, or one hydrated. */
  async pagesAs(who: Pick<Member, "name" | "password">, hydrate = false): Promise<Page[]> {
    const first = await this.parley.newPage({ bypassCSP: true });
    await this.watch.arm(first.context(), { hydrate });
    await signInContext(first, this.parley.baseUrl, who);
    const more = await Promise.all(Array.from({ length: hydrate ? 0 : LANES - 1 }, () => first.context().newPage()));
    return [first, ...more];
  }

  async visitAll(pages: Page[], visits: readonly Visit[]): Promise<Set<string>[]> {
    return inParallel(
      visits,
      pages.length,
      async (visit, lane) =>
        (await this.watch.visit(
          pages[lane]!,
          visit.pathname,
          visit.path,
          visit.within ? { within: visit.within } : {},
        ))!,
    );
  }

  /** `pageUrl(1)`, `pageUrl(2)` … until every expected marker is seen, a page adds none, or there is no such page. */
  async visitPages(page: Page, pageUrl: (n: number) => string, path: string, expected: string[]) {
    const seen = new Set<string>();
    for (let n = 1; n <= 40; n++) {
      const before = seen.size;
      const shown = await this.watch.visit(page, pageUrl(n), path, { allow404: n > 1 });
      if (!shown) break;
      for (const token of shown) seen.add(token);
      if (expected.every((token) => seen.has(token)) || (n > 1 && seen.size === before)) break;
    }
    return seen;
  }

  /** Creates one record per pack; a 4xx counts the pack's vectors as refused by this path. */
  async createEach<T>(
    packing: Packing,
    create: (pack: Pack, index: number) => Promise<{ status: number; json: T }>,
  ): Promise<{ created: { pack: Pack; record: T }[]; accepted: number[]; rejected: number }> {
    const created: { pack: Pack; record: T }[] = [];
    const accepted: number[] = [];
    let rejected = 0;
    for (const [index, pack] of packing.packs.entries()) {
      const { status, json } = await create(pack, index);
      if (status >= 500) throw new Error(`Creating pack ${index} answered ${status}: ${JSON.stringify(json)}`);
      if (status >= 400) rejected += pack.ids.length;
      else {
        created.push({ pack, record: json });
        accepted.push(...pack.ids);
      }
    }
    return { created, accepted, rejected: rejected + packing.tooLong.length };
  }

  /** Adds a path's count and expects most of what the server took to show on the page. */
  count(path: string, prefix: string, accepted: number[], rejected: number, seen: Iterable<Set<string>>) {
    const shown = new Set<number>();
    for (const set of seen) for (const token of set) if (token.startsWith(prefix)) shown.add(Number(token.slice(1)));
    const result = this.tally.add(path, accepted, rejected, shown);
    const missing = accepted.filter((id) => !shown.has(id));
    if (missing.length > 0) {
      console.log(`${path}: not seen ${missing.map((id) => `${id} ${vectorName(id)}`).join(", ")}`);
    }
    expect(result.accepted, `${path}: accepted`).toBeGreaterThan(0);
    expect(
      result.rendered / result.accepted,
      `${path}: rendered ${result.rendered} of ${result.accepted}`,
    ).toBeGreaterThanOrEqual(0.9);
    return result;
  }

  /** With XSS_TIMING set, how long each step took. */
  phase(name: string) {
    if (process.env["XSS_TIMING"]) console.log(`${Date.now() - this.phaseStart} ms ${name}`);
    this.phaseStart = Date.now();
  }

  expectNothingLive() {
    expect(this.watch.live.map((entry) => `${entry.path}: ${entry.what}`)).toEqual([]);
  }
}
