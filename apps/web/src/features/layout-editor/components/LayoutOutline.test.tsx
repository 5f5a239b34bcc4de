import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { LayoutCatalog } from "@parley/contracts";
import type { EditorWidget } from "../layout-tree.ts";
import { useLayoutDraft } from "../useLayoutDraft.ts";
import { LayoutOutline } from "./LayoutOutline.tsx";

afterEach(cleanup);

const slotSchema = { type: "array", items: { $ref: "LayoutAssetWidget" } };
const catalog: LayoutCatalog = {
  layoutViewType: "home",
  layoutParams: {},
  sections: {
    "react.section.full-width": {
      $reactComponent: "react.section.full-width",
      description: "Across the page.",
      schema: { type: "object", properties: { children: slotSchema } },
    },
    "react.section.2-columns": {
      $reactComponent: "react.section.2-columns",
      description: "A main column and a panel.",
      schema: { type: "object", properties: { mainBottom: slotSchema, secondaryBottom: slotSchema } },
    },
  },
  widgets: {
    "react.banner": {
      $reactComponent: "react.banner",
      description: "The site's title and a search box.",
      schema: { type: "object", properties: {} },
    },
    "react.popularTags": {
      $reactComponent: "react.popularTags",
      description: "The most used tags.",
      schema: { type: "object", properties: { limit: { type: "integer", minimum: 1 } }, required: ["limit"] },
    },
  },
  assets: {},
  middlewares: {},
};

const widget = (name: string, props: Record<string, unknown> = {}): EditorWidget => ({
  $reactComponent: name,
  $reactProps: props,
});

const initial: EditorWidget[] = [
  widget("react.section.full-width", { children: [widget("react.banner")] }),
  widget("react.section.2-columns", {
    mainBottom: [widget("react.popularTags", { limit: 5 }), widget("react.popularTags", { limit: 9 })],
  }),
];

let latest: EditorWidget[] = [];

function Harness() {
  const draft = useLayoutDraft(initial, catalog);
  latest = [...draft.layout];
  return <LayoutOutline draft={draft} catalog={catalog} errors={{}} />;
}

/** The widgets of a slot, by name, as the editor lists them. */
const names = (section: number, slot: string) =>
  ((latest[section]?.$reactProps[slot] as EditorWidget[] | undefined) ?? []).map((w) =>
    w.$reactComponent === "react.popularTags" ? `tags:${String(w.$reactProps["limit"])}` : w.$reactComponent,
  );

/** A control pressed from the keyboard: focused, then activated (Enter on a button clicks it). */
function press(control: HTMLElement) {
  control.focus();
  fireEvent.keyDown(control, { key: "Enter" });
  fireEvent.click(control);
}

const status = () => screen.getByRole("status").textContent;

describe("LayoutOutline, by keyboard", () => {
  it("moves a widget down and up inside its slot, the focus staying on it and each move announced", () => {
    render(<Harness />);
    const [first] = screen.getAllByRole("button", { name: "Move down Popular Tags" });
    press(first!);
    expect(names(1, "mainBottom")).toEqual(["tags:9", "tags:5"]);
    // The moved widget's own "Move down" (now the second one) has the focus.
    const moved = screen.getAllByRole("button", { name: "Move down Popular Tags" })[1]!;
    expect(document.activeElement).toBe(moved);
    expect(status()).toBe("Popular Tags moved to section 2, Main, bottom, position 2 of 2.");
    // Past the slot's end: into the next slot (the panel), the layout's last place, with no further down.
    press(moved);
    expect(names(1, "mainBottom")).toEqual(["tags:9"]);
    expect(names(1, "secondaryBottom")).toEqual(["tags:5"]);
    expect(status()).toBe("Popular Tags moved to section 2, Panel, bottom, position 1 of 1.");
    const last = screen.getAllByRole("button", { name: "Move down Popular Tags" })[1]!;
    expect(last.hasAttribute("disabled")).toBe(true);
    // Its "Move down" cannot take the focus: the widget itself has it.
    expect(document.activeElement).toBe(last.closest("li"));
    press(screen.getAllByRole("button", { name: "Move up Popular Tags" })[1]!);
    expect(names(1, "mainBottom")).toEqual(["tags:9", "tags:5"]);
    press(screen.getAllByRole("button", { name: "Move up Popular Tags" })[1]!);
    expect(names(1, "mainBottom")).toEqual(["tags:5", "tags:9"]);
    expect(document.activeElement).toBe(screen.getAllByRole("button", { name: "Move up Popular Tags" })[0]);
  });

  it("moves a widget past its slot's edge into the slot before, and to any slot with Move to…", () => {
    render(<Harness />);
    press(screen.getAllByRole("button", { name: "Move up Popular Tags" })[0]!);
    expect(names(0, "children")).toEqual(["react.banner", "tags:5"]);
    expect(names(1, "mainBottom")).toEqual(["tags:9"]);
    expect(status()).toBe("Popular Tags moved to section 1, Content, position 2 of 2.");
    press(screen.getByRole("button", { name: "Move to… (Banner)" }));
    // The targets: every other slot; the first takes the focus.
    const targets = within(screen.getByRole("group", { name: "Move to…" })).getAllByRole("button");
    expect(targets.map((target) => target.textContent)).toEqual([
      "Section 2: Main, bottom",
      "Section 2: Panel, bottom",
      "Cancel",
    ]);
    expect(document.activeElement).toBe(targets[0]);
    press(targets[1]!);
    expect(names(0, "children")).toEqual(["tags:5"]);
    expect(names(1, "secondaryBottom")).toEqual(["react.banner"]);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Move to… (Banner)" }));
    expect(status()).toBe("Banner moved to section 2, Panel, bottom, position 1 of 1.");
  });

  it("adds a widget from the catalogue's picker into a slot, and moves and removes sections", () => {
    render(<Harness />);
    press(screen.getByRole("button", { name: "Add a widget to section 2, Panel, bottom" }));
    const picker = screen.getByRole("group", { name: "Add a widget to Panel, bottom" });
    const choices = within(picker).getAllByRole("button");
    expect(choices[0]!.textContent).toBe("BannerThe site's title and a search box.");
    expect(document.activeElement).toBe(choices[0]);
    press(within(picker).getByRole("button", { name: /^Popular Tags/ }));
    // Its required option at its first value; its options open from the focused control.
    expect(latest[1]?.$reactProps["secondaryBottom"]).toEqual([widget("react.popularTags", { limit: 1 })]);
    expect(status()).toBe("Popular Tags added to section 2, Panel, bottom, position 1 of 1.");
    expect(document.activeElement?.getAttribute("data-control")).toBe("options");

    press(screen.getByRole("button", { name: "Move up section 2" }));
    expect(latest.map((row) => row.$reactComponent)).toEqual(["react.section.2-columns", "react.section.full-width"]);
    // At the top its "Move up" is disabled: the section itself has the focus.
    expect(document.activeElement).toBe(screen.getByRole("listitem", { name: "Section 1: Two columns" }));
    expect(status()).toBe("Two columns section moved to position 1 of 2.");
    act(() => press(screen.getByRole("button", { name: "Remove section 2" })));
    expect(latest.map((row) => row.$reactComponent)).toEqual(["react.section.2-columns"]);
  });
});
