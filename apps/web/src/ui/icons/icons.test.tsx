import { act } from "@testing-library/react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QuoteIcon, ReplyIcon } from "./icons.tsx";
import { BookmarkIcon, CommentIcon } from "./more.tsx";

afterEach(() => {
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

/** Renders a tree into a fresh container in the page; returns the container and its root. */
function mount(tree: React.ReactNode) {
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(tree));
  return { container, root };
}

describe("Lucide icons", () => {
  it("are drawn by the server with the stroke's class and the drawing, not five attributes per icon", () => {
    const html = renderToString(<ReplyIcon size={16} className="mine" data-part="reply" />);
    const container = document.createElement("div");
    container.innerHTML = html;
    const svg = container.querySelector("svg")!;
    expect(svg.getAttribute("viewBox")).toBe("0 0 24 24");
    expect(svg.getAttribute("aria-hidden")).toBe("true");
    expect([svg.getAttribute("width"), svg.getAttribute("height")]).toEqual(["16", "16"]);
    expect(svg.getAttribute("data-part")).toBe("reply");
    // The stroke's class first, then the caller's.
    const classes = svg.getAttribute("class")!.split(" ");
    expect(classes).toHaveLength(2);
    expect(classes[1]).toBe("mine");
    for (const attribute of ["fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "style"]) {
      expect(svg.hasAttribute(attribute), attribute).toBe(false);
    }
    // The drawing: one path (the build makes it so; Lucide's own data here may have more shapes), with its data.
    const shapes = svg.querySelectorAll("*");
    expect(shapes.length).toBeGreaterThan(0);
    for (const shape of shapes) expect(shape.attributes.length).toBeGreaterThan(0);
    expect(svg.innerHTML).not.toContain("key=");
    // Another icon draws something else.
    expect(svg.innerHTML).not.toBe(
      new DOMParser().parseFromString(renderToString(<QuoteIcon size={16} />), "text/html").querySelector("svg")!
        .innerHTML,
    );
  });

  it("take a fill or a stroke width as an inline style, which wins over the class as the attributes did", () => {
    const filled = renderToString(<BookmarkIcon size={18} fill="currentColor" />);
    expect(filled).toMatch(/style="fill:currentColor"/);
    const thin = renderToString(<CommentIcon size={32} strokeWidth={1.5} />);
    expect(thin).toMatch(/style="stroke-width:1.5"/);
    expect(thin).not.toMatch(/ fill=/);
  });

  it("hydrate the server's markup without a mismatch and draw the same in the browser", async () => {
    const tree = (
      <p>
        <ReplyIcon size={16} />
        <BookmarkIcon size={18} fill="currentColor" />
      </p>
    );
    const html = renderToString(tree);
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const onRecoverableError = vi.fn();
    const root = await act(async () => hydrateRoot(container, tree, { onRecoverableError }));
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe(html);
    act(() => root.unmount());

    // Rendered in the browser (a page reached by client-side navigation): the same markup (the browser writes the
    // style its own way: "fill: currentColor;").
    const client = mount(tree);
    const normalised = (markup: string) =>
      markup.replace(/style="([^"]*)"/g, (_, css: string) => css.replace(/[\s;]/g, ""));
    expect(normalised(client.container.innerHTML)).toBe(normalised(html));
    act(() => client.root.unmount());
  });

  it("keep their drawing when they render again with another fill", () => {
    const { container, root } = mount(<BookmarkIcon size={18} fill="none" />);
    const drawing = container.querySelector("svg")!.innerHTML;
    expect(drawing).toMatch(/^<path d="[^"]+"><\/path>$/);
    act(() => root.render(<BookmarkIcon size={18} fill="currentColor" />));
    const svg = container.querySelector("svg")!;
    expect(svg.innerHTML).toBe(drawing);
    expect(svg.getAttribute("style")).toBe("fill: currentColor;");
    act(() => root.unmount());
  });
});
