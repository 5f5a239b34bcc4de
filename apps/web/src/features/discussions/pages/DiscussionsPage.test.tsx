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

/** The server's answer, as `layouts.defaults.ts` builds it: the member filter only for a signed-in viewer. */
function lookupHydrate(viewerID: number) {
  return ({ query }: ApiRequest) => {
    const params = (query?.["params"] ?? {}) as { page?: number; sort?: string; filter?: string; tagID?: number };
    const filter = viewerID && params.filter ? params.filter : undefined;
    const list = {
      $reactComponent: "react.asset.discussionList",
      $reactProps: {
        apiParams: {
          limit: 10,
          page: params.page ?? 1,
          ...(params.sort ? { sort: params.sort } : {}),
          ...(filter === "bookmarked" ? { bookmarkUserID: viewerID } : {}),
          ...(params.tagID ? { tagID: [params.tagID] } : {}),
        },
        basePath: "/discussions",
        pageTitle: "Recent Discussions",
        filters: { member: viewerID !== 0, ...(filter ? { filter } : {}) },
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

describe("/discussions filters", () => {
  it("passes ?filter and ?tagID to the layout lookup and the list, and keeps them in every link", async () => {
    const { router, transport } = renderAt("/discussions?sort=-hot&filter=bookmarked&tagID=7", 5);
    const filter = await screen.findByRole<HTMLSelectElement>("combobox", { name: "Filter" });
    expect(filter.value).toBe("bookmarked");
    expect(lookups(transport.requests)).toContainEqual({ page: 1, sort: "-hot", filter: "bookmarked", tagID: 7 });
    expect(listRequests(transport.requests)[0]?.query).toMatchObject({ bookmarkUserID: 5, tagID: [7], sort: "-hot" });
    expect(
      within(filter)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["All Discussions", "Bookmarked", "Participated", "Mine"]);

    // The tag chip links back to the list without the tag; the item's tag links to the tag's list.
    expect(screen.getByRole("link", { name: /Tagged: postgresql/ }).getAttribute("href")).toBe(
      "/discussions?sort=-hot&filter=bookmarked",
    );
    expect(screen.getByRole("link", { name: "postgresql" }).getAttribute("href")).toBe("/discussions?tagID=7");
    // The pager keeps the sort, filter and tag.
    expect(screen.getByRole("link", { name: "Page 2" }).getAttribute("href")).toBe(
      "/discussions?sort=-hot&filter=bookmarked&tagID=7&page=2",
    );

    // Each choice is made once the page shows the previous one, as a person would: the router's location
    // changes before React has rendered the new page, and a select on the old page still holds the old query.
    const shown = async (search: string, filterValue: string) => {
      await waitFor(() => expect(router.state.location.search).toBe(search));
      await waitFor(() =>
        expect(screen.getByRole<HTMLSelectElement>("combobox", { name: "Filter" }).value).toBe(filterValue),
      );
    };
    fireEvent.change(filter, { target: { value: "mine" } });
    await shown("?sort=-hot&filter=mine&tagID=7", "mine");
    fireEvent.change(screen.getByRole("combobox", { name: "Filter" }), { target: { value: "all" } });
    await shown("?sort=-hot&tagID=7", "all");
    fireEvent.change(screen.getByRole("combobox", { name: "Sort by" }), { target: { value: "-dateInserted" } });
    await waitFor(() => expect(router.state.location.search).toBe("?sort=-dateInserted&tagID=7"));
  });

  it("offers guests no member filter, but the tag filter", async () => {
    const { transport } = renderAt("/discussions?filter=mine&tagID=7", 0);
    expect(await screen.findByRole("link", { name: /Tagged: postgresql/ })).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: "Filter" })).toBeNull();
    const query = listRequests(transport.requests)[0]?.query ?? {};
    expect(query).toMatchObject({ tagID: [7] });
    expect(query).not.toHaveProperty("insertUserID");
  });
});
