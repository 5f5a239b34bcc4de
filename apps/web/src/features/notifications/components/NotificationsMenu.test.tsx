import type { Me } from "@parley/contracts";
import { useQuery } from "@tanstack/react-query";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useApi } from "../../../lib/api-context.tsx";
import type { ApiResponse } from "../../../lib/api.ts";
import { memberMe, renderWithShell } from "../../../shell/testing.tsx";
import { jsonResponse } from "../../../test/fixtures.ts";
import { meQuery } from "../../users/index.ts";
import { makeNotification } from "../../../test/notifications.ts";
import { NotificationsMenu } from "./NotificationsMenu.tsx";

afterEach(cleanup);

/** The menu with the unread count it sits under (the badge's number). */
function Harness() {
  const { data: me } = useQuery(meQuery(useApi()));
  return (
    <>
      <output aria-label="Unread count">{me?.countUnreadNotifications}</output>
      <NotificationsMenu headingId="notifications-heading" />
    </>
  );
}

const me: Me = { ...memberMe, countUnreadNotifications: 2 };
const list = [
  makeNotification({ notificationID: 2 }),
  makeNotification({ notificationID: 1, read: true, body: "<b>Cy</b> commented on <b>Old news</b>." }),
  makeNotification({ notificationID: 3, body: "<b>Di</b> reacted to your comment in <b>Topic 3</b>." }),
];

const unreadCount = () => screen.getByLabelText("Unread count").textContent;
const unreadLinks = () => screen.queryAllByRole("link", { name: /Unread$/ });

describe("NotificationsMenu", () => {
  it("lists the latest notifications: photo, sentence, relative date, unread marker, link to the record", async () => {
    const { transport } = renderWithShell(<Harness />, {
      me,
      routes: { "GET /notifications": jsonResponse(list) },
    });
    const first = await screen.findByRole("link", { name: /Bea mentioned you in Topic 2/ });
    expect(first.getAttribute("href")).toBe("/discussion/comment/102#Comment_102");
    expect(first.querySelector("b")?.textContent).toBe("Bea");
    expect(first.querySelector("img")?.getAttribute("src")).toBe("http://localhost/images/bea.png");
    const time = first.querySelector("time")!;
    expect(time.getAttribute("datetime")).toBe("2025-01-01T11:00:00.000Z");
    expect(time.textContent).toMatch(/ ago$/);
    expect(first.textContent).toContain("Unread");
    const read = screen.getByRole("link", { name: /Cy commented on Old news/ });
    expect(read.textContent).not.toContain("Unread");
    expect(unreadLinks()).toHaveLength(2);
    expect(screen.getByRole("list", { name: "Notifications" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "All Notifications" }).getAttribute("href")).toBe("/profile/notifications");
    expect(transport.requests.find((request) => request.path === "/notifications")?.query).toEqual({
      page: 1,
      limit: 10,
    });
  });

  it("says so when there are none, and Mark All Read is then disabled", async () => {
    renderWithShell(<Harness />, {
      me: { ...me, countUnreadNotifications: 0 },
      routes: { "GET /notifications": jsonResponse([]) },
    });
    expect(await screen.findByText("You do not have any notifications yet.")).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Mark All Read" }).disabled).toBe(true);
  });

  it("marks a notification read when its link is followed: the badge goes down by one", async () => {
    const { transport } = renderWithShell(<Harness />, {
      me,
      routes: {
        "GET /notifications": jsonResponse(list),
        "PATCH /notifications/2": jsonResponse({ ...list[0], read: true }),
      },
    });
    fireEvent.click(await screen.findByRole("link", { name: /Bea mentioned you in Topic 2/ }));
    await waitFor(() => expect(unreadCount()).toBe("1"));
    const patch = transport.requests.find((request) => request.method === "PATCH");
    expect(patch).toMatchObject({ path: "/notifications/2", body: { read: true } });
    // A read notification's link changes nothing.
    fireEvent.click(screen.getByRole("link", { name: /Cy commented on Old news/ }));
    expect(transport.requests.filter((request) => request.method === "PATCH")).toHaveLength(1);
  });

  it("Mark All Read: every item read and the count 0 at once, before the server answers", async () => {
    let release!: (response: ApiResponse) => void;
    const answer = new Promise<ApiResponse>((resolve) => (release = resolve));
    const { transport } = renderWithShell(<Harness />, {
      me,
      routes: {
        "GET /notifications": jsonResponse(list),
        "PATCH /notifications": () => answer as unknown as ApiResponse,
      },
    });
    await screen.findByRole("link", { name: /Bea mentioned you in Topic 2/ });
    fireEvent.click(screen.getByRole("button", { name: "Mark All Read" }));
    await waitFor(() => expect(unreadCount()).toBe("0"));
    expect(unreadLinks()).toHaveLength(0);
    expect(transport.requests.at(-1)).toMatchObject({ method: "PATCH", path: "/notifications", body: { read: true } });
    release(jsonResponse(null, 204));
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>("button", { name: "Mark All Read" }).disabled).toBe(true),
    );
    expect(unreadLinks()).toHaveLength(0);
    expect(unreadCount()).toBe("0");
  });

  it("Mark All Read rolls back when the server refuses: items unread again, the count back, a toast", async () => {
    renderWithShell(<Harness />, {
      me,
      routes: {
        "GET /notifications": jsonResponse(list),
        "PATCH /notifications": jsonResponse({ message: "Nope", status: 500 }, 500),
      },
    });
    await screen.findByRole("link", { name: /Bea mentioned you in Topic 2/ });
    fireEvent.click(screen.getByRole("button", { name: "Mark All Read" }));
    expect(await screen.findByText("The notifications could not be marked read.")).toBeTruthy();
    expect(unreadCount()).toBe("2");
    expect(unreadLinks()).toHaveLength(2);
    const menu = screen.getByRole("list", { name: "Notifications" });
    expect(
      within(menu)
        .getAllByRole("listitem")
        .map((item) => item.getAttribute("data-read")),
    ).toEqual(["false", "true", "false"]);
  });
});
