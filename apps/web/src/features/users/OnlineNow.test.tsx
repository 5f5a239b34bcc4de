import { QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { OnlineUsers, UserFragment } from "@parley/contracts";
import { createApiClient } from "../../lib/api.ts";
import { ApiProvider } from "../../lib/api-context.tsx";
import { createQueryClient } from "../../lib/query-client.ts";
import { createFakeTransport, jsonResponse } from "../../test/fixtures.ts";
import { OnlineNow } from "./OnlineNow.tsx";
import { userWidgets } from "./users.widgets.tsx";

const member = (userID: number, name: string): UserFragment => ({
  userID,
  name,
  photoUrl: `https://forum.test/photo/${userID}.png`,
  url: `https://forum.test/profile/${name}`,
  dateLastActive: "2026-11-29T14:00:00Z",
});

/** The widget as the server renders it: prefetched, then rendered to markup (no effects, no JavaScript). */
async function serverRender(answer: ReturnType<typeof jsonResponse>, limit = 2) {
  const transport = createFakeTransport({ "GET /users/online": answer });
  const api = createApiClient(transport);
  const queryClient = createQueryClient();
  const definition = userWidgets["react.onlineNow"];
  await definition.prefetch({ queryClient, api, url: new URL("https://forum.test/") }, { limit });
  // The registered component renders this one on the server (its chunk loaded at start) and keeps its markup.
  const renderWith = (Component: typeof OnlineNow) =>
    renderToString(
      <ApiProvider api={api}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter>
            <Component limit={limit} />
          </MemoryRouter>
        </QueryClientProvider>
      </ApiProvider>,
    );
  return { html: renderWith(OnlineNow), gateHtml: renderWith(definition.component), requests: transport.requests };
}

describe("Online Now widget", () => {
  it("lists the members online with their photos, profile links and the count, and how many more", async () => {
    const body: OnlineUsers = { total: 3, users: [member(2, "Ann"), member(3, "Ben")] };
    const { html, requests } = await serverRender(jsonResponse(body));
    expect(requests.map((request) => [request.path, request.query])).toEqual([["/users/online", { limit: 2 }]]);
    const doc = new DOMParser().parseFromString(html, "text/html");
    expect(doc.querySelector("h2")?.textContent).toBe("Online Now (3)");
    const links = [...doc.querySelectorAll("li a")];
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Ann", "/profile/Ann"],
      ["Ben", "/profile/Ben"],
    ]);
    expect(doc.querySelector('li a img[src$="/photo/2.png"]')?.getAttribute("alt")).toBe("");
    expect(doc.body.textContent).toContain("and 1 more");
    expect(doc.querySelector("section[data-part=online-now]")).not.toBeNull();
  });

  it("says when no one is online", async () => {
    const { html } = await serverRender(jsonResponse({ total: 0, users: [] }));
    expect(html).toContain("No one is online.");
  });

  it("renders nothing while the add-on is off (the API's 403)", async () => {
    const { html, gateHtml } = await serverRender(
      jsonResponse({ message: "Who's Online is turned off.", status: 403, description: null }, 403),
    );
    expect(html).toBe("");
    expect(gateHtml).not.toContain("<section");
    expect(html).not.toContain("data-part");
  });
});
