import type { Me } from "@parley/contracts";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createApiClient } from "../../lib/api.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { Providers } from "../../Providers.tsx";
import { RouteErrorPage } from "../../shell/ErrorPages.tsx";
import { guestMe, memberMe } from "../../shell/testing.tsx";
import { createFakeTransport, jsonResponse } from "../../test/fixtures.ts";
import { userKeys } from "../users/index.ts";
import { createConversationRoutes } from "./conversations.routes.tsx";
import { fragment, makeConversation, makeMessage } from "./conversations.testing.ts";
import { liveConversations } from "./liveConversations.ts";

afterEach(cleanup);

function renderAt(path: string, routes: Parameters<typeof createFakeTransport>[0], me: Me = memberMe) {
  const transport = createFakeTransport({ "GET /users/me": jsonResponse(me), ...routes });
  const queryClient = createQueryClient();
  const api = createApiClient(transport);
  const router = createMemoryRouter(
    [
      {
        errorElement: <RouteErrorPage />,
        children: [
          ...createConversationRoutes({ queryClient, api }),
          { path: "entry/signin", element: <p>Sign in page</p> },
        ],
      },
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

const paged = (total: number, page: number) => ({
  "x-app-page-current": String(page),
  "x-app-page-limit": "50",
  "x-app-page-result-count": String(total),
});

describe("/messages", () => {
  it("sends guests to sign in, coming back here after", async () => {
    const { router } = renderAt("/messages/12", {}, guestMe);
    await screen.findByText("Sign in page");
    expect(router.state.location.search).toBe("?Target=%2Fmessages%2F12");
  });

  it("lists conversations as links with their excerpt and unread marker, paged with real links", async () => {
    const { transport } = renderAt("/messages?page=2", {
      "GET /conversations": jsonResponse(
        [
          makeConversation({ conversationID: 5, unread: true, countUnread: 2 }),
          makeConversation({ conversationID: 6 }),
        ],
        200,
        { "x-app-page-current": "2", "x-app-page-limit": "30", "x-app-page-next-url": "http://localhost/x?page=3" },
      ),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Messages" })).toBeTruthy();
    const link = screen.getByRole("link", { name: /Hello 5/ });
    expect(link.getAttribute("href")).toBe("/messages/5");
    expect(link.textContent).toContain("Unread messages: 2");
    expect(screen.getByRole("link", { name: /Hello 6/ }).textContent).not.toContain("Unread");
    expect(transport.requests.find((request) => request.path === "/conversations")?.query).toMatchObject({
      page: 2,
      limit: 30,
    });
    expect(screen.getByRole("link", { name: "Next Page" }).getAttribute("href")).toBe("/messages?page=3");
    expect(screen.getByRole("link", { name: "New Message" }).getAttribute("href")).toBe("/messages/add");
  });
});

describe("/messages/{id}", () => {
  it("shows the latest page of messages, marks the badge read, and the reply form posts the message", async () => {
    let count = 51;
    const messages = (page: number) =>
      page === 2 ? [makeMessage({ messageID: 51 })] : [makeMessage({ messageID: 1 })];
    const { transport, queryClient } = renderAt("/messages/5", {
      "GET /conversations/5": () =>
        jsonResponse(
          makeConversation({ conversationID: 5, countMessages: count, unread: count === 51, countUnread: 1 }),
        ),
      "GET /messages": (request) => {
        const page = Number(request.query?.["page"]);
        return jsonResponse(
          count === 52 && page === 2
            ? [...messages(2), makeMessage({ messageID: 52, insertUserID: 7, insertUser: fragment(7, "Ada") })]
            : messages(page),
          200,
          paged(count, page),
        );
      },
      "POST /messages": (request) => {
        count = 52;
        return jsonResponse(makeMessage({ messageID: 52, ...(request.body as object) }), 201);
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Bea" })).toBeTruthy();
    // 51 messages at 50 a page: the latest page is 2.
    expect(transport.requests.find((request) => request.path === "/messages")?.query).toEqual({
      conversationID: 5,
      page: 2,
      limit: 50,
    });
    expect(screen.getByText("Message 51")).toBeTruthy();
    expect(queryClient.getQueryData<Me>(userKeys.me())?.countUnreadConversations).toBe(119);
    expect(screen.getByRole("link", { name: "Previous Page" }).getAttribute("href")).toBe("/messages/5?page=1");

    fireEvent.change(screen.getByLabelText("Reply"), { target: { value: "Thanks, Bea!" } });
    fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
    await screen.findByText("Message 52");
    expect(transport.requests.find((request) => request.method === "POST")?.body).toEqual({
      conversationID: 5,
      body: "Thanks, Bea!",
      format: "markdown",
    });
    await waitFor(() => expect(screen.getByLabelText<HTMLTextAreaElement>("Reply").value).toBe(""));
  });

  it("shows a message heard on the live stream without reloading", async () => {
    let items = [makeMessage({ messageID: 1 })];
    renderAt("/messages/5", {
      "GET /conversations/5": () => jsonResponse(makeConversation({ conversationID: 5, countMessages: items.length })),
      "GET /messages": () => jsonResponse(items, 200, paged(items.length, 1)),
    });
    await screen.findByText("Message 1");
    fireEvent.change(screen.getByLabelText("Reply"), { target: { value: "A draft" } });
    // The page listens from an effect: let React run its pending effects before the stream speaks (on a busy
    // machine the text can be on screen before they have run, and the message would go unheard).
    await act(async () => {});
    items = [...items, makeMessage({ messageID: 2 })];
    act(() => {
      liveConversations.emit({
        messageID: 2,
        conversationID: 5,
        insertUserID: 8,
        dateInserted: "2025-01-01T11:30:00Z",
      });
    });
    await screen.findByText("Message 2");
    expect(screen.getByRole("status").textContent).toBe("New messages: 1");
    // The reply being written stays.
    expect(screen.getByLabelText<HTMLTextAreaElement>("Reply").value).toBe("A draft");
  });
});

describe("/messages/add", () => {
  it("prefills the recipient from the user segment and the message from ?content=, then starts the conversation", async () => {
    const { transport, router } = renderAt(
      `/messages/add/${encodeURIComponent("Bea%2FB")}?content=${encodeURIComponent("Check out this post: http://x/d/1")}`,
      {
        "GET /users/by-names": (request) =>
          jsonResponse(String(request.query?.["name"]).startsWith("Bea/B") ? [fragment(8, "Bea/B")] : []),
        "POST /conversations": jsonResponse(makeConversation({ conversationID: 9 }), 201),
        "GET /conversations/9": jsonResponse(makeConversation({ conversationID: 9 })),
        "GET /messages": jsonResponse([makeMessage({ messageID: 1, conversationID: 9 })], 200, paged(1, 1)),
      },
    );
    const to = await screen.findByLabelText<HTMLInputElement>("Recipients");
    expect(to.value).toBe("Bea/B, ");
    const body = screen.getByLabelText<HTMLTextAreaElement>("Message");
    expect(body.value).toBe("Check out this post: http://x/d/1");
    fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/messages/9"));
    expect(
      transport.requests.find((request) => request.path === "/conversations" && request.method === "POST")?.body,
    ).toEqual({
      participantUserIDs: [8],
      initialBody: "Check out this post: http://x/d/1",
      initialFormat: "markdown",
    });
  });

  it("shows the permission page to members without conversations.add", async () => {
    renderAt("/messages/add", {}, { ...memberMe, permissions: ["discussions.view", "profiles.view"] });
    expect(await screen.findByText("You don't have permission to view this resource.")).toBeTruthy();
  });

  it("says which names match nobody, keeping what was typed", async () => {
    const { transport } = renderAt("/messages/add", { "GET /users/by-names": jsonResponse([]) });
    fireEvent.change(await screen.findByLabelText("Recipients"), { target: { value: "Nobody" } });
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Hi" } });
    fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText("There is no member named Nobody.")).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>("Message").value).toBe("Hi");
    expect(transport.requests.some((request) => request.method === "POST")).toBe(false);
  });

  it("offers matching members while a name is typed, and completes it", async () => {
    renderAt("/messages/add", {
      "GET /users/by-names": (request) => jsonResponse(request.query?.["name"] === "Be*" ? [fragment(8, "Bea")] : []),
    });
    const to = await screen.findByLabelText<HTMLInputElement>("Recipients");
    fireEvent.change(to, { target: { value: "Be" } });
    fireEvent.click(await screen.findByRole("button", { name: "Bea" }));
    expect(to.value).toBe("Bea, ");
  });
});

describe("a message's Report action", () => {
  const reporter: Me = { ...memberMe, permissions: [...memberMe.permissions, "flag.add"] };
  const routes = (conversation = makeConversation({ conversationID: 5, countMessages: 2 })) => ({
    "GET /conversations/5": jsonResponse(conversation),
    "GET /messages": jsonResponse(
      [makeMessage({ messageID: 1 }), makeMessage({ messageID: 2, insertUserID: 7, insertUser: fragment(7, "Ada") })],
      200,
      paged(2, 1),
    ),
    "GET /config": jsonResponse({ "moderation.capabilities": "reports" }),
    "GET /report-reasons": jsonResponse([
      { reportReasonID: "abuse", name: "Abuse", description: "Threats.", sort: 1, deleted: false, roleIDs: [] },
    ]),
    "POST /reports": jsonResponse({ reportID: 3 }, 201),
  });
  const messageItem = (messageID: number) => document.querySelector<HTMLElement>(`[data-message-id="${messageID}"]`)!;

  it("reports a message the participant received (not their own) with the members' report dialog", async () => {
    const { transport } = renderAt("/messages/5", routes(), reporter);
    await screen.findByText("Message 1");
    const report = await within(messageItem(1)).findByRole("button", { name: "Report" });
    expect(within(messageItem(2)).queryByRole("button", { name: "Report" })).toBeNull();
    fireEvent.click(report);
    const dialog = await screen.findByRole("dialog", { name: "Report Message" }, { timeout: 5000 });
    fireEvent.click(await within(dialog).findByRole("radio", { name: /Abuse/ }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Send Report" }));
    expect(await screen.findByText("Thank you. Your report has been sent to the moderators.")).toBeTruthy();
    expect(transport.requests.find((request) => request.method === "POST")?.body).toEqual({
      recordType: "message",
      recordID: 1,
      reportReasonIDs: ["abuse"],
    });
  });

  it("is not offered without flag.add, nor to a moderator reading a conversation they take no part in", async () => {
    renderAt("/messages/5", routes(), memberMe);
    await screen.findByText("Message 1");
    // The capability is known once /config answers: still no Report.
    await waitFor(() => expect(screen.queryByRole("button", { name: "Report" })).toBeNull());
    cleanup();
    const reader: Me = { ...reporter, permissions: [...reporter.permissions, "conversations.moderate"] };
    const theirs = makeConversation({
      conversationID: 5,
      countMessages: 2,
      participants: [
        { userID: 8, status: "participating", user: fragment(8, "Bea") },
        { userID: 9, status: "participating", user: fragment(9, "Cy") },
      ],
    });
    const { transport } = renderAt("/messages/5", routes(theirs), reader);
    await screen.findByText("Message 1");
    await waitFor(() => expect(transport.requests.some((request) => request.path === "/messages")).toBe(true));
    expect(screen.queryByRole("button", { name: "Report" })).toBeNull();
  });
});
