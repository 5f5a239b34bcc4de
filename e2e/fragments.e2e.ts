import { describe, expect, it } from "vitest";
import { signInContext } from "./support/accounts.ts";
import { screenshot, waitForHydration } from "./support/browser.ts";
import { signInAdmin } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";

const parley = useParley();

/**
 * A fragment that tries everything a hostile widget would: the session's cookies, storage, the framing page (its
 * markup and whatever it holds), the API with the session, a form post and navigating the page away. It shows
 * what it got and tells the framing page.
 */
const probe = `
const out = { props: fragment.props.who };
const attempt = (name, read) => { try { out[name] = String(read()); } catch (error) { out[name] = "blocked: " + error.name; } };
attempt("cookie", () => document.cookie);
attempt("storage", () => localStorage.length);
attempt("parent", () => parent.document.documentElement.outerHTML.length);
if (!fragment.props.alone) attempt("top", () => { top.location.href = "https://example.com/"; return "navigated"; });
out.origin = String(self.origin);
fetch("/api/v2/users/me", { credentials: "include", headers: { "x-requested-with": "XMLHttpRequest" } })
  .then((response) => response.text())
  .then((text) => { out.fetch = "read: " + text.slice(0, 80); }, (error) => { out.fetch = "blocked: " + error.name; })
  .finally(() => {
    fragment.root.textContent = "Join us, " + out.props;
    parent.postMessage({ type: "probe", out }, "*");
  });
`;

interface ProbeResult {
  props: string;
  cookie: string;
  storage: string;
  parent: string;
  top: string;
  origin: string;
  fetch: string;
}

describe("fragments run sandboxed", () => {
  it("a fragment framed in a signed-in administrator's page cannot read the session or act with it", async () => {
    const admin = await signInAdmin(parley.baseUrl);
    const fragment = await admin.post<{ frameUrl: string; fragmentUUID: string }>("/fragments", {
      name: "Probe",
      fragmentType: "CustomFragment",
      js: probe,
      jsRaw: probe,
      css: "#fragment-root { font: 600 20px sans-serif; color: #444; }",
      commitMessage: "Probe",
    });
    const frameUrl = (props: Record<string, unknown>) =>
      `${fragment.frameUrl.replace(/^https?:\/\/[^/]+/, parley.baseUrl)}&props=${encodeURIComponent(JSON.stringify(props))}`;

    const page = await parley.newPage();
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    await page.goto(`${parley.baseUrl}/discussions`);
    await waitForHydration(page);
    // The worst case: a page frames it without the iframe's own sandbox attribute. The frame's
    // Content-Security-Policy sandboxes it all the same.
    const result = await page.evaluate(
      (src) =>
        new Promise<ProbeResult>((resolve) => {
          addEventListener("message", (event: MessageEvent<{ type: string; out: ProbeResult }>) => {
            if (event.data?.type === "probe") resolve(event.data.out);
          });
          const frame = document.createElement("iframe");
          frame.title = "Probe fragment";
          frame.src = src;
          frame.style.cssText = "width: 100%; height: 80px; border: 2px dashed #888";
          document.querySelector("main")!.prepend(frame);
        }),
      frameUrl({ who: "friends" }),
    );
    await screenshot(page, "fragment-framed");

    // Its own code ran (with its props), and nothing of the session reached it.
    expect(result.props).toBe("friends");
    expect(result.origin).toBe("null");
    expect(result.cookie).toBe("blocked: SecurityError");
    expect(result.storage).toBe("blocked: SecurityError");
    expect(result.parent).toBe("blocked: SecurityError");
    expect(result.top).toMatch(/^blocked: /);
    expect(result.fetch).toBe("blocked: TypeError");
    // The page is still Parley's, its session whole.
    expect(page.url()).toBe(`${parley.baseUrl}/discussions`);
    const me = await page.evaluate(
      async () => ((await (await fetch("/api/v2/users/me")).json()) as { name: string }).name,
    );
    expect(me).toBe("admin");

    // Opened on its own, in the administrator's browser, the frame is still an opaque origin (this time the
    // probe leaves the page where it is: it is the top).
    await page.goto(frameUrl({ who: "friends", alone: true }));
    await screenshot(page, "fragment-alone");
    const alone = await page.evaluate(() => {
      const read = (get: () => unknown) => {
        try {
          return String(get());
        } catch (error) {
          return `blocked: ${(error as Error).name}`;
        }
      };
      return { origin: String(self.origin), cookie: read(() => document.cookie), text: document.body.innerText };
    });
    expect(alone).toEqual({ origin: "null", cookie: "blocked: SecurityError", text: "Join us, friends" });
  });
});
