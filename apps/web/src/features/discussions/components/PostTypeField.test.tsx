import "../../../ui/test/dom.ts";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { makeCategory } from "../../../test/fixtures.ts";
import { CategoryChooser } from "./CategoryChooser.tsx";
import { PostTypeField } from "./PostTypeField.tsx";

afterEach(cleanup);

const tree = [
  makeCategory({ categoryID: 1, name: "General" }),
  makeCategory({
    categoryID: 2,
    name: "Help",
    displayAs: "categories",
    children: [
      makeCategory({
        categoryID: 3,
        name: "Questions",
        depth: 2,
        parentCategoryID: 2,
        allowedDiscussionTypes: ["question"],
      }),
    ],
  }),
];

const optionsOf = (html: string) => [...html.matchAll(/<option[^>]*value="([^"]*)"/g)].map((match) => match[1]);

/** The page's pairing: the chooser's choice decides the types offered. */
function Fields({ initial }: { initial: string }) {
  const [chosen, setChosen] = useState(initial);
  return (
    <form aria-label="New Discussion">
      <CategoryChooser tree={tree} defaultValue={initial} onChange={setChosen} />
      <PostTypeField tree={tree} categoryID={chosen} defaultValue={undefined} error={undefined} />
    </form>
  );
}

describe("the new discussion's type", () => {
  it("offers, in the server's HTML, only the types of the category the page opens on (any depth), every type otherwise", () => {
    expect(
      optionsOf(
        renderToString(<PostTypeField tree={tree} categoryID="3" defaultValue={undefined} error={undefined} />),
      ),
    ).toEqual(["question"]);
    expect(
      optionsOf(renderToString(<PostTypeField tree={tree} categoryID="" defaultValue={undefined} error={undefined} />)),
    ).toEqual(["discussion", "question", "idea", "poll"]);
    // Polls only while the polls add-on is on.
    expect(
      optionsOf(
        renderToString(
          <PostTypeField tree={tree} categoryID="" defaultValue={undefined} error={undefined} polls={false} />,
        ),
      ),
    ).toEqual(["discussion", "question", "idea"]);
  });

  it("follows the category chosen in the plain select", () => {
    render(<Fields initial="1" />);
    const type = screen.getByRole("combobox", { name: "Type" });
    expect([...type.querySelectorAll("option")].map((option) => option.value)).toEqual([
      "discussion",
      "question",
      "idea",
      "poll",
    ]);
    fireEvent.change(screen.getByRole("combobox", { name: "Category" }), { target: { value: "3" } });
    const narrowed = screen.getByRole("combobox", { name: "Type" });
    expect([...narrowed.querySelectorAll("option")].map((option) => option.value)).toEqual(["question"]);
  });
});
