import { act, cleanup, render, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { limits } from "@parley/contracts/limits";
import { NowProvider } from "../../lib/now.tsx";
import { DateTime } from "./DateTime.tsx";

const start = Date.parse("2024-06-15T12:00:00Z");

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(start);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const time = () => document.querySelector("time")!;
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe("DateTime", () => {
  it("is a <time> with its ISO date and the full date as title", () => {
    render(<DateTime date="2024-01-05T15:04:00+00:00" mode="fixed" timezone="UTC" />);
    expect(time().getAttribute("datetime")).toBe("2024-01-05T15:04:00.000Z");
    expect(time().getAttribute("title")).toBe("Friday, January 5, 2024 at 3:04 PM UTC");
    expect(time().textContent).toBe("Jan 5, 2024");
  });

  it("has the fixed types", () => {
    render(<DateTime date="2024-01-05T15:04:00Z" mode="fixed" type="time" timezone="UTC" />);
    expect(time().textContent).toBe("3:04 PM");
  });

  it("refreshes relative dates every 30 s", () => {
    render(
      <NowProvider serverNow={start}>
        <DateTime date={new Date(start).toISOString()} />
      </NowProvider>,
    );
    expect(time().textContent).toBe("just now");
    advance(limits.relativeTimeRefreshMs - 1);
    expect(time().textContent).toBe("just now");
    advance(1);
    expect(time().textContent).toBe("a few seconds ago");
    advance(limits.relativeTimeRefreshMs);
    expect(time().textContent).toBe("1 minute ago");
  });

  it("keeps its own clock without a NowProvider", () => {
    render(<DateTime date={new Date(start - 3 * 3600_000).toISOString()} />);
    expect(time().textContent).toBe("3 hours ago");
    advance(limits.relativeTimeRefreshMs * 60);
    expect(time().textContent).toBe("4 hours ago");
  });

  it("hydrates without a mismatch though the browser's clock and zone differ from the server's", async () => {
    const date = "2024-06-15T11:59:58Z";
    const tree = (
      <NowProvider serverNow={start}>
        <DateTime date={date} />
        <DateTime date={date} mode="fixed" type="extended" />
      </NowProvider>
    );
    const html = renderToString(tree);
    expect(html).toContain("just now");
    expect(html).toContain("June 15, 2024 at 11:59 AM");

    // The page reaches the browser a minute later.
    vi.setSystemTime(start + 60_000);
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const onRecoverableError = vi.fn();
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const root = await act(async () => hydrateRoot(container, tree, { onRecoverableError }));
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    // After hydration: the browser's clock.
    expect(screen.getAllByText("1 minute ago")).toHaveLength(1);
    act(() => root.unmount());
    container.remove();
    consoleError.mockRestore();
  });
});
