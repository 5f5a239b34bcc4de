/**
 * Screenshots of every page type, for looking at the design and comparing it with an earlier version (issue 31):
 * the built server on the demo community, Debian's Chromium, each page at 1280 and 375 px in the light and dark
 * themes, as a signed-in administrator (the pages a guest sees look the same, minus the member's controls).
 *
 *   node scripts/build.mjs && npx tsx scripts/screenshots.ts docs/screenshots/after
 *
 * The first screen only, as palette PNGs (sharp), so a set of 64 stays small enough to commit.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { launchBrowser } from "../e2e/support/browser.ts";
import { startServer } from "../e2e/support/server.ts";
import { welcome } from "../e2e/support/demo.ts";
import { adminCookie, setTheme } from "../e2e/support/themes.ts";

const out = path.resolve(process.argv[2] ?? "docs/screenshots/after");

/** The page types: name and path (a member's pages as the admin). */
const pages: Array<[string, string]> = [
  ["home", "/"],
  ["discussions", "/discussions"],
  ["categories", "/categories"],
  ["category", welcome.category.href],
  ["discussion", welcome.path],
  ["new-discussion", "/post/discussion"],
  ["profile", "/profile/admin"],
  ["search", "/search?search=welcome"],
  ["notifications", "/profile/notifications"],
  ["messages", "/messages"],
  ["drafts", "/drafts"],
  ["knowledge", "/kb"],
  ["groups", "/groups"],
  ["dashboard", "/dashboard/settings"],
  ["dashboard-members", "/dashboard/users"],
  ["sign-in", "/entry/signin"],
];
const widths = [1280, 375];

const server = await startServer();
const browser = await launchBrowser();
try {
  await mkdir(out, { recursive: true });
  const cookies = (await adminCookie(server.baseUrl)).split("; ");
  const url = new URL(server.baseUrl);
  for (const theme of ["light", "dark"] as const) {
    await setTheme(server.baseUrl, theme === "dark" ? "theme-foundation-dark" : "theme-foundation", cookies.join("; "));
    for (const width of widths) {
      const context = await browser.newContext({ viewport: { width, height: width > 800 ? 900 : 812 } });
      await context.addCookies(
        cookies.map((cookie) => {
          const [name, ...value] = cookie.split("=");
          return { name: name!, value: value.join("="), domain: url.hostname, path: "/" };
        }),
      );
      const page = await context.newPage();
      for (const [name, pagePath] of pages) {
        // The sign-in page is a guest's.
        const target = name === "sign-in" ? await browser.newPage({ viewport: { width, height: 812 } }) : page;
        await target.goto(`${server.baseUrl}${pagePath}`, { waitUntil: "networkidle" });
        const shot = await target.screenshot({ type: "png" });
        await sharp(shot)
          .png({ palette: true, quality: 80, compressionLevel: 9 })
          .toFile(path.join(out, `${name}-${width}-${theme}.png`));
        if (target !== page) await target.close();
      }
      await context.close();
    }
  }
  console.log(`Wrote ${pages.length * widths.length * 2} screenshots to ${out}.`);
} finally {
  await browser.close();
  await server.stop();
}
