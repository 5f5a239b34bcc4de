import { describe, expect, it } from "vitest";
import { renderBody, safeHref, safeImageSrc, siteFor } from "./index.ts";

const site = siteFor("https://forum.example");
const leaving = (url: string) => ({
  href: `https://forum.example/home/leaving?target=${encodeURIComponent(url)}`,
  external: true,
});

describe("safe-link rule (spec §5)", () => {
  it.each([
    ["https://forum.example/d/1", "https://forum.example/d/1"],
    ["https://forum.example", "https://forum.example/"],
    ["HTTPS://FORUM.EXAMPLE/x?y=1#z", "https://forum.example/x?y=1#z"],
    ["/discussion/1", "/discussion/1"],
    ["#top", "#top"],
    ["mailto:a@b.com", "mailto:a@b.com"],
    ["tel:+1 555", "tel:+1 555"],
    ["relative/path", "https://forum.example/relative/path"],
    ["  /trimmed  ", "/trimmed"],
  ])("keeps %j", (raw, href) => {
    expect(safeHref(raw, site)).toEqual({ href, external: false });
  });

  it.each([
    ["https://out.example/a b", "https://out.example/a%20b"],
    ["http://forum.example/x", "http://forum.example/x"],
    ["https://forum.example.evil.example/", "https://forum.example.evil.example/"],
    ["https://forum.example@evil.example/", "https://forum.example@evil.example/"],
    ["//evil.example/x", "https://evil.example/x"],
    ["/\\evil.example/x", "https://evil.example/x"],
    ["\\\\evil.example", "https://evil.example/"],
    ["/\t/evil.example", "https://evil.example/"],
  ])("sends %j through the leaving page", (raw, target) => {
    expect(safeHref(raw, site)).toEqual(leaving(target));
  });

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " \t javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "\u0000javascript:alert(1)",
    "java\u0000script:alert(1)",
    "\u00a0javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "ftp://files.example/x",
    "https://",
    "",
  ])("removes %j", (raw) => {
    expect(safeHref(raw, site)).toBeNull();
  });

  it("works for a site in a sub-folder", () => {
    const folder = siteFor("https://x.example/forum/");
    expect(safeHref("https://x.example/forum/d/1", folder)).toEqual({
      href: "https://x.example/forum/d/1",
      external: false,
    });
    expect(safeHref("https://x.example/forums", folder)).toEqual({
      href: "https://x.example/forum/home/leaving?target=https%3A%2F%2Fx.example%2Fforums",
      external: true,
    });
    expect(safeHref("page", folder)).toEqual({ href: "https://x.example/forum/page", external: false });
  });

  it("allows images from http(s) and the site only", () => {
    expect(safeImageSrc("https://cdn.example/a.png", site)).toBe("https://cdn.example/a.png");
    expect(safeImageSrc("http://cdn.example/a.png", site)).toBe("http://cdn.example/a.png");
    expect(safeImageSrc("//cdn.example/a.png", site)).toBe("https://cdn.example/a.png");
    expect(safeImageSrc("/uploads/a.png", site)).toBe("/uploads/a.png");
    expect(safeImageSrc("data:image/png;base64,AA==", site)).toBeNull();
    expect(safeImageSrc(" JAVASCRIPT:alert(1)", site)).toBeNull();
  });

  it("rewrites links in rendered bodies: external ones get rel, others lose any rel they had", () => {
    const html =
      '<a href="https://out.example" rel="opener">o</a> <a href="/in" rel="opener">i</a> <a href="java&#x09;script:x">j</a>';
    expect(renderBody(html, "html", { origin: "https://forum.example" })).toBe(
      '<a href="https://forum.example/home/leaving?target=https%3A%2F%2Fout.example%2F" rel="nofollow ugc noopener">o</a> ' +
        '<a href="/in">i</a> <a>j</a>',
    );
  });

  it("rejects an origin that is not an http(s) URL", () => {
    expect(() => renderBody("x", "text", { origin: "forum.example" })).toThrow();
    expect(() => renderBody("x", "text", { origin: "javascript:alert(1)" })).toThrow(TypeError);
  });
});
