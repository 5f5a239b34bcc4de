import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LayoutWidget, WidgetName, WidgetOf, WidgetProps } from "@parley/contracts";
import { LayoutRenderer } from "./LayoutRenderer.tsx";
import styles from "./LayoutRenderer.module.css";
import { layoutKeys, useTitleBar } from "./layouts.queries.ts";
import { SectionOneColumn, SectionTwoColumns } from "./Sections.tsx";
import { fallbackTitleBar } from "./titleBar.ts";
import { WidgetRegistryContext, collectWidgets, prefetchWidgets, type WidgetRegistry } from "./widgetRegistry.ts";

afterEach(cleanup);

const w = <Name extends WidgetName>(
  $reactComponent: Name,
  $reactProps: WidgetProps<Name>,
  device?: "desktop" | "mobile",
) =>
  ({ $reactComponent, $reactProps, ...(device ? { $middleware: { visibility: { device } } } : {}) }) as WidgetOf<Name>;
const text = (title: string, device?: "desktop" | "mobile") => w("react.html", { title }, device);

function Broken(): never {
  throw new Error("boom");
}

/** Sections, a title that renders as a paragraph, and a New Discussion button that fails to render. */
const registry: WidgetRegistry = {
  "react.section.1-column": { component: SectionOneColumn },
  "react.section.2-columns": { component: SectionTwoColumns },
  "react.html": { component: ({ title }) => <p>{title}</p> },
  "react.newPostButton": { component: Broken },
};

const renderLayout = (widgets: LayoutWidget[]) =>
  render(
    <WidgetRegistryContext.Provider value={registry}>
      <LayoutRenderer widgets={widgets} />
    </WidgetRegistryContext.Provider>,
  );

describe("LayoutRenderer", () => {
  it("renders sections' nested widgets in their slots, in order", () => {
    renderLayout([
      w("react.section.2-columns", {
        breadcrumbs: [text("crumbs")],
        mainTop: [text("main 1")],
        mainBottom: [text("main 2")],
        secondaryTop: [text("panel")],
      }),
    ]);
    expect(screen.getAllByRole("paragraph").map((p) => p.textContent)).toEqual(["crumbs", "main 1", "main 2", "panel"]);
    expect(screen.getByText("panel").closest("[data-slot]")?.getAttribute("data-slot")).toBe("secondary");
  });

  it("shows a visible placeholder for a widget it does not know (a newer server's) and warns once", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const unknown = { $reactComponent: "react.nope", $reactProps: {} } as unknown as LayoutWidget;
    renderLayout([unknown, unknown, w("react.breadcrumbs", { recordType: "category", recordID: "x" })]);
    expect(screen.getAllByText('Unknown widget "react.nope"')).toHaveLength(2);
    expect(screen.getByText('Unknown widget "react.breadcrumbs"')).toBeTruthy();
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it("contains a failing widget: a message with Reload and Cancel, the rest of the page kept", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    renderLayout([w("react.newPostButton", {}), text("still here")]);
    expect(screen.getByRole("alert").textContent).toContain('There was a problem loading "react.newPostButton"');
    expect(screen.getByRole("button", { name: "Reload" })).toBeTruthy();
    expect(screen.getByText("still here")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByText("still here")).toBeTruthy();
    error.mockRestore();
  });

  it("hides desktop-only widgets on mobile and mobile-only ones on desktop, by class (works server-side)", () => {
    renderLayout([text("desktop", "desktop"), text("mobile", "mobile")]);
    expect(screen.getByText("desktop").parentElement?.className).toBe(styles.hideOnMobile);
    expect(screen.getByText("mobile").parentElement?.className).toBe(styles.hideOnDesktop);
  });
});

describe("widget prefetch", () => {
  it("collects nested widgets and runs every prefetch at once, with the widget's own props", async () => {
    const started: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: WidgetRegistry = {
      ...registry,
      "react.asset.categoryHeader": {
        component: () => null,
        prefetch: async (_context, { categoryCode }) => (started.push(categoryCode), gate),
      },
      "react.newPostButton": {
        component: () => null,
        prefetch: async (_context, { categoryID }) => (started.push(`new post in ${categoryID}`), gate),
      },
    };
    const list = w("react.asset.discussionList", {
      apiParams: { limit: 10, page: 1 },
      basePath: "/discussions",
      actions: [w("react.newPostButton", { categoryID: 7 })],
    });
    const layout = [
      w("react.section.1-column", {
        children: [w("react.asset.categoryHeader", { categoryCode: "a", page: 1 }), list],
      }),
    ];
    expect(collectWidgets(layout).map((widget) => widget.$reactComponent)).toEqual([
      "react.section.1-column",
      "react.asset.categoryHeader",
      "react.asset.discussionList",
      "react.newPostButton",
    ]);
    const done = prefetchWidgets(slow, layout, {
      queryClient: new QueryClient(),
      api: { request: vi.fn(), get: vi.fn() },
      url: new URL("http://x/"),
    });
    await Promise.resolve();
    expect(started).toEqual(["a", "new post in 7"]);
    release();
    await done;
  });
});

describe("useTitleBar", () => {
  function Probe() {
    const bar = useTitleBar();
    return <p>{bar.navigation.items.map((item) => item.name).join(", ")}</p>;
  }
  it("reads the title bar from the query cache, with the defaults before any layout answer", () => {
    const queryClient = new QueryClient();
    const view = render(
      <QueryClientProvider client={queryClient}>
        <Probe />
      </QueryClientProvider>,
    );
    expect(screen.getByText("Posts, Categories")).toBeTruthy();
    queryClient.setQueryData(layoutKeys.titleBar(), {
      ...fallbackTitleBar,
      navigation: { items: [{ id: "kb", name: "Help", url: "/kb" }], alignment: "left" },
    });
    view.rerender(
      <QueryClientProvider client={queryClient}>
        <Probe />
      </QueryClientProvider>,
    );
    expect(screen.getByText("Help")).toBeTruthy();
  });
});
