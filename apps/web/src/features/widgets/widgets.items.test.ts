import { describe, expect, it } from "vitest";
import { collectionItem } from "./widgets.items.ts";

describe("collectionItem", () => {
  it("draws an article with its excerpt, a knowledge base with its banner and icon, a group with its own", () => {
    expect(
      collectionItem({
        recordType: "article",
        recordID: 4,
        sort: 0,
        record: { articleID: 4, name: "Getting started", url: "https://forum.test/kb/articles/4", excerpt: "Read me." },
      }),
    ).toEqual({
      key: "article-4",
      name: "Getting started",
      url: "https://forum.test/kb/articles/4",
      description: "Read me.",
      imageUrl: undefined,
      iconUrl: undefined,
    });
    expect(
      collectionItem({
        recordType: "knowledgeBase",
        recordID: 2,
        sort: 1,
        record: {
          name: "Help",
          url: "https://forum.test/kb/help",
          description: "Guides.",
          bannerImage: "https://forum.test/uploads/banner.png",
          icon: "https://forum.test/uploads/icon.png",
        },
      }),
    ).toMatchObject({
      description: "Guides.",
      imageUrl: "https://forum.test/uploads/banner.png",
      iconUrl: "https://forum.test/uploads/icon.png",
    });
    // An empty image is none; a record without a name or address is not drawn.
    expect(
      collectionItem({
        recordType: "knowledgeBase",
        recordID: 3,
        sort: 2,
        record: { name: "Bare", url: "/kb/bare", bannerImage: "", icon: "" },
      }),
    ).toMatchObject({ imageUrl: undefined, iconUrl: undefined });
    expect(collectionItem({ recordType: "groups", recordID: 9, sort: 3, record: { name: "No address" } })).toBeNull();
  });
});
