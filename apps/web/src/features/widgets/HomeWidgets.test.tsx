import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CollectionContent, WidgetProps } from "@parley/contracts";
import { createApiClient } from "../../lib/api.ts";
import { ApiProvider } from "../../lib/api-context.tsx";
import { createFakeTransport, jsonResponse } from "../../test/fixtures.ts";
import { prefetch, render as renderWidget } from "./HomeWidgets.tsx";

// jsdom scrolls nothing: the carousel's scrolling is recorded instead.
const scrollTo = vi.fn();
beforeEach(() => {
  scrollTo.mockClear();
  Element.prototype.scrollTo = scrollTo;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const record = (recordID: number, name: string, extra: Record<string, unknown> = {}) => ({
  recordID,
  recordType: "discussion",
  sort: recordID,
  record: { discussionID: recordID, name, url: `http://localhost/discussion/${recordID}`, ...extra },
});
const collection: CollectionContent = {
  collectionID: 7,
  name: "Featured",
  records: [
    record(1, "First", { excerpt: "The first one" }),
    record(2, "Second", { excerpt: "The second one" }),
    record(3, "Third"),
  ],
};

/** The widget's data fetched as the layout loader does (`prefetch`), then the widget rendered from it. */
async function setUp(props: WidgetProps<"react.collection-records">) {
  const transport = createFakeTransport({ "GET /collections/7/content/en": jsonResponse(collection) });
  const api = createApiClient(transport);
  const queryClient = new QueryClient();
  await prefetch("react.collection-records", { queryClient, api, url: new URL("http://localhost/") }, props);
  const wrap = (children: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api}>{children}</ApiProvider>
    </QueryClientProvider>
  );
  return { transport, wrap, element: renderWidget("react.collection-records", props) };
}

const carousel = (autoplaySeconds?: number): WidgetProps<"react.collection-records"> => ({
  title: "Featured",
  apiParams: { collectionID: 7 },
  containerOptions: { displayType: "carousel", ...(autoplaySeconds ? { autoplaySeconds } : {}) },
  itemOptions: { contentType: "title-description" },
});

describe("the featured collection widget", () => {
  it("is server-rendered with every record as a link, and a carousel as a plain list without its buttons", async () => {
    const { wrap, element, transport } = await setUp(carousel(5));
    expect(transport.requests.map((request) => request.path)).toEqual(["/collections/7/content/en"]);
    const html = renderToString(wrap(element));
    const doc = new DOMParser().parseFromString(html, "text/html");
    expect(doc.querySelector("[data-home-widget]")).not.toBeNull();
    expect(doc.querySelector("h2")?.textContent).toBe("Featured");
    expect([...doc.querySelectorAll("[aria-roledescription=slide] a")].map((a) => a.getAttribute("href"))).toEqual([
      "http://localhost/discussion/1",
      "http://localhost/discussion/2",
      "http://localhost/discussion/3",
    ]);
    expect(doc.querySelector("[aria-roledescription=carousel]")?.getAttribute("aria-label")).toBe("Featured");
    expect(doc.querySelectorAll("button")).toHaveLength(0);
    expect(doc.body.textContent).toContain("The first one");
  });

  it("with JavaScript, moves by Previous and Next and announces the slide in a polite live region", async () => {
    const { wrap, element } = await setUp(carousel());
    render(wrap(element));
    const status = screen.getByText("Slide 1 of 3");
    expect(status.getAttribute("aria-live")).toBe("polite");
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(status.textContent).toBe("Slide 2 of 3");
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo.mock.calls[0]).toMatchObject([{ behavior: "smooth" }]);
    fireEvent.click(screen.getByRole("button", { name: "Previous slide" }));
    fireEvent.click(screen.getByRole("button", { name: "Previous slide" }));
    expect(status.textContent).toBe("Slide 3 of 3");
    expect(screen.queryByRole("button", { name: /slides/ })).toBeNull();
  });

  it("auto-advances only when configured, silently, until paused; focus inside stops it", async () => {
    const { wrap, element } = await setUp(carousel(5));
    vi.useFakeTimers();
    render(wrap(element));
    const status = screen.getByText("Slide 1 of 3");
    expect(status.getAttribute("aria-live")).toBe("off");
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(status.textContent).toBe("Slide 2 of 3");
    fireEvent.click(screen.getByRole("button", { name: "Pause slides" }));
    expect(status.getAttribute("aria-live")).toBe("polite");
    act(() => {
      vi.advanceTimersByTime(20000);
    });
    expect(status.textContent).toBe("Slide 2 of 3");
    fireEvent.click(screen.getByRole("button", { name: "Play slides" }));
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(status.textContent).toBe("Slide 3 of 3");
    fireEvent.focus(screen.getByRole("button", { name: "Next slide" }));
    expect(screen.getByRole("button", { name: "Play slides" })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(20000);
    });
    expect(status.textContent).toBe("Slide 3 of 3");
  });

  it("does not auto-advance for a reader who prefers reduced motion", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: query.includes("reduce"), media: query }));
    const { wrap, element } = await setUp(carousel(5));
    vi.useFakeTimers();
    render(wrap(element));
    act(() => {
      vi.advanceTimersByTime(20000);
    });
    expect(screen.getByText("Slide 1 of 3")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Play slides" })).toBeTruthy();
  });

  it("draws the records as a grid, a list or links, in the chosen content type", async () => {
    const grid = await setUp({ apiParams: { collectionID: 7 }, itemOptions: { contentType: "title" } });
    const { container, unmount } = render(grid.wrap(grid.element));
    expect(container.querySelectorAll("h3")).toHaveLength(3);
    expect(container.textContent).not.toContain("The first one");
    unmount();
    const links = await setUp({ apiParams: { collectionID: 7 }, containerOptions: { displayType: "link" } });
    render(links.wrap(links.element));
    expect(screen.getAllByRole("link").map((link) => link.textContent)).toEqual(["First", "Second", "Third"]);
    expect(screen.queryByRole("heading", { level: 3 })).toBeNull();
  });
});

describe("quick links and the call to action", () => {
  it("renders the links under their title, and the call to action's button as a link", () => {
    render(
      <>
        {renderWidget("react.quick-links", { links: [{ name: "Help", url: "/categories/help" }] })}
        {renderWidget("react.cta", {
          title: "Join us",
          description: "Say hello.",
          button: { title: "Register", url: "/entry/register" },
        })}
      </>,
    );
    expect(screen.getByRole("heading", { name: "Quick Links" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Help" }).getAttribute("href")).toBe("/categories/help");
    expect(screen.getByRole("heading", { name: "Join us" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Register" }).getAttribute("href")).toBe("/entry/register");
  });
});
