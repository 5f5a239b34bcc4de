import { describe, expect, it } from "vitest";
import { pageCategoryID } from "./components/ModerationMessages.tsx";

describe("the category a layout page is about", () => {
  it("is the first categoryID among its widgets' props, however deep", () => {
    const layout = [
      {
        $hydrate: "react.section.2-columns",
        mainBottom: [
          { $hydrate: "react.categories", apiParams: { parentCategoryID: 4 } },
          { $hydrate: "react.asset.discussionList", apiParams: { categoryID: 4, page: 1 } },
        ],
      },
    ];
    expect(pageCategoryID(layout)).toBe(4);
  });

  it("is null for a page about no category (the root's -1 included)", () => {
    expect(pageCategoryID([{ $hydrate: "react.asset.discussionList", apiParams: { page: 1 } }])).toBeNull();
    expect(pageCategoryID([{ $hydrate: "react.asset.createPost", categoryID: null }])).toBeNull();
    expect(pageCategoryID([{ $hydrate: "react.newPostButton", categoryID: -1 }])).toBeNull();
  });
});
