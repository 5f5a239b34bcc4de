import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { layoutWidgets } from "./layouts.widgets.tsx";

afterEach(cleanup);

const Html = layoutWidgets["react.html"].component;

describe("react.html", () => {
  it("shows a text widget's body as the server rendered it (bodyHtml), under its title", () => {
    const { container } = render(<Html title="Welcome" bodyHtml="<p><strong>Hello</strong> there</p>" />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Welcome");
    expect(container.querySelector("strong")?.textContent).toBe("Hello");
  });

  it("shows only its title and description without a body", () => {
    const { container } = render(<Html title="Discussions" description="All of them" />);
    expect(container.textContent).toBe("DiscussionsAll of them");
    expect(container.querySelectorAll("div")).toHaveLength(0);
  });
});
