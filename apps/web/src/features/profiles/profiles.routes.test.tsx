import { cleanup, render, screen } from "@testing-library/react";
import { RouterProvider, createMemoryRouter, useRouteError, isRouteErrorResponse } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { Comment, Discussion, User } from "@parley/contracts";
import { createApiClient, type ApiRequest } from "../../lib/api.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { Providers } from "../../Providers.tsx";
import { createFakeTransport, jsonResponse } from "../../test/fixtures.ts";
import { createProfileRoutes } from "./profiles.routes.tsx";

afterEach(cleanup);

const ada: User = {
  userID: 7,
  name: "Ada Lovelace",
  photoUrl: "/images/default-avatar.svg",
  url: "http://localhost/profile/Ada%20Lovelace",
  email: null,
  emailConfirmed: true,
  showEmail: false,
  bypassSpam: false,
  banned: 0,
  private: false,
  title: "Analyst",
  label: null,
  countDiscussions: 12,
  countComments: 3,
  countPosts: 15,
  countVisits: 1,
  points: 0,
  dateInserted: "2024-01-01T00:00:00+00:00",
  dateLastActive: "2024-02-01T00:00:00+00:00",
  dateUpdated: null,
  roles: [{ roleID: 8, name: "Member" }],
  roleIDs: [8],
  reactionsReceived: {
    like: { tagID: 1, urlcode: "like", name: "Like", class: "positive", count: 4 },
    lol: { tagID: 2, urlcode: "lol", name: "LOL", class: "positive", count: 0 },
  },
} as unknown as User;

const me = (userID: number, permissions: string[] = ["profiles.view"]) => ({
  userID,
  name: userID === 0 ? "Guest" : "Someone",
  photoUrl: "",
  url: null,
  dateLastActive: null,
  email: null,
  emailConfirmed: true,
  isAdmin: false,
  isSysAdmin: false,
  isSuperAdmin: false,
  countUnreadNotifications: 0,
  countUnreadConversations: 0,
  permissions,
  roles: [],
  roleIDs: [],
});

const discussion = (id: number) =>
  ({
    discussionID: id,
    name: `Discussion ${id}`,
    url: `http://localhost/discussion/${id}/d-${id}`,
    insertUser: { userID: 7, name: "Ada Lovelace", photoUrl: "", dateLastActive: null },
    countComments: 0,
    dateInserted: "2024-01-01T00:00:00+00:00",
    dateLastComment: "2024-01-01T00:00:00+00:00",
    pinned: false,
    closed: false,
  }) as unknown as Discussion;

const comment = (id: number) =>
  ({
    commentID: id,
    discussionID: 1,
    name: "Re: Discussion 1",
    body: `<p>Comment body ${id}</p>`,
    url: `http://localhost/discussion/comment/${id}#Comment_${id}`,
    dateInserted: "2024-01-01T00:00:00+00:00",
  }) as unknown as Comment;

function ErrorPage() {
  const error = useRouteError();
  return <p>{isRouteErrorResponse(error) ? `error ${error.status}` : "error"}</p>;
}

function renderAt(
  path: string,
  { user = ada, viewer = me(0) }: { user?: User | null; viewer?: ReturnType<typeof me> } = {},
) {
  const transport = createFakeTransport({
    "GET /users/me": jsonResponse(viewer),
    "GET /users/%24name%3AAda%20Lovelace": user
      ? jsonResponse(user)
      : jsonResponse({ message: "User not found.", status: 404 }, 404),
    "GET /discussions": ({ query }) =>
      jsonResponse(
        Array.from({ length: Number(query?.["limit"]) === 5 ? 5 : 10 }, (_, i) => discussion(i + 1)),
        200,
        {
          "x-app-page-current": String(query?.["page"]),
          "x-app-page-limit": String(query?.["limit"]),
          "x-app-page-result-count": "12",
        },
      ),
    "GET /comments": jsonResponse([comment(1), comment(2)]),
    // The site's settings: the badges add-on on.
    "GET /config": jsonResponse({ "badges.enabled": true }),
    // The badges add-on: one badge earned (the profile's overview shows it).
    "GET /users/7/badges": jsonResponse([
      {
        badgeID: 1,
        name: "First Post",
        description: "Posted for the first time.",
        photoUrl: "http://localhost/images/badges/first-post.svg",
        url: "http://localhost/badges/1",
        dateInserted: "2024-01-02T00:00:00+00:00",
      },
    ]),
  });
  const queryClient = createQueryClient();
  const api = createApiClient(transport);
  const router = createMemoryRouter(
    [{ path: "/", errorElement: <ErrorPage />, children: createProfileRoutes({ queryClient, api }) }],
    { initialEntries: [path] },
  );
  render(
    <Providers queryClient={queryClient} api={api} head={null} now={Date.parse("2024-03-01T00:00:00Z")}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { transport };
}

const listRequests = (requests: ApiRequest[]) =>
  requests.filter((request) => request.path === "/discussions" || request.path === "/comments");

describe("profile pages", () => {
  it("shows the member's card, recent discussions and comments on /profile/{name}", async () => {
    const { transport } = renderAt("/profile/Ada%20Lovelace");
    expect(await screen.findByRole("heading", { level: 1, name: "Ada Lovelace" })).toBeTruthy();
    expect(screen.getByText("Analyst")).toBeTruthy();
    expect(screen.getByText("12")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Discussion 5" })).toBeTruthy();
    expect(screen.getByText("Comment body 2")).toBeTruthy();
    expect(screen.getByRole("link", { name: "All Discussions" }).getAttribute("href")).toBe(
      "/profile/discussions/Ada%20Lovelace",
    );
    expect(screen.getByRole("link", { name: "Overview" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "First Post" }).getAttribute("href")).toBe("/badges/1");
    expect(
      listRequests(transport.requests).map((r) => [r.path, r.query?.["insertUserID"], r.query?.["limit"]]),
    ).toEqual([
      ["/discussions", [7], 5],
      ["/comments", 7, 5],
    ]);
  });

  it("shows a full page on the Discussions tab after the overview's five (separate cache entries)", async () => {
    renderAt("/profile/Ada%20Lovelace");
    expect(await screen.findByRole("link", { name: "Discussion 5" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Discussion 6" })).toBeNull();
    screen.getByRole("link", { name: "Discussions" }).click();
    expect(await screen.findByRole("link", { name: "Discussion 10" })).toBeTruthy();
  });

  it("pages the discussions tab with real links", async () => {
    renderAt("/profile/discussions/Ada%20Lovelace");
    expect(await screen.findByRole("link", { name: "Discussion 10" })).toBeTruthy();
    const pager = screen.getByRole("navigation", { name: "Discussions pages" });
    expect(pager.querySelector('a[href="/profile/discussions/Ada%20Lovelace?page=2"]')).not.toBeNull();
  });

  it("lists the reactions received, linking each type, and the posts that received the chosen one", async () => {
    const { transport } = renderAt("/profile/reactions/Ada%20Lovelace?reaction=like");
    const like = await screen.findByRole("link", { name: /Like/ });
    expect(like.getAttribute("href")).toBe("/profile/reactions/Ada%20Lovelace?reaction=like");
    expect(like.getAttribute("aria-current")).toBe("page");
    expect(screen.queryByRole("link", { name: /LOL/ })).toBeNull();
    expect(screen.queryByText("The list of posts that received this reaction is not available yet.")).toBeNull();
    expect(screen.getByRole("heading", { level: 2, name: "Discussions" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Comments" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Discussion 10" })).toBeTruthy();
    expect(screen.getByText("Comment body 2")).toBeTruthy();
    const pager = screen.getByRole("navigation", { name: "Discussions pages" });
    expect(pager.querySelector('a[href="/profile/reactions/Ada%20Lovelace?reaction=like&page=2"]')).not.toBeNull();
    expect(
      listRequests(transport.requests).map((r) => [
        r.path,
        r.query?.["insertUserID"],
        r.query?.["reactionType"],
        r.query?.["page"],
        r.query?.["sort"],
      ]),
    ).toEqual([
      ["/discussions", [7], "like", 1, "-dateInserted"],
      ["/comments", 7, "like", 1, "-dateInserted"],
    ]);
  });

  it("asks for the reacted posts' page from ?page=, and for none without a received type", async () => {
    const paged = renderAt("/profile/reactions/Ada%20Lovelace?reaction=like&page=2");
    expect(await screen.findByRole("heading", { level: 2, name: "Comments" })).toBeTruthy();
    expect(listRequests(paged.transport.requests).map((r) => [r.path, r.query?.["page"]])).toEqual([
      ["/discussions", 2],
      ["/comments", 2],
    ]);
    cleanup();
    const none = renderAt("/profile/reactions/Ada%20Lovelace?reaction=lol");
    expect(await screen.findByRole("link", { name: /Like/ })).toBeTruthy();
    expect(screen.queryByRole("heading", { level: 2, name: "Comments" })).toBeNull();
    expect(listRequests(none.transport.requests)).toEqual([]);
  });

  it("shows only the restricted card of someone else's private profile", async () => {
    const { transport } = renderAt("/profile/Ada%20Lovelace", { user: { ...ada, private: true } });
    expect(await screen.findByText("This user's profile is private.")).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Profile" })).toBeNull();
    expect(listRequests(transport.requests)).toEqual([]);
  });

  it("shows the owner their own private profile in full", async () => {
    renderAt("/profile/Ada%20Lovelace", { user: { ...ada, private: true }, viewer: me(7) });
    expect(await screen.findByRole("navigation", { name: "Profile" })).toBeTruthy();
    expect(screen.queryByText("This user's profile is private.")).toBeNull();
    // Their own lists, which only they see.
    expect(screen.getByRole("link", { name: "Bookmarks" }).getAttribute("href")).toBe("/discussions/bookmarked");
    expect(screen.getByRole("link", { name: "Participated Discussions" }).getAttribute("href")).toBe(
      "/discussions/participated",
    );
  });

  it("links no one else to a member's own lists", async () => {
    renderAt("/profile/Ada%20Lovelace", { viewer: me(8) });
    expect(await screen.findByRole("navigation", { name: "Profile" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Bookmarks" })).toBeNull();
  });

  it("shows a banned member's restricted card", async () => {
    renderAt("/profile/Ada%20Lovelace", { user: { ...ada, banned: 1 } });
    expect(await screen.findByText("This user has been banned.")).toBeTruthy();
  });

  it("answers an unknown member with the API's 404", async () => {
    renderAt("/profile/Ada%20Lovelace", { user: null });
    expect(await screen.findByText("error 404")).toBeTruthy();
  });
});
