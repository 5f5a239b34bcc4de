import { describe, expect, it } from "vitest";
import { categoryPagePath, knowledgeCrumbs, localPath, readIDSlug, slugRedirect } from "./knowledge.urls.ts";

describe("readIDSlug", () => {
  it("reads the id and the slug of /kb/articles/{id}-{slug}", () => {
    expect(readIDSlug("12-getting-started")).toEqual({ id: 12, slug: "getting-started" });
    expect(readIDSlug("12")).toEqual({ id: 12, slug: "" });
    expect(readIDSlug("12-")).toEqual({ id: 12, slug: "" });
  });

  it("refuses what is not an id", () => {
    for (const segment of [undefined, "", "add", "0-x", "-1", "x-12", "012-a", "12x"]) {
      expect(readIDSlug(segment)).toBeNull();
    }
  });
});

describe("slugRedirect", () => {
  const url = (path: string) => new URL(`http://forum.test${path}`);

  it("sends a wrong or missing slug to the record's own address, keeping the query", () => {
    const canonical = "http://forum.test/kb/articles/12-how-to-sign-in";
    expect(slugRedirect(url("/kb/articles/12-old-title"), canonical)).toBe("/kb/articles/12-how-to-sign-in");
    expect(slugRedirect(url("/kb/articles/12?x=1"), canonical)).toBe("/kb/articles/12-how-to-sign-in?x=1");
  });

  it("leaves the canonical address alone", () => {
    expect(slugRedirect(url("/kb/articles/12-how-to-sign-in"), "/kb/articles/12-how-to-sign-in")).toBeNull();
    expect(slugRedirect(url("/kb/articles/7-caf%C3%A9"), "http://forum.test/kb/articles/7-café")).toBeNull();
  });

  it("keeps a category's page segment, and drops /p1", () => {
    const canonical = "http://forum.test/kb/categories/4-your-account";
    expect(slugRedirect(url("/kb/categories/4-account/p2"), canonical, "p2")).toBe("/kb/categories/4-your-account/p2");
    expect(slugRedirect(url("/kb/categories/4-your-account/p2"), canonical, "p2")).toBeNull();
    expect(slugRedirect(url("/kb/categories/4-your-account/p1"), canonical, "p1")).toBe(
      "/kb/categories/4-your-account",
    );
  });

  it("never redirects to an address of another kind (no loop)", () => {
    // A root category's URL is its base's page.
    expect(slugRedirect(url("/kb/categories/1-root"), "http://forum.test/kb/help-center")).toBeNull();
  });
});

describe("knowledgeCrumbs", () => {
  it("starts at the knowledge base, drops the home page and the page itself, and keeps paths", () => {
    const crumbs = [
      { name: "Home", url: "http://forum.test/" },
      { name: "Help Center", url: "http://forum.test/kb/help-center" },
      { name: "Your Account", url: "http://forum.test/kb/categories/4-your-account" },
      { name: "Passwords", url: "http://forum.test/kb/categories/9-passwords" },
    ];
    expect(
      knowledgeCrumbs(
        crumbs,
        { name: "Help Center", urlCode: "help-center" },
        "/kb/categories/9-passwords",
        "Knowledge Base",
      ),
    ).toEqual([
      { name: "Knowledge Base", url: "/kb" },
      { name: "Help Center", url: "/kb/help-center" },
      { name: "Your Account", url: "/kb/categories/4-your-account" },
    ]);
  });

  it("still names the base when the API sent no crumbs", () => {
    expect(
      knowledgeCrumbs(undefined, { name: "Guide", urlCode: "guide" }, "/kb/articles/1-a", "Knowledge Base"),
    ).toEqual([
      { name: "Knowledge Base", url: "/kb" },
      { name: "Guide", url: "/kb/guide" },
    ]);
  });
});

describe("paths", () => {
  it("makes the API's absolute URLs local, and pages real addresses", () => {
    expect(localPath("https://forum.test/kb/articles/3-x?a=1")).toBe("/kb/articles/3-x?a=1");
    expect(localPath("/kb")).toBe("/kb");
    expect(categoryPagePath("/kb/categories/4-a", 1)).toBe("/kb/categories/4-a");
    expect(categoryPagePath("/kb/categories/4-a", 3)).toBe("/kb/categories/4-a/p3");
  });
});
