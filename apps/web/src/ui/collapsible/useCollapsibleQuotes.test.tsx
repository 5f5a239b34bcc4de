import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { limits } from "@parley/contracts/limits";
import { useCollapsibleQuotes } from "./useCollapsibleQuotes.ts";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const limit = limits.sizes.collapsibleMaxHeight + limits.sizes.collapsibleOvershoot;

/** jsdom lays nothing out: each element's scrollHeight is its data-height (0 without one). */
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, "scrollHeight", "get").mockImplementation(function (this: HTMLElement) {
    return Number(this.dataset["height"] ?? 0);
  });
});

/** Two posts as the server renders them: bodies are HTML set with dangerouslySetInnerHTML. */
function Posts({ html }: { html: string[] }) {
  useCollapsibleQuotes(html);
  return (
    <main>
      {html.map((body, index) => (
        <article key={index}>
          <div dangerouslySetInnerHTML={{ __html: body }} />
        </article>
      ))}
    </main>
  );
}

const tall = `<blockquote data-height="${limit + 1}"><p>Tall quote</p></blockquote><p>After</p>`;
const short = `<blockquote data-height="${limit}"><p>Short quote</p></blockquote>`;

describe("useCollapsibleQuotes", () => {
  it("collapses a quote taller than maxHeight + overshoot behind Expand / Collapse, and leaves a short one", async () => {
    render(<Posts html={[tall, short]} />);
    const button = await screen.findByRole("button", { name: "Expand" });
    const quote = screen.getByText("Tall quote").closest("blockquote")!;
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(button.getAttribute("aria-controls")).toBe(quote.id);
    expect(quote.id).not.toBe("");
    expect(quote.className).toMatch(/collapsed/);
    expect(quote.style.getPropertyValue("--collapsible-max-height")).toBe(`${limits.sizes.collapsibleMaxHeight}px`);
    // The button follows its quote; the short quote gets none.
    expect(quote.nextElementSibling).toBe(button);
    expect(screen.getAllByRole("button")).toHaveLength(1);
    expect(screen.getByText("Short quote").closest("blockquote")!.className).toBe("");

    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(button.textContent).toBe("Collapse");
    expect(quote.className).not.toMatch(/collapsed/);
    fireEvent.click(button);
    expect(button.textContent).toBe("Expand");
    expect(quote.className).toMatch(/collapsed/);
  });

  it("loads nothing and changes nothing when no quote is long; runs again when the posts change", async () => {
    const { rerender } = render(<Posts html={[short]} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole("button")).toBeNull();
    rerender(<Posts html={[short, tall]} />);
    expect(await screen.findByRole("button", { name: "Expand" })).toBeTruthy();
    // Running again does not add a second button to a quote already done.
    rerender(<Posts html={[short, tall, short]} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getAllByRole("button", { name: "Expand" })).toHaveLength(1);
  });

  it("hides nothing in the server's HTML", () => {
    const html = renderToString(<Posts html={[tall]} />);
    expect(html).toContain("Tall quote");
    expect(html).not.toMatch(/collapsed|Expand/);
  });
});
