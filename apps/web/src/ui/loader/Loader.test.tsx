import { act, cleanup, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { limits } from "@parley/contracts/limits";
import { Loader } from "./Loader.tsx";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe("Loader", () => {
  it("shows nothing before the 150 ms delay, then a spinner announced as 'Loading'", () => {
    render(<Loader />);
    const status = screen.getByRole("status");
    expect(status.textContent).toBe("");
    advance(limits.timing.loaderDelayMs - 1);
    expect(status.textContent).toBe("");
    advance(1);
    expect(status.textContent).toBe("Loading");
  });

  it("takes another delay and label", () => {
    render(<Loader delay={1000} label="Loading comments" />);
    advance(999);
    expect(screen.getByRole("status").textContent).toBe("");
    advance(1);
    expect(screen.getByRole("status").textContent).toBe("Loading comments");
  });

  it("never appears when unmounted before the delay", () => {
    const { unmount } = render(<Loader />);
    unmount();
    expect(() => advance(limits.timing.loaderDelayMs)).not.toThrow();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("renders an empty status on the server", () => {
    const html = renderToString(<Loader />);
    expect(html).toContain('role="status"');
    expect(html).not.toContain("Loading");
  });
});
