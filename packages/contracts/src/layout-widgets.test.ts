import { describe, expect, it } from "vitest";
import { Value } from "typebox/value";
import { LayoutWidgetSchema } from "./layout-widgets.ts";

const errors = (value: unknown) => [...Value.Errors(LayoutWidgetSchema, value)].map((error) => error.instancePath);

const newPost = { $reactComponent: "react.newPostButton", $reactProps: { categoryID: 3 } };

describe("LayoutWidgetSchema", () => {
  it("takes a section whose slots hold asset widgets with their own props", () => {
    const section = {
      $reactComponent: "react.section.1-column",
      $reactProps: {
        breadcrumbs: [{ $reactComponent: "react.breadcrumbs", $reactProps: { recordType: "category", recordID: "x" } }],
        children: [
          {
            $reactComponent: "react.asset.discussionList",
            $reactProps: {
              apiParams: { limit: 10, page: 1, sort: "-hot" },
              basePath: "/discussions",
              actions: [newPost],
            },
          },
        ],
      },
      $middleware: { visibility: { device: "desktop" } },
    };
    expect(errors(section)).toEqual([]);
  });

  it("refuses an unknown widget, an unknown prop, a prop of the wrong type and a missing one", () => {
    expect(Value.Check(LayoutWidgetSchema, { $reactComponent: "react.nope", $reactProps: {} })).toBe(false);
    expect(Value.Check(LayoutWidgetSchema, { ...newPost, $reactProps: { categoryID: 3, colour: "red" } })).toBe(false);
    expect(Value.Check(LayoutWidgetSchema, { ...newPost, $reactProps: { categoryID: "3" } })).toBe(false);
    expect(
      Value.Check(LayoutWidgetSchema, { $reactComponent: "react.asset.createPost", $reactProps: { postType: "x" } }),
    ).toBe(false);
    expect(Value.Check(LayoutWidgetSchema, newPost)).toBe(true);
  });

  it("keeps sections out of sections' slots and out of a list's actions", () => {
    const inner = { $reactComponent: "react.section.full-width", $reactProps: {} };
    expect(Value.Check(LayoutWidgetSchema, inner)).toBe(true);
    expect(
      Value.Check(LayoutWidgetSchema, {
        $reactComponent: "react.section.1-column",
        $reactProps: { children: [inner] },
      }),
    ).toBe(false);
    const list = {
      $reactComponent: "react.asset.discussionList",
      $reactProps: { apiParams: { limit: 10, page: 1 }, basePath: "/discussions", actions: [inner] },
    };
    expect(Value.Check(LayoutWidgetSchema, list)).toBe(false);
  });
});
