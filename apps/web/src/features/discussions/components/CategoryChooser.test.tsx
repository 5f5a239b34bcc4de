import "../../../ui/test/dom.ts";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { memberMe, renderWithShell, TestProviders } from "../../../shell/testing.tsx";
import { jsonResponse, makeCategory } from "../../../test/fixtures.ts";
import { CategoryChooser } from "./CategoryChooser.tsx";
import { TagsInput } from "./TagsInput.tsx";

afterEach(cleanup);

const tree = [
  makeCategory({ categoryID: 1, name: "General" }),
  makeCategory({
    categoryID: 2,
    name: "Help",
    displayAs: "categories",
    children: [makeCategory({ categoryID: 3, name: "Installation", depth: 2, parentCategoryID: 2 })],
  }),
];

const routes = (taggingEnabled: boolean) => ({
  "GET /categories/search": jsonResponse([]),
  "GET /config": jsonResponse({ "tagging.enabled": taggingEnabled }),
  "GET /tags": jsonResponse([]),
});

function Form({ category = "", tags = "" }: { category?: string; tags?: string }) {
  return (
    <form aria-label="New Discussion">
      <CategoryChooser tree={tree} defaultValue={category} />
      <TagsInput defaultValue={tags} />
    </form>
  );
}

describe("the new discussion's category and tags fields", () => {
  it("are a select and nothing for tags in the server's HTML until tagging is known", () => {
    const html = renderToString(
      <TestProviders me={memberMe}>
        <Form category="3" />
      </TestProviders>,
    );
    expect(html).toContain('<select id="discussion-category" name="categoryID"');
    expect(html).toMatch(/<option value="2" disabled="">Help<\/option>/);
    expect(html).toMatch(/<option value="3" selected="">— Installation<\/option>/);
    expect(html).not.toContain('name="tags"');
  });

  it("become the pickers once loaded, keeping what was chosen and typed before", async () => {
    const { container } = renderWithShell(<Form tags="one, two" />, { me: memberMe, routes: routes(true) });
    fireEvent.change(screen.getByRole("combobox", { name: "Category" }), { target: { value: "3" } });
    // The plain tags field shows once tagging is known to be on (or straight away when prefetched).
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Tags" })).toBeTruthy());
    await waitFor(() => expect(container.querySelector("select")).toBeNull());
    expect(container.querySelector<HTMLInputElement>('input[name="categoryID"]')?.value).toBe("3");
    expect(screen.getByRole<HTMLInputElement>("combobox", { name: "Category" }).value).toBe("Installation");
    expect([...container.querySelectorAll<HTMLInputElement>('input[name="newTagNames"]')].map((i) => i.value)).toEqual([
      "one",
      "two",
    ]);
    expect(container.querySelector('input[name="tags"]')).toBeNull();
  });

  it("leave out tags when tagging is off", async () => {
    const { transport } = renderWithShell(<Form />, { me: memberMe, routes: routes(false) });
    await waitFor(() => expect(transport.requests.some((request) => request.path === "/config")).toBe(true));
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Category" }).tagName).toBe("INPUT"));
    expect(screen.queryByRole("combobox", { name: "Tags" })).toBeNull();
    expect(screen.queryByRole("textbox", { name: "Tags" })).toBeNull();
  });
});
