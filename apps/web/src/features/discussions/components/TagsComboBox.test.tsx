import "../../../ui/test/dom.ts";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Tag } from "@parley/contracts";
import { limits } from "@parley/contracts/limits";
import type { ApiRequest } from "../../../lib/api.ts";
import { memberMe, renderWithShell } from "../../../shell/testing.tsx";
import { jsonResponse } from "../../../test/fixtures.ts";
import { TagsComboBox, type ChosenTag } from "./TagsComboBox.tsx";

const makeTag = (tagID: number, name: string): Tag => ({
  tagID,
  id: tagID,
  name,
  urlcode: name.toLowerCase(),
  urlCode: name.toLowerCase(),
  parentTagID: null,
  type: "",
  url: `http://localhost/discussions/tagged/${name}`,
  countDiscussions: 1,
  dateInserted: "2024-01-01T00:00:00+00:00",
});

const tags = [makeTag(3, "Plugins"), makeTag(4, "Performance"), makeTag(9, "Themes")];

/** `GET /tags` over the fixture: names starting with the query. */
const search = (request: ApiRequest) => {
  const text = request.query?.["query"];
  const query = typeof text === "string" ? text.toLowerCase() : "";
  return jsonResponse(tags.filter((tag) => tag.name.toLowerCase().startsWith(query)));
};

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

function renderTags(initial: ChosenTag[] = []) {
  const rendered = renderWithShell(
    <form aria-label="New Discussion">
      <TagsComboBox initial={initial} hint="Separate tags with commas." />
    </form>,
    { me: memberMe, routes: { "GET /tags": search } },
  );
  const input = screen.getByRole<HTMLInputElement>("combobox", { name: "Tags" });
  const form = rendered.container.querySelector("form")!;
  const posted = () => {
    const data = new FormData(form);
    return { tagIDs: data.getAll("tagIDs"), newTagNames: data.getAll("newTagNames") };
  };
  const chips = () => screen.queryAllByRole("row").map((row) => row.textContent);
  const type = (value: string) => {
    act(() => input.focus());
    fireEvent.change(input, { target: { value } });
  };
  return { ...rendered, input, posted, chips, type };
}

describe("TagsComboBox", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("searches tags 100 ms after the typing stops", async () => {
    const { transport, type } = renderTags();
    const searches = () => transport.requests.filter((request) => request.path === "/tags");
    type("p");
    await advance(limits.timing.tagSearchDebounceMs - 1);
    type("pl");
    await advance(limits.timing.tagSearchDebounceMs - 1);
    expect(searches()).toEqual([]);
    await advance(1);
    expect(searches().map((request) => request.query)).toEqual([{ query: "pl" }]);
    await advance(0);
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Plugins", "New tag: pl"]);
  });

  it("adds an existing tag as a chip posted in tagIDs, and removes it with 'Remove {name}'", async () => {
    const { type, posted, chips, input } = renderTags();
    type("perf");
    await advance(limits.timing.tagSearchDebounceMs);
    await advance(0);
    fireEvent.click(screen.getByRole("option", { name: "Performance" }));
    expect(chips()).toEqual(["Performance"]);
    expect(input.value).toBe("");
    expect(posted()).toEqual({ tagIDs: ["4"], newTagNames: [] });

    fireEvent.click(screen.getByRole("button", { name: "Remove Performance" }));
    expect(chips()).toEqual([]);
    expect(posted()).toEqual({ tagIDs: [], newTagNames: [] });
  });

  it("takes new names from the 'New tag' option, Enter and commas, posted in newTagNames", async () => {
    const { type, posted, chips, input } = renderTags([{ tagID: null, name: "typed before" }]);
    expect(chips()).toEqual(["typed before"]);

    type("Brand New");
    await advance(limits.timing.tagSearchDebounceMs);
    await advance(0);
    fireEvent.click(screen.getByRole("option", { name: "New tag: Brand New" }));

    type("second");
    const enter = fireEvent.keyDown(input, { key: "Enter" });
    // Enter takes the name and does not send the form.
    expect(enter).toBe(false);

    type("third, fourth,");
    expect(input.value).toBe("");
    expect(chips()).toEqual(["typed before", "Brand New", "second", "third", "fourth"]);
    expect(posted()).toEqual({ tagIDs: [], newTagNames: ["typed before", "Brand New", "second", "third", "fourth"] });

    // The same name twice (any case) is one tag.
    type("BRAND NEW,");
    expect(chips()).toHaveLength(5);
  });

  it("counts a typed name that an existing tag has as that tag", async () => {
    const { type, posted, input } = renderTags();
    type("Themes");
    await advance(limits.timing.tagSearchDebounceMs);
    await advance(0);
    // No 'New tag' option for an existing name.
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Themes"]);
    fireEvent.keyDown(input, { key: "Enter" });
    expect(posted()).toEqual({ tagIDs: ["9"], newTagNames: [] });
  });
});
