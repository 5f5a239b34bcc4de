import "../../../ui/test/dom.ts";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { limits } from "@parley/contracts/limits";
import type { ApiRequest } from "../../../lib/api.ts";
import { memberMe, renderWithShell } from "../../../shell/testing.tsx";
import { jsonResponse, makeCategory } from "../../../test/fixtures.ts";
import { CategoryComboBox } from "./CategoryComboBox.tsx";
import type { CategorySuggestion } from "./postForm.queries.ts";

const crumbs = (...names: string[]) => [
  { name: "Home", url: "http://localhost/" },
  ...names.map((name) => ({ name, url: `http://localhost/categories/${name}` })),
];

const categories: CategorySuggestion[] = [
  { ...makeCategory({ categoryID: 1, name: "General Discussion" }), breadcrumbs: crumbs("General Discussion") },
  {
    ...makeCategory({ categoryID: 5, name: "Installation", depth: 2 }),
    breadcrumbs: crumbs("Help & Support", "Installation"),
  },
  {
    ...makeCategory({ categoryID: 6, name: "Troubleshooting", depth: 2 }),
    breadcrumbs: crumbs("Help & Support", "Troubleshooting"),
  },
];

/** `GET /categories/search` over the fixture: names containing the query. */
const search = (request: ApiRequest) => {
  const text = request.query?.["query"];
  const query = typeof text === "string" ? text.toLowerCase() : "";
  return jsonResponse(categories.filter((category) => category.name.toLowerCase().includes(query)));
};

const searches = (requests: ApiRequest[]) =>
  requests.filter((request) => request.path === "/categories/search").map((request) => request.query?.["query"]);

/** Lets timers run and the fake transport's promises settle. */
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

function renderChooser(initial: { categoryID: number; name: string } | null = null) {
  const rendered = renderWithShell(
    <form aria-label="New Discussion">
      <CategoryComboBox initial={initial} />
    </form>,
    { me: memberMe, routes: { "GET /categories/search": search } },
  );
  const input = screen.getByRole<HTMLInputElement>("combobox", { name: "Category" });
  const hidden = () => rendered.container.querySelector<HTMLInputElement>('input[type="hidden"][name="categoryID"]');
  return { ...rendered, input, hidden };
}

describe("CategoryComboBox", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("searches 100 ms after the typing stops, postable categories only, with breadcrumbs", async () => {
    const { input, transport } = renderChooser();
    await advance(0);
    expect(searches(transport.requests)).toEqual([""]);

    act(() => input.focus());
    fireEvent.change(input, { target: { value: "tr" } });
    await advance(limits.timing.categorySearchDebounceMs - 1);
    fireEvent.change(input, { target: { value: "trou" } });
    await advance(limits.timing.categorySearchDebounceMs - 1);
    // Still typing: nothing asked for yet.
    expect(searches(transport.requests)).toEqual([""]);
    await advance(1);
    expect(searches(transport.requests)).toEqual(["", "trou"]);
    expect(transport.requests.at(-1)?.query).toEqual({
      query: "trou",
      expand: ["breadcrumbs"],
      limit: limits.categories.searchLimit,
      filterDiscussionsAdd: true,
    });

    await advance(0);
    const options = screen.getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["TroubleshootingHelp & Support"]);
  });

  it("writes the chosen category's id into the hidden categoryID input", async () => {
    const { input, hidden } = renderChooser();
    expect(hidden()?.value).toBe("");
    act(() => input.focus());
    fireEvent.change(input, { target: { value: "inst" } });
    await advance(limits.timing.categorySearchDebounceMs);
    fireEvent.click(screen.getByRole("option", { name: /Installation/ }));
    expect(hidden()?.value).toBe("5");
    expect(input.value).toBe("Installation");

    // Clearing the text clears the choice.
    fireEvent.change(input, { target: { value: "" } });
    expect(hidden()?.value).toBe("");
  });

  it("shows the preselected category and lists every category for its name or an empty text", async () => {
    const { input, hidden, transport } = renderChooser({ categoryID: 6, name: "Troubleshooting" });
    expect(input.value).toBe("Troubleshooting");
    expect(hidden()?.value).toBe("6");
    await advance(limits.timing.categorySearchDebounceMs);
    // The chosen name is not a search: the full list is asked for.
    expect(searches(transport.requests)).toEqual([""]);

    act(() => input.focus());
    fireEvent.keyDown(input, { key: "ArrowDown" });
    await advance(0);
    expect(screen.getAllByRole("option").map((option) => option.getAttribute("data-key"))).toEqual(["1", "5", "6"]);
    fireEvent.keyDown(input, { key: "Escape" });

    // Typing something that matches nothing, then leaving: the text goes back to the choice.
    fireEvent.change(input, { target: { value: "zzz" } });
    await advance(limits.timing.categorySearchDebounceMs);
    act(() => input.blur());
    expect(input.value).toBe("Troubleshooting");
    expect(hidden()?.value).toBe("6");
  });
});
