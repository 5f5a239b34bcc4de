import { mkdir } from "node:fs/promises";
import path from "node:path";
import axe from "axe-core";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { repoRoot } from "./server.ts";

const chromiumPath = "/usr/bin/chromium";
const screenshotDir = path.join(repoRoot, "test-results", "e2e");

/** Debian's Chromium, headless; never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** How many times slower pages run (`PARLEY_E2E_CPU_THROTTLE`, CONTRIBUTING.md): 1 unless asked. */
const cpuThrottle = Number(process.env["PARLEY_E2E_CPU_THROTTLE"] ?? "1");

/** Runs a page's main thread `cpuThrottle` times slower (Chromium's CPU throttling, as on a slow phone). */
async function slowDown(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuThrottle });
}

/**
 * A browser context for a test. Under `PARLEY_E2E_CPU_THROTTLE` every page opened in it is slowed down: the first
 * before `firstPage` answers, the tabs a test opens later (`page.context().newPage()`) as they open.
 */
export async function newContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; firstPage: () => Promise<Page> }> {
  const context = await browser.newContext(options);
  const slowed = new Map<Page, Promise<void>>();
  if (cpuThrottle > 1) context.on("page", (page) => slowed.set(page, slowDown(context, page)));
  const firstPage = async () => {
    const page = await context.newPage();
    if (cpuThrottle > 1) await (slowed.get(page) ?? slowDown(context, page));
    return page;
  };
  return { context, firstPage };
}

export interface PageProblems {
  /** console.error messages (React reports hydration mismatches this way) and uncaught page errors. */
  readonly errors: string[];
}

/** Starts recording console errors and uncaught errors of a page; read `errors` after the test steps. */
export function collectErrors(page: Page): PageProblems {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const { url, lineNumber } = message.location();
    errors.push(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ""}`);
  });
  page.on("pageerror", (error) => errors.push(`page error: ${error.stack ?? error.message}`));
  return { errors };
}

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on the page and returns all its violations. The script is injected inline, so the page's
 * context needs `bypassCSP: true` (the server sends a strict CSP).
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: axe.source });
  const { violations, rulesPassed } = await page.evaluate(async () => {
    const { axe: injected } = window as unknown as { axe: typeof axe };
    const results = await injected.run(document, { resultTypes: ["violations"] });
    return {
      rulesPassed: results.passes.length,
      violations: results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? "unknown",
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(" ")),
      })),
    };
  });
  // An empty list must mean "checked and clean", not "checked nothing".
  if (rulesPassed === 0) throw new Error(`axe-core passed no rule on ${page.url()}; did it run?`);
  return violations;
}

/** The page's serious and critical axe violations (see {@link axeViolations}). */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  return (await axeViolations(page)).filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
}

/**
 * What the accessibility sweep refuses (issue 31): serious and critical violations, and any `heading-order`
 * finding (moderate: a heading that skips a level, h1 → h3).
 */
export async function blockingAxeViolations(page: Page): Promise<AxeViolation[]> {
  return (await axeViolations(page)).filter(
    (violation) =>
      violation.impact === "serious" || violation.impact === "critical" || violation.id === "heading-order",
  );
}

/** A full-page screenshot in test-results/e2e/<name>.png; returns the path. */
export async function screenshot(page: Page, name: string, timeoutMs?: number): Promise<string> {
  await mkdir(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, ...(timeoutMs ? { timeout: timeoutMs } : {}) });
  return file;
}

/**
 * Resolves once the client has hydrated: the ready flag is set and the loading mark is gone. A guest's
 * reading page hydrates at the reader's first intent (apps/web/src/lib/hydrate-on-intent.ts): until it
 * has, this shows one as a reader would, with a Shift key press (which changes nothing on the page).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    if ((window as Window & { __parleyReady?: boolean }).__parleyReady === true) {
      return !document.body.classList.contains("isLoading");
    }
    if (document.querySelector("script[data-parley-app]")) {
      document.dispatchEvent(new KeyboardEvent("keydown", { key: "Shift", bubbles: true }));
    }
    return false;
  });
}
