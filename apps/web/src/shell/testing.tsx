import type { Me, SiteSectionLink } from "@parley/contracts";
import type { QueryKey } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { createApiClient } from "../lib/api.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { Providers } from "../Providers.tsx";
import { userKeys } from "../features/users/index.ts";
import { createFakeTransport, jsonResponse } from "../test/fixtures.ts";

// jsdom has no CSS.escape, which React Aria's popovers call.
const globalCss = globalThis as { CSS?: { escape?: (value: string) => string } };
globalCss.CSS ??= {};
globalCss.CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (character) => `\\${character}`);

/** Test helpers for the shell's components (not part of the app). */
export const guestMe: Me = {
  userID: 0,
  name: "Guest",
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
  permissions: ["discussions.view", "profiles.view"],
  roles: [{ roleID: 2, name: "Guest" }],
  roleIDs: [2],
};

export const memberMe: Me = {
  ...guestMe,
  userID: 7,
  name: "Ada",
  photoUrl: "/images/ada.png",
  url: "http://localhost/profile/Ada",
  email: "ada@example.test",
  emailConfirmed: true,
  countUnreadNotifications: 3,
  countUnreadConversations: 120,
  permissions: ["discussions.view", "profiles.view", "conversations.add"],
  roles: [{ roleID: 8, name: "Member" }],
  roleIDs: [8],
};

/**
 * Renders `element` at `path` inside the app's providers and a memory router, with `me` already in
 * the query cache and `routes` answering API calls.
 */
export function renderWithShell(
  element: ReactElement,
  {
    me = guestMe,
    path = "/",
    routes = {},
    cached = [],
    siteSection = null,
  }: {
    me?: Me;
    path?: string;
    routes?: Parameters<typeof createFakeTransport>[0];
    /** More of the cache as the page's loaders would have filled it: `[queryKey, data]`. */
    cached?: Array<[QueryKey, unknown]>;
    /** A subcommunity's page: its folder is the router's basename (`path` starts with it). */
    siteSection?: SiteSectionLink | null;
  } = {},
) {
  const transport = createFakeTransport({ "GET /users/me": jsonResponse(me), ...routes });
  const queryClient = createQueryClient();
  queryClient.setQueryData(userKeys.me(), me);
  for (const [queryKey, data] of cached) queryClient.setQueryData(queryKey, data);
  const api = createApiClient(transport);
  const router = createMemoryRouter([{ path: "*", element }], {
    initialEntries: [path],
    ...(siteSection ? { basename: siteSection.basePath } : {}),
  });
  const result = render(
    <Providers
      queryClient={queryClient}
      api={api}
      head={null}
      now={Date.parse("2025-01-01T12:00:00Z")}
      siteSection={siteSection}
    >
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, transport, queryClient };
}

/** The app's providers around `children`, with `me` in the query cache. */
export function TestProviders({ me = guestMe, children }: { me?: Me; children: ReactNode }) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(userKeys.me(), me);
  const api = createApiClient(createFakeTransport({ "GET /users/me": jsonResponse(me) }));
  return (
    <Providers queryClient={queryClient} api={api} head={null} now={Date.now()}>
      {children}
    </Providers>
  );
}
