import { describe, expect, it } from "vitest";
import { pageFeed } from "./feeds.ts";

describe("pageFeed", () => {
  it.each([
    ["/", "/discussions/feed"],
    ["/discussions?sort=-hot&page=2", "/discussions/feed"],
    ["/categories/general", "/categories/general/feed"],
    ["/categories/general/p3?sort=-dateInserted", "/categories/general/feed"],
    ["/discussions/tagged/rules", "/discussions/tagged/rules/feed"],
    ["/discussion/12/a-title", "/discussion/12/a-title/feed"],
    ["/discussion/12/a-title/p2", "/discussion/12/a-title/feed"],
    ["/discussion/12", "/discussion/12/feed"],
    ["/profile/Ann%20Author", "/profile/Ann%20Author/feed"],
    ["/profile/comments/Ann%20Author", "/profile/Ann%20Author/feed"],
    ["/profile/reactions/ann?reaction=like", "/profile/ann/feed"],
  ])("%s links %s", (page, feed) => {
    expect(pageFeed(page)).toBe(feed);
  });

  it.each([
    "/categories",
    "/discussions/mine",
    "/discussions/bookmarked",
    "/tags",
    "/kb/help",
    "/groups/1-a",
    "/search",
  ])("%s links none", (page) => {
    expect(pageFeed(page)).toBeNull();
  });
});
