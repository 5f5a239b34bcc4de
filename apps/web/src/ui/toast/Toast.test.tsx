import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { StrictMode } from "react";
import { limits } from "@parley/contracts/limits";
import { ToastProvider, useToast, type ToastApi } from "./ToastProvider.tsx";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Renders a provider and hands its API to the test. */
function setup() {
  let api!: ToastApi;
  function Grab() {
    api = useToast();
    return null;
  }
  const view = render(
    <ToastProvider>
      <Grab />
    </ToastProvider>,
  );
  const region = view.container.querySelector('[aria-live="polite"]')!;
  const toast = (id: string) => region.querySelector<HTMLElement>(`[data-toast-id="${id}"]`);
  return { api: () => api, region, toast };
}

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe("toasts", () => {
  it("live in a polite live region that exists before any toast", () => {
    const { region } = setup();
    expect(region).toBeTruthy();
    expect(region.children).toHaveLength(0);
  });

  it("auto-dismiss after 3000 ms by default, then are removed 2000 ms after hiding", () => {
    const { api, toast } = setup();
    act(() => void api().addToast({ toastID: "saved", body: "Saved." }));
    expect(toast("saved")?.dataset.visibility).toBe("visible");
    expect(screen.getByText("Saved.")).toBeTruthy();

    advance(limits.toast.autoDismissMs - 1);
    expect(toast("saved")?.dataset.visibility).toBe("visible");
    advance(1);
    expect(toast("saved")?.dataset.visibility).toBe("hidden");
    expect(toast("saved")?.getAttribute("aria-hidden")).toBe("true");
    expect(toast("saved")?.hasAttribute("inert")).toBe(true);

    advance(limits.toast.removeAfterHideMs - 1);
    expect(toast("saved")).toBeTruthy();
    advance(1);
    expect(toast("saved")).toBeNull();
  });

  it("honour a custom duration, and never time out when persistent or autoDismiss is off", () => {
    const { api, toast } = setup();
    act(() => {
      api().addToast({ toastID: "quick", body: "Quick", autoDismissDuration: 500 });
      api().addToast({ toastID: "stay", body: "Stay", persistent: true });
      api().addToast({ toastID: "manual", body: "Manual", autoDismiss: false });
    });
    advance(500);
    expect(toast("quick")?.dataset.visibility).toBe("hidden");
    advance(60_000);
    expect(toast("quick")).toBeNull();
    expect(toast("stay")?.dataset.visibility).toBe("visible");
    expect(toast("manual")?.dataset.visibility).toBe("visible");
  });

  it("are replaced when added again with the same id, and the timer starts over", () => {
    const { api, toast, region } = setup();
    act(() => void api().addToast({ toastID: "draft", body: "Saving…" }));
    advance(2000);
    act(() => void api().addToast({ toastID: "draft", body: "Saved Draft Available." }));
    expect(region.querySelectorAll("[data-toast-id]")).toHaveLength(1);
    expect(screen.queryByText("Saving…")).toBeNull();
    expect(screen.getByText("Saved Draft Available.")).toBeTruthy();
    advance(2000);
    expect(toast("draft")?.dataset.visibility).toBe("visible");
    advance(limits.toast.autoDismissMs - 2000);
    expect(toast("draft")?.dataset.visibility).toBe("hidden");
  });

  it("can be dismissed with their button when dismissible", () => {
    const { api, toast } = setup();
    act(
      () =>
        void api().addToast({
          toastID: "email",
          body: "Your email address is not confirmed.",
          persistent: true,
          dismissible: true,
        }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(toast("email")?.dataset.visibility).toBe("hidden");
    advance(limits.toast.removeAfterHideMs);
    expect(toast("email")).toBeNull();
  });

  it("have no Dismiss button unless dismissible", () => {
    const { api } = setup();
    act(() => void api().addToast({ body: "Saved." }));
    expect(screen.queryByRole("button", { name: "Dismiss" })).toBeNull();
  });

  it("wait while hovered and start their time again after", () => {
    const { api, toast } = setup();
    act(() => void api().addToast({ toastID: "hover", body: "Hover me" }));
    advance(2000);
    fireEvent.mouseEnter(toast("hover")!);
    advance(10_000);
    expect(toast("hover")?.dataset.visibility).toBe("visible");
    fireEvent.mouseLeave(toast("hover")!);
    advance(limits.toast.autoDismissMs);
    expect(toast("hover")?.dataset.visibility).toBe("hidden");
  });

  it("are wide on request", () => {
    const { api, toast, region } = setup();
    act(() => {
      api().addToast({ toastID: "narrow", body: "Narrow" });
      api().addToast({ toastID: "wide", body: "Wide", wide: true });
    });
    expect(toast("wide")?.className).not.toBe(toast("narrow")?.className);
    const style = (region as HTMLElement).style;
    expect(style.getPropertyValue("--toast-width")).toBe(`${limits.sizes.toastWidth}px`);
    expect(style.getPropertyValue("--toast-width-wide")).toBe(`${limits.sizes.toastWidthWide}px`);
    expect(style.getPropertyValue("--toast-max-height")).toBe(`${limits.sizes.toastMaxHeight}px`);
  });
});

describe("ToastProvider", () => {
  it("keeps working under StrictMode's double effects", () => {
    let api!: ToastApi;
    function Grab() {
      api = useToast();
      return null;
    }
    render(
      <StrictMode>
        <ToastProvider>
          <Grab />
        </ToastProvider>
      </StrictMode>,
    );
    act(() => void api.addToast({ toastID: "strict", body: "Strict" }));
    expect(screen.getByText("Strict")).toBeTruthy();
    advance(limits.toast.autoDismissMs + limits.toast.removeAfterHideMs);
    expect(screen.queryByText("Strict")).toBeNull();
  });
});

describe("useToast", () => {
  it("needs a provider", () => {
    function Orphan() {
      useToast();
      return null;
    }
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Orphan />)).toThrow(/ToastProvider/);
  });
});
