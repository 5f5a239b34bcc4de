import { cleanup, render, screen, within } from "@testing-library/react";
import type { ComponentProps } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { TestProviders } from "../../../shell/testing.tsx";
import { makeCategory } from "../../../test/fixtures.ts";
import { CategoryList } from "./CategoryList.tsx";

afterEach(cleanup);

const general = makeCategory({
  categoryID: 1,
  name: "General",
  urlcode: "general",
  description: "Talk about anything.",
  countAllDiscussions: 1234,
  countAllComments: 2_500_000,
  children: [
    makeCategory({ categoryID: 3, name: "Introductions", urlcode: "introductions", parentCategoryID: 1, depth: 2 }),
    makeCategory({ categoryID: 4, name: "Off Topic", urlcode: "off-topic", parentCategoryID: 1, depth: 2 }),
  ],
});
const news = makeCategory({
  categoryID: 2,
  name: "News",
  urlcode: "news",
  countAllDiscussions: 12,
  countAllComments: 999,
});

const renderList = (props: ComponentProps<typeof CategoryList>) =>
  render(
    <TestProviders>
      <MemoryRouter>
        <CategoryList {...props} />
      </MemoryRouter>
    </TestProviders>,
  );

const itemOf = (name: string) => {
  const item = screen.getByRole("heading", { name }).closest("li");
  if (!item) throw new Error(`No list item for ${name}.`);
  return item;
};

describe("CategoryList", () => {
  it("links each category's name to /categories/{urlcode} in a level-2 heading", () => {
    renderList({ categories: [general, news] });

    expect(screen.getByRole("heading", { level: 2, name: "General" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "General" }).getAttribute("href")).toBe("/categories/general");
    expect(screen.getByRole("link", { name: "News" }).getAttribute("href")).toBe("/categories/news");
  });

  it("uses level-3 headings when asked", () => {
    renderList({ categories: [news], headingLevel: 3 });
    expect(screen.getByRole("heading", { level: 3, name: "News" })).toBeTruthy();
    expect(screen.queryByRole("heading", { level: 2 })).toBeNull();
  });

  it("shows descriptions only for categories that have one", () => {
    renderList({ categories: [general, news] });
    expect(within(itemOf("General")).getByText("Talk about anything.")).toBeTruthy();
    expect(itemOf("News").querySelectorAll("p")).toHaveLength(0);
  });

  it("links the subcategories", () => {
    renderList({ categories: [general, news] });

    const subcategories = screen.getByRole("list", { name: "Subcategories of General" });
    const links = within(subcategories).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Introductions", "/categories/introductions"],
      ["Off Topic", "/categories/off-topic"],
    ]);
    expect(screen.queryByRole("list", { name: "Subcategories of News" })).toBeNull();
  });

  it("shows the counts abbreviated, with the exact number in the title", () => {
    renderList({ categories: [general, news] });

    const counts = (name: string) =>
      [...itemOf(name).querySelectorAll("dl > div")].map((pair) => [
        pair.querySelector("dt")?.textContent,
        pair.querySelector("dd")?.textContent,
        pair.querySelector("dd")?.getAttribute("title"),
      ]);
    expect(counts("General")).toEqual([
      ["Discussions", "1.2k", "1,234"],
      ["Comments", "2.5m", "2,500,000"],
    ]);
    expect(counts("News")).toEqual([
      ["Discussions", "12", "12"],
      ["Comments", "999", "999"],
    ]);
  });

  it("encodes URL codes in links and falls back to the id without one", () => {
    renderList({
      categories: [
        makeCategory({ categoryID: 5, name: "Q&A", urlcode: "q&a" }),
        makeCategory({ categoryID: 6, name: "Legacy", urlcode: "" }),
      ],
    });
    expect(screen.getByRole("link", { name: "Q&A" }).getAttribute("href")).toBe("/categories/q%26a");
    expect(screen.getByRole("link", { name: "Legacy" }).getAttribute("href")).toBe("/categories/6");
  });

  it("shows the empty state without categories", () => {
    renderList({ categories: [] });
    expect(screen.getByText("No categories were found.")).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
  });
});
