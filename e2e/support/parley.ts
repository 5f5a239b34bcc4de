import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { launchBrowser, newContext, screenshot } from "./browser.ts";
import { startServer, type OutboxMail, type RunningServer, type StartOptions } from "./server.ts";

export interface ParleyHarness {
  readonly baseUrl: string;
  /** A page in a fresh browser context, closed after the test. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** The mail the server has written to its outbox so far, oldest first. */
  readOutbox(): Promise<OutboxMail[]>;
}

/**
 * One server (fresh demo database) and one Chromium per spec file; each test gets its own contexts.
 * Call at the top of a spec file; `options` start the server otherwise (its environment: `{env: {…}}`).
 */
export function useParley(options: StartOptions = {}): ParleyHarness {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer(options);
    browser = await launchBrowser();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === "fail") await recordOpenPages(context.task.name, contexts);
    await Promise.all(contexts.splice(0).map(closeWithin));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  return {
    get baseUrl() {
      if (!server) throw new Error("The Parley server has not started.");
      return server.baseUrl;
    },
    async newPage(options = {}) {
      if (!browser) throw new Error("The browser has not started.");
      const { context, firstPage } = await newContext(browser, { viewport: { width: 1280, height: 800 }, ...options });
      contexts.push(context);
      return firstPage();
    },
    readOutbox() {
      if (!server) throw new Error("The Parley server has not started.");
      return server.readOutbox();
    },
  };
}

/**
 * After a failed test, where each of its pages was: the address and the first heading in the log, and a screenshot
 * (test-results/e2e/failed-…): a failure that shows only on a loaded CI machine can then be read from its run.
 */
async function recordOpenPages(testName: string, contexts: BrowserContext[]): Promise<void> {
  const pages = contexts.flatMap((context) => context.pages());
  const slug = testName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 60);
  for (const [index, page] of pages.entries()) {
    try {
      const heading = await page
        .locator("h1")
        .first()
        .innerText({ timeout: 1_000 })
        .catch(() => "(no heading)");
      const file = await screenshot(page, `failed-${slug}-${index + 1}`, 10_000);
      console.warn(`Failed test "${testName}": page ${index + 1} at ${page.url()}, "${heading}" (${file})`);
    } catch (error) {
      console.warn(`Failed test "${testName}": page ${index + 1} could not be recorded: ${String(error)}`);
    }
  }
}

/**
 * Closes a test's browser context, giving up after 20 s: once in CI on a loaded machine Chromium never
 * answered a context's close after a test had passed, and the hook's 120 s time-out failed that test. The
 * browser, and with it any context left open, is closed after the file.
 */
async function closeWithin(context: BrowserContext): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<"gave up">((resolve) => {
    timer = setTimeout(() => resolve("gave up"), 20_000);
  });
  const outcome = await Promise.race([context.close().then(() => "closed" as const), gaveUp]);
  clearTimeout(timer);
  if (outcome === "gave up")
    console.warn("A browser context did not close within 20 s; it is left to the browser's close.");
}
