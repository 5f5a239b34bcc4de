import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { paginationHeaders } from "@parley/contracts/headers";
import { createApiClient, type ApiRequest } from "../../../lib/api.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { Providers } from "../../../Providers.tsx";
import { createRoutes } from "../../../router.tsx";
import { createFakeTransport, jsonResponse } from "../../../test/fixtures.ts";

afterEach(cleanup);

const me = (userID: number) => ({
  userID,
  name: userID ? "Member" : "Guest",
  photoUrl: "/images/default-avatar.svg",
  url: null,
  dateLastActive: null,
  email: null,
  emailConfirmed: false,
  isAdmin: false,
  isSysAdmin: false,
  isSuperAdmin: false,
  countUnreadNotifications: 0,
  countUnreadConversations: 0,
  permissions: ["discussions.view"],
  roles: [{ roleID: userID ? 8 : 1, name: userID ? "Member" : "Guest" }],
  roleIDs: [userID ? 8 : 1],
});

const discussion = {
  discussionID: 4,
  name: "Running Parley on PostgreSQL",
  url: "http://localhost/discussion/4/running-parley-on-postgresql",
  categoryID: 1,
  insertUserID: 2,
  insertUser: { userID: 2, name: "Member", photoUrl: "/images/default-avatar.svg" },
  dateInserted: "2026-01-01T00:00:00Z",
  dateLastComment: "2026-01-01T00:00:00Z",
  countComments: 0,
  tags: [{ tagID: 7, name: "postgresql", urlcode: "postgresql" }],
};

type ListLookupParams = { page?: number; sort?: string; list?: string; tag?: string; filter?: string; tagID?: number };

/**
 * The server's answer, as `layouts.lists.ts` builds it: a member's list for a signed-in viewer, a tag's list,
 * and the old `?filter=` / `?tagID=` moved to their paths.
 */
function lookupHydrate(viewerID: number) {
  return ({ query }: ApiRequest) => {
    const params = (query?.["params"] ?? {}) as ListLookupParams;
    if (params.filter || params.tagID) {
      return jsonResponse({
        redirectTo: params.filter ? `/discussions/${params.filter}` : "/discussions/tagged/postgresql",
        status: 301,
      });
    }
    const filter = params.list;
    const tag = params.tag ? { tagID: 7, name: "postgresql", urlcode: "postgresql" } : null;
    const list = {
      $reactComponent: "react.asset.discussionList",
      $reactProps: {
        apiParams: {
          limit: 10,
          page: params.page ?? 1,
          ...(params.sort ? { sort: params.sort } : {}),
          ...(filter === "bookmarked" ? { bookmarkUserID: viewerID } : {}),
          ...(filter === "unanswered" ? { hasComments: false } : {}),
          ...(tag ? { tagID: [tag.tagID] } : {}),
        },
        basePath: tag ? "/discussions/tagged/postgresql" : filter ? `/discussions/${filter}` : "/discussions",
        pageTitle: filter === "bookmarked" ? "Bookmarked Discussions" : "Recent Discussions",
        filters: { member: viewerID !== 0, ...(filter ? { filter } : {}) },
        ...(tag ? { tag } : {}),
      },
    };
    return jsonResponse({
      layoutViewType: "discussionList",
      layoutID: "discussionList",
      titleBar: {
        $reactComponent: "TitleBar",
        $reactProps: {
          positioning: "StickySolid",
          logo: { imageUrl: null, imageUrlMobile: null, url: "/", alignment: "left", alignmentMobile: "center" },
          navigation: { items: [], alignment: "left" },
          backgroundColor: null,
          foregroundColor: null,
          height: 48,
          heightMobile: 44,
          borderType: "none",
          registrationOpen: true,
          conversationsEnabled: true,
        },
      },
      layout: [{ $reactComponent: "react.section.1-column", $reactProps: { children: [list] } }],
      contexts: [],
      seo: { title: "Recent Discussions", url: "/discussions" },
    });
  };
}

function renderAt(path: string, viewerID: number) {
  const transport = createFakeTransport({
    "GET /users/me": jsonResponse(me(viewerID)),
    "GET /layouts/lookup-hydrate": lookupHydrate(viewerID),
    "GET /discussions": jsonResponse([discussion], 200, {
      [paginationHeaders.current]: "1",
      [paginationHeaders.limit]: "10",
      [paginationHeaders.resultCount]: "25",
    }),
  });
  const queryClient = createQueryClient();
  const api = createApiClient(transport);
  const router = createMemoryRouter(createRoutes({ queryClient, api }), { initialEntries: [path] });
  render(
    <Providers queryClient={queryClient} api={api} head={null} now={Date.now()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, transport };
}

const listRequests = (requests: ApiRequest[]) => requests.filter((request) => request.path === "/discussions");
const lookups = (requests: ApiRequest[]) =>
  requests.filter((request) => request.path === "/layouts/lookup-hydrate").map((request) => request.query?.["params"]);

describe("/discussions and its lists", () => {
  it("asks the layout for a member's list by its path, and keeps the path in the sort, pager and filter links", async () => {
    const { router, transport } = renderAt("/discussions/bookmarked?sort=-hot", 5);
    const filter = await screen.findByRole<HTMLSelectElement>("combobox", { name: "Filter" });
    expect(filter.value).toBe("bookmarked");
    expect(lookups(transport.requests)).toContainEqual({ page: 1, sort: "-hot", list: "bookmarked" });
    expect(listRequests(transport.requests)[0]?.query).toMatchObject({ bookmarkUserID: 5, sort: "-hot" });
    expect(
      within(filter)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["All Discussions", "Unanswered", "Bookmarked", "Participated", "Mine"]);
    // Without JavaScript, the filter form asks /discussions?filter=, which the server moves to the list's path.
    expect(filter.form?.getAttribute("action")).toBe("/discussions");
    // A discussion's facts (its tags among them) come with their module, loaded on demand in the browser.
    expect((await screen.findByRole("link", { name: "postgresql" })).getAttribute("href")).toBe(
      "/discussions/tagged/postgresql",
    );
    expect(screen.getByRole("link", { name: "Page 2" }).getAttribute("href")).toBe(
      "/discussions/bookmarked?sort=-hot&page=2",
    );
    expect(document.title).toContain("Bookmarked Discussions");

    fireEvent.change(filter, { target: { value: "mine" } });
    await waitFor(() => expect(router.state.location.pathname).toBe("/discussions/mine"));
    expect(router.state.location.search).toBe("?sort=-hot");
    await waitFor(() => expect(lookups(transport.requests)).toContainEqual({ page: 1, sort: "-hot", list: "mine" }));
    fireEvent.change(await screen.findByRole("combobox", { name: "Filter" }), { target: { value: "all" } });
    await waitFor(() => expect(router.state.location.pathname).toBe("/discussions"));
    // The router's location moves before the new page commits: wait for the page itself, not the old one's controls.
    await waitFor(() => expect(screen.getByRole<HTMLSelectElement>("combobox", { name: "Filter" }).value).toBe("all"));
    fireEvent.change(await screen.findByRole("combobox", { name: "Sort by" }), { target: { value: "-dateInserted" } });
    await waitFor(() => expect(router.state.location.search).toBe("?sort=-dateInserted"));
    expect(router.state.location.pathname).toBe("/discussions");
  });

  it("shows a tag's list by its URL code, with a link back to all discussions; guests filter by unanswered only", async () => {
    const { transport } = renderAt("/discussions/tagged/postgresql", 0);
    const chip = await screen.findByRole("link", { name: /Tagged: postgresql/ });
    expect(chip.getAttribute("href")).toBe("/discussions");
    expect(lookups(transport.requests)).toContainEqual({ page: 1, tag: "postgresql" });
    const query = listRequests(transport.requests)[0]?.query ?? {};
    expect(query).toMatchObject({ tagID: [7] });
    expect(query).not.toHaveProperty("insertUserID");
    const filter = screen.getByRole<HTMLSelectElement>("combobox", { name: "Filter" });
    expect(
      within(filter)
        .getAllByRole("option")
        .map((option) => (option as HTMLOptionElement).value),
    ).toEqual(["all", "unanswered"]);
  });

  it("follows the server from the old ?filter= and ?tagID= addresses to the lists' paths", async () => {
    const moved = renderAt("/discussions?filter=unanswered", 0);
    await waitFor(() => expect(moved.router.state.location.pathname).toBe("/discussions/unanswered"));
    await waitFor(() => expect(listRequests(moved.transport.requests)[0]?.query).toMatchObject({ hasComments: false }));
    cleanup();
    const tagged = renderAt("/discussions?tagID=7", 0);
    await waitFor(() => expect(tagged.router.state.location.pathname).toBe("/discussions/tagged/postgresql"));
  });

  it("answers a path under /discussions that is no list with the 404 page, without asking the server", async () => {
    const { transport } = renderAt("/discussions/everything", 5);
    expect(await screen.findByRole("heading", { name: /Not Found/ })).toBeTruthy();
    // Only the title bar's (the home layout's, without params) is asked.
    expect(lookups(transport.requests).filter(Boolean)).toEqual([]);
  });
});
