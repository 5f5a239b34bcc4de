import { act, cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fallbackTitleBar } from "../layouts/index.ts";
import { TitleBar } from "../../shell/TitleBar.tsx";
import { guestMe, memberMe, renderWithShell } from "../../shell/testing.tsx";
import { jsonResponse } from "../../test/fixtures.ts";
import { FakeEventSource, makeNotification } from "../../test/notifications.ts";

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal("EventSource", FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("live updates in the title bar", () => {
  it("a signed-in member's badge follows `counts` events without reloading; one stream per tab", async () => {
    renderWithShell(<TitleBar {...fallbackTitleBar} />, {
      me: memberMe,
      routes: { "GET /notifications": jsonResponse([makeNotification({ notificationID: 1 })]) },
    });
    await screen.findByRole("button", { name: "Notifications, 3 unread" });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(FakeEventSource.latest.url).toBe("/api/v2/events/stream");
    act(() => FakeEventSource.latest.send("counts", { countUnreadNotifications: 7 }, "1"));
    expect(await screen.findByRole("button", { name: "Notifications, 7 unread" })).toBeTruthy();
    act(() => FakeEventSource.latest.send("counts", { countUnreadNotifications: 0 }, "2"));
    expect(await screen.findByRole("button", { name: "Notifications" })).toBeTruthy();
    cleanup();
    expect(FakeEventSource.latest.closed).toBe(true);
  });

  it("guests get no stream", async () => {
    renderWithShell(<TitleBar {...fallbackTitleBar} />, { me: guestMe });
    await screen.findByRole("link", { name: "Sign In" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(FakeEventSource.instances).toHaveLength(0);
  });
});
