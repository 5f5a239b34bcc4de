import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LayoutWidget } from "@parley/contracts";
import { LayoutRenderer } from "./LayoutRenderer.tsx";
import styles from "./LayoutRenderer.module.css";
import { layoutKeys, useTitleBar } from "./layouts.queries.ts";
import { SectionOneColumn, SectionTwoColumns } from "./Sections.tsx";
import { fallbackTitleBar } from "./titleBar.ts";
import {
  WidgetRegistryContext,
  collectWidgets,
  defineWidget,
  prefetchWidgets,
  type WidgetRegistry,
} from "./widgetRegistry.ts";

afterEach(cleanup);

const w = ($reactComponent: string, $reactProps: Record<string, unknown> = {}, device?: "desktop" | "mobile") => ({
  $reactComponent,
  $reactProps,
  ...(device ? { $middleware: { visibility: { device } } } : {}),
});

function Broken(): never {
  throw new Error("boom");
}

const registry: WidgetRegistry = {
  "react.section.1-column": defineWidget({ component: SectionOneColumn }),
  "react.section.2-columns": defineWidget({ component: SectionTwoColumns }),
  "test.text": defineWidget<{ text: string }>({ component: ({ text }) => <p>{text}</p> }),
  "test.broken": defineWidget({ component: Broken }),
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
        breadcrumbs: [w("test.text", { text: "crumbs" })],
        mainTop: [w("test.text", { text: "main 1" })],
        mainBottom: [w("test.text", { text: "main 2" })],
        secondaryTop: [w("test.text", { text: "panel" })],
      }),
    ]);
    expect(screen.getAllByRole("paragraph").map((p) => p.textContent)).toEqual(["crumbs", "main 1", "main 2", "panel"]);
    expect(screen.getByText("panel").closest("[data-slot]")?.getAttribute("data-slot")).toBe("secondary");
  });

  it("shows a visible placeholder for an unknown widget and warns once", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    renderLayout([w("react.nope"), w("react.nope")]);
    expect(screen.getAllByText('Unknown widget "react.nope"')).toHaveLength(2);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it("contains a failing widget: a message with Reload and Cancel, the rest of the page kept", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    renderLayout([w("test.broken"), w("test.text", { text: "still here" })]);
    expect(screen.getByRole("alert").textContent).toContain('There was a problem loading "test.broken"');
    expect(screen.getByRole("button", { name: "Reload" })).toBeTruthy();
    expect(screen.getByText("still here")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByText("still here")).toBeTruthy();
    error.mockRestore();
  });

  it("hides desktop-only widgets on mobile and mobile-only ones on desktop, by class (works server-side)", () => {
    renderLayout([w("test.text", { text: "desktop" }, "desktop"), w("test.text", { text: "mobile" }, "mobile")]);
    expect(screen.getByText("desktop").parentElement?.className).toBe(styles.hideOnMobile);
    expect(screen.getByText("mobile").parentElement?.className).toBe(styles.hideOnDesktop);
  });
});

describe("widget prefetch", () => {
  it("collects nested widgets and runs every prefetch at once", async () => {
    const started: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: WidgetRegistry = {
      ...registry,
      "test.a": defineWidget({ component: () => null, prefetch: async () => (started.push("a"), gate) }),
      "test.b": defineWidget({ component: () => null, prefetch: async () => (started.push("b"), gate) }),
    };
    const layout = [
      w("react.section.1-column", { children: [w("test.a"), w("test.text", { actions: [w("test.b")] })] }),
    ];
    expect(collectWidgets(layout).map((widget) => widget.$reactComponent)).toEqual([
      "react.section.1-column",
      "test.a",
      "test.text",
      "test.b",
    ]);
    const done = prefetchWidgets(slow, layout, {
      queryClient: new QueryClient(),
      api: { request: vi.fn(), get: vi.fn() },
      url: new URL("http://x/"),
    });
    await Promise.resolve();
    expect(started).toEqual(["a", "b"]);
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
