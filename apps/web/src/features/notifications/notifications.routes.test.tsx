import type { Me } from "@parley/contracts";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createApiClient } from "../../lib/api.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { Providers } from "../../Providers.tsx";
import { guestMe, memberMe } from "../../shell/testing.tsx";
import { createFakeTransport, jsonResponse } from "../../test/fixtures.ts";
import { createNotificationRoutes, unsubscribedMessage } from "./notifications.routes.tsx";
import { makeNotification } from "../../test/notifications.ts";

afterEach(cleanup);

const schema = {
  type: "object",
  properties: {
    notifications: {
      type: "object",
      "x-control": { label: "Notifications", description: "Choose to be notified by notification popup or email." },
      properties: {
        myPosts: {
          type: "object",
          "x-control": { label: "Mentions, quotes and reactions", description: null },
          properties: {
            Mention: {
              type: "object",
              "x-control": { label: "Mention", description: "Notify me when people mention me." },
              properties: {},
            },
            Quote: {
              type: "object",
              "x-control": { label: "Quote", description: "Notify me when people quote my posts." },
              properties: {},
            },
          },
        },
      },
    },
  },
};

const preferences = {
  DiscussionComment: { popup: true, email: true },
  BookmarkComment: { popup: true, email: true },
  ParticipateComment: { popup: true, email: false },
  Mention: { popup: true, email: true },
  Quote: { popup: false, email: false },
  Reaction: { popup: true, email: false },
  ConversationMessage: { popup: true, email: true },
  DigestEnabled: { email: false },
};

function renderAt(path: string, routes: Parameters<typeof createFakeTransport>[0], me: Me = memberMe) {
  const transport = createFakeTransport({ "GET /users/me": jsonResponse(me), ...routes });
  const queryClient = createQueryClient();
  const api = createApiClient(transport);
  const router = createMemoryRouter(
    [
      ...createNotificationRoutes({ queryClient, api }),
      { path: "entry/signin", element: <p>Sign in page</p> },
      { path: "discussion/comment/:id", element: <p>Comment page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers queryClient={queryClient} api={api} head={null} now={Date.parse("2025-01-01T12:00:00Z")}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, transport, queryClient };
}

describe("/profile/notifications", () => {
  it("sends guests to sign in, coming back here after", async () => {
    const { router } = renderAt("/profile/notifications?page=2", {}, guestMe);
    await screen.findByText("Sign in page");
    expect(router.state.location.search).toBe("?Target=%2Fprofile%2Fnotifications%3Fpage%3D2");
  });

  it("lists a page of notifications with pager links, newest first", async () => {
    const items = Array.from({ length: 30 }, (_, index) => makeNotification({ notificationID: 40 - index }));
    const { transport } = renderAt("/profile/notifications?page=2", {
      "GET /notifications": (request) =>
        jsonResponse(items, 200, {
          "x-app-page-current": String(request.query?.["page"]),
          "x-app-page-limit": "30",
          "x-app-page-next-url": "http://localhost/api/v2/notifications?page=3",
        }),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Notifications" })).toBeTruthy();
    expect(screen.getAllByRole("link", { name: /Bea mentioned you/ })).toHaveLength(30);
    expect(transport.requests.find((request) => request.path === "/notifications")?.query).toEqual({
      page: 2,
      limit: 30,
    });
    const pager = screen.getByRole("navigation", { name: "Notification pages" });
    expect(pager.textContent).toContain("31 - 60 of 60+");
    expect(screen.getByRole("link", { name: "Previous Page" }).getAttribute("href")).toBe("/profile/notifications");
    expect(screen.getByRole("link", { name: "Next Page" }).getAttribute("href")).toBe("/profile/notifications?page=3");
    expect(screen.getByRole("link", { name: "Notification Preferences" }).getAttribute("href")).toBe(
      "/profile/preferences",
    );
  });

  it("Mark All Read is a form: the action marks everything read and says so", async () => {
    const { transport } = renderAt("/profile/notifications", {
      "GET /notifications": jsonResponse([makeNotification({ notificationID: 1 })]),
      "PATCH /notifications": jsonResponse(null, 204),
    });
    const button = await screen.findByRole("button", { name: "Mark All Read" });
    expect(button.closest("form")?.getAttribute("method")).toBe("post");
    fireEvent.click(button);
    expect(await screen.findByText("All notifications are marked read.")).toBeTruthy();
    expect(transport.requests.find((request) => request.method === "PATCH")).toMatchObject({
      path: "/notifications",
      body: { read: true },
    });
    expect(screen.getByRole("link", { name: /Bea mentioned you/ }).textContent).not.toContain("Unread");
  });

  it("an empty list says so", async () => {
    renderAt("/profile/notifications", { "GET /notifications": jsonResponse([]) });
    expect(await screen.findByText("You do not have any notifications yet.")).toBeTruthy();
  });
});

describe("/profile/preferences", () => {
  it("shows popup and e-mail checkboxes per activity from the schema and saves them in one PATCH", async () => {
    const { transport } = renderAt("/profile/preferences", {
      "GET /notification-preferences/schema": jsonResponse(schema),
      "GET /notification-preferences": jsonResponse(preferences),
      "PATCH /notification-preferences": (request) => jsonResponse({ ...preferences, ...(request.body as object) }),
    });
    expect(await screen.findByRole("group", { name: "Mentions, quotes and reactions" })).toBeTruthy();
    const mentionEmail = screen.getByRole("checkbox", { name: "Mention Notify me when people mention me. Email" });
    const quotePopup = screen.getByRole("checkbox", {
      name: "Quote Notify me when people quote my posts. Notification Popup",
    });
    expect((mentionEmail as HTMLInputElement).checked).toBe(true);
    expect((quotePopup as HTMLInputElement).checked).toBe(false);
    const digest = screen.getByRole("checkbox", {
      name: "Send me a weekly e-mail of the best new discussions I may read.",
    });
    expect((digest as HTMLInputElement).checked).toBe(false);
    fireEvent.click(mentionEmail);
    fireEvent.click(quotePopup);
    fireEvent.click(digest);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Your preferences have been saved.")).toBeTruthy();
    expect(transport.requests.find((request) => request.method === "PATCH")?.body).toEqual({
      Mention: { popup: true, email: false },
      Quote: { popup: true, email: false },
      DigestEnabled: { email: true },
    });
  });
});

describe("/unsubscribe/{token}", () => {
  it("changes nothing until the button is pressed, then shows which e-mail stopped", async () => {
    const token = "abcdefghijklmnop";
    const { transport } = renderAt(`/unsubscribe/${token}`, {
      [`POST /unsubscribe/${token}`]: jsonResponse(
        { preferences: [{ preference: "Email.Mention", enabled: "0" }] },
        201,
      ),
    });
    const button = await screen.findByRole("button", { name: "Unsubscribe" });
    expect(transport.requests.filter((request) => request.method === "POST")).toHaveLength(0);
    fireEvent.click(button);
    expect(await screen.findByText("You will no longer get e-mail notifications for: Mention.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Unsubscribe" })).toBeNull());
  });

  it("shows the API's message for a bad link and keeps the button", async () => {
    renderAt("/unsubscribe/not-a-real-token", {
      "POST /unsubscribe/not-a-real-token": jsonResponse({ message: "This unsubscribe link is not valid." }, 404),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Unsubscribe" }));
    expect(await screen.findByText("This unsubscribe link is not valid.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Unsubscribe" })).toBeTruthy();
  });

  it("words the result by activity", () => {
    expect(unsubscribedMessage([{ preference: "Email.DiscussionComment" }])).toBe(
      "You will no longer get e-mail notifications for: Discussion Comment.",
    );
    expect(unsubscribedMessage([{ preference: "Email.DigestEnabled" }])).toBe(
      "You will no longer get the e-mail digest.",
    );
    expect(unsubscribedMessage([])).toBe("You have been unsubscribed.");
  });
});
