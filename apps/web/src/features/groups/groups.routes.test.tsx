import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { RouterProvider, createMemoryRouter, matchRoutes, type RouteObject } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { Discussion, Group, GroupApplicant } from "@parley/contracts";
import { createApiClient, type ApiResponse } from "../../lib/api.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { Providers } from "../../Providers.tsx";
import { createRoutes } from "../../router.tsx";
import { createFakeTransport, jsonResponse } from "../../test/fixtures.ts";
import { lookupForUrl } from "../layouts/index.ts";
import { createGroupEditorRoutes } from "./groups.editor.routes.tsx";
import { createGroupRoutes } from "./groups.routes.tsx";
import { makeGroup } from "./groups.testing.ts";

afterEach(cleanup);

const viewer = (userID: number, permissions: string[] = ["discussions.view"]) => ({
  userID,
  name: userID ? "Member" : "Guest",
  photoUrl: "/images/default-avatar.svg",
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

const user = (userID: number, name: string) => ({
  userID,
  name,
  photoUrl: "/images/default-avatar.svg",
  url: `http://forum.test/profile/${name}`,
  dateLastActive: null,
});

const discussion = {
  discussionID: 9,
  name: "What are we reading in March?",
  categoryID: 40,
  groupID: 3,
  url: "http://forum.test/discussion/9/what-are-we-reading-in-march",
  canonicalUrl: "http://forum.test/discussion/9/what-are-we-reading-in-march",
  countComments: 0,
  insertUser: user(5, "Member"),
  dateInserted: "2026-01-01T00:00:00+00:00",
  dateLastComment: "2026-01-01T00:00:00+00:00",
} as unknown as Discussion;

function renderAt(
  path: string,
  group: Group,
  me = viewer(0),
  extra: Record<string, Parameters<typeof jsonResponse>[0]> = {},
  responses: Record<string, ApiResponse> = {},
) {
  const fake = createFakeTransport({
    "GET /users/me": jsonResponse(me),
    [`GET /groups/${group.groupID}`]: jsonResponse(group),
    "GET /discussions": jsonResponse([discussion], 200, { "x-app-page-current": "1", "x-app-page-limit": "30" }),
    ...Object.fromEntries(Object.entries(extra).map(([key, body]) => [key, jsonResponse(body)])),
    ...responses,
  });
  const queryClient = createQueryClient();
  const api = createApiClient(fake);
  const router = createMemoryRouter(createRoutes({ queryClient, api }), { initialEntries: [path] });
  render(
    <Providers queryClient={queryClient} api={api} head={null} now={Date.now()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, fake };
}

describe("the groups' routes", () => {
  const routes = createRoutes({ queryClient: createQueryClient(), api: createApiClient(createFakeTransport({})) });
  const matchedID = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.id;

  it("sends each address to its page: the editor's static segments before a group's {id}-{slug}", () => {
    expect(matchedID("/groups")).toBe("groups");
    expect(matchedID("/group/add")).toBe("group-add");
    expect(matchedID("/group/3/edit")).toBe("group-edit");
    expect(matchedID("/group/3-book-club")).toBe("group");
    expect(matchedID("/group/3-book-club/members")).toBe("group-members");
  });

  it("registers the feature's own routes at the same paths, loaded with their route", () => {
    const deps = { queryClient: createQueryClient(), api: createApiClient(createFakeTransport({})) };
    const own = [...createGroupRoutes(deps), ...createGroupEditorRoutes(deps)];
    const pages = routes[0]!.children![0]!.children as RouteObject[];
    for (const route of own) {
      const registered = pages.find((candidate) => candidate.id === route.id);
      expect(registered?.path, route.id).toBe(route.path);
      expect(typeof registered?.lazy, route.id).toBe("function");
    }
  });

  it("reads the create-post page in a group as the create-post layout (spec §2: social-groups?groupid=)", () => {
    expect(lookupForUrl(new URL("http://x/post/discussion/social-groups?groupid=3"))).toMatchObject({
      layoutViewType: "createPost",
      recordID: "-1",
    });
    expect(lookupForUrl(new URL("http://x/post/discussion/social-groups"))).toBeNull();
    expect(lookupForUrl(new URL("http://x/post/discussion/social-groups?groupid=abc"))).toBeNull();
  });

  it("redirects a wrong slug, and shows a guest a public group with its discussions and Sign in to join", async () => {
    const { router, fake } = renderAt("/group/3-old-name", makeGroup());
    await waitFor(() => expect(router.state.location.pathname).toBe("/group/3-book-club"));
    expect(await screen.findByRole("heading", { level: 1, name: "Book Club" })).toBeTruthy();
    expect(screen.getByText("Public")).toBeTruthy();
    expect(screen.getByText("12 members")).toBeTruthy();
    expect(await screen.findByRole("link", { name: "What are we reading in March?" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in to join" }).getAttribute("href")).toMatch(/^\/entry\/signin\?/);
    expect(screen.queryByRole("link", { name: "New Discussion" })).toBeNull();
    expect(fake.requests.find((request) => request.path === "/discussions")?.query).toMatchObject({ groupID: 3 });
  });

  it("tells a non-member that a private group's discussions are for members, without asking for them", async () => {
    const group = makeGroup({
      privacy: "private",
      permissions: { view: false, post: false, join: false, apply: true },
    });
    const { fake } = renderAt("/group/3-book-club", group, viewer(5));
    expect(await screen.findByText("This group is private: only its members can read its discussions.")).toBeTruthy();
    expect(screen.getByText("We read a book a month and talk about it.")).toBeTruthy();
    expect(screen.getByText("Apply to join")).toBeTruthy();
    expect(screen.getByLabelText("Why do you want to join?")).toBeTruthy();
    expect(fake.requests.some((request) => request.path === "/discussions")).toBe(false);
  });

  it("offers a member New Discussion into the group", async () => {
    const group = makeGroup({
      viewer: { role: "member", dateJoined: "2026-01-02T00:00:00+00:00", application: null, invited: false },
      permissions: { view: true, post: true, leave: true },
    });
    renderAt("/group/3-book-club", group, viewer(5));
    const link = await screen.findByRole("link", { name: "New Discussion" });
    expect(link.getAttribute("href")).toBe("/post/discussion/social-groups?groupid=3");
    expect(screen.getByRole("button", { name: "Leave" })).toBeTruthy();
  });

  it("lists no groups with an empty state, and offers New Group and My Groups to a member with groups.add", async () => {
    renderAt("/groups", makeGroup(), viewer(5, ["discussions.view", "groups.add"]), { "GET /groups": [] });
    expect(await screen.findByText("There are no groups yet.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "New Group" }).getAttribute("href")).toBe("/group/add");
    expect(screen.getByRole("link", { name: "My Groups" }).getAttribute("href")).toBe("/groups?filter=mine");
    expect(screen.getByRole("link", { name: "All Groups" }).getAttribute("aria-current")).toBe("page");
  });

  it("shows a guest the cards without New Group or My Groups", async () => {
    renderAt("/groups", makeGroup(), viewer(0), { "GET /groups": [makeGroup({ privacy: "private" })] });
    const card = (await screen.findByRole("link", { name: "Book Club" })).closest("li")!;
    expect(card.textContent).toContain("Private");
    expect(card.textContent).toContain("12 members");
    expect(card.textContent).toContain("4 discussions");
    expect(screen.queryByRole("link", { name: "New Group" })).toBeNull();
    expect(screen.queryByRole("link", { name: "My Groups" })).toBeNull();
  });

  it("says why a join was refused (the API's field error when it has no message of its own)", async () => {
    const refusal = {
      message: "Validation Failed",
      status: 422,
      errors: [{ field: "body", code: "invalid", message: "Not now.", status: 422 }],
    };
    const { fake } = renderAt(
      "/group/3-book-club",
      makeGroup(),
      viewer(5),
      {},
      {
        "POST /groups/3/join": jsonResponse(refusal, 422),
      },
    );
    (await screen.findByRole("button", { name: "Join" })).click();
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "Not now.");
    expect(fake.requests.find((request) => request.method === "POST")).toMatchObject({ body: {} });
  });

  it("answers Group Not Found for a group the API does not show (unknown or secret)", async () => {
    renderAt("/group/77-secret", makeGroup({ groupID: 3 }));
    expect(await screen.findByRole("heading", { level: 1, name: "Group Not Found" })).toBeTruthy();
  });

  it("lets a leader approve an application on the members page", async () => {
    const group = makeGroup({
      privacy: "private",
      viewer: { role: "leader", dateJoined: "2026-01-02T00:00:00+00:00", application: null, invited: false },
      permissions: { view: true, post: true, leave: true, edit: true, delete: true, manageMembers: true, invite: true },
    });
    const applicant: GroupApplicant = {
      groupID: 3,
      userID: 8,
      reason: "I love books.",
      status: "pending",
      dateInserted: "2026-01-03T00:00:00+00:00",
      user: user(8, "Reader"),
    };
    const leader = {
      groupID: 3,
      userID: 5,
      role: "leader",
      dateInserted: "2026-01-02T00:00:00+00:00",
      user: user(5, "Member"),
    };
    const { fake } = renderAt("/group/3-book-club/members", group, viewer(5), {
      "GET /groups/3/members": [leader],
      "GET /groups/3/applicants": [applicant],
      "GET /groups/3/invitations": [],
      "PATCH /groups/3/applicants/8": {},
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Members of Book Club" })).toBeTruthy();
    expect(screen.getByText("I love books.")).toBeTruthy();
    expect(screen.getByLabelText("Members to invite")).toBeTruthy();
    screen.getByRole("button", { name: "Approve Reader" }).click();
    expect(await screen.findByText("The application has been approved.")).toBeTruthy();
    const patch = fake.requests.find((request) => request.method === "PATCH");
    expect(patch).toMatchObject({ path: "/groups/3/applicants/8", body: { status: "approved" } });
  });
});
