import type { Authenticator, Me, OAuth2Authenticator } from "@parley/contracts";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createApiClient } from "../../lib/api.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { Providers } from "../../Providers.tsx";
import { RouteErrorPage } from "../../shell/ErrorPages.tsx";
import { memberMe } from "../../shell/testing.tsx";
import { createFakeTransport, jsonResponse } from "../../test/fixtures.ts";
import { createAuthenticatorsRoutes } from "./authenticators.routes.tsx";

afterEach(cleanup);

const admin: Me = { ...memberMe, isAdmin: true, permissions: [...memberMe.permissions, "site.manage"] };

const oauth2: OAuth2Authenticator = {
  authenticatorID: 3,
  name: "Guild",
  type: "oauth2",
  clientID: "guild-client",
  default: false,
  active: true,
  visible: true,
  isOidc: false,
  markVerified: false,
  buttonLabel: "Guild",
  hasSecret: true,
  useBearerToken: true,
  useBasicAuthToken: false,
  postProfileRequest: false,
  authenticationRequest: { scope: "read", prompt: "" },
  userMappings: { uniqueID: "id", email: "mail", name: "login", photoUrl: "avatar", fullName: "", roles: "" },
  urls: {
    authenticateUrl: "https://guild.example/oauth/authorize",
    tokenUrl: "https://guild.example/oauth/token",
    profileUrl: "https://guild.example/api/me",
    signInUrl: "http://localhost/entry/oidc/3",
    redirectUrl: "http://localhost/entry/oidc/3/callback",
  },
  dateInserted: "2026-01-01T00:00:00+00:00",
  dateUpdated: null,
};

/** The list's record of the OAuth 2 authenticator: without its token address or profile keys. */
const listed = {
  ...oauth2,
  issuer: "",
  scope: "read",
  signOutAtProvider: false,
  signingAlgorithm: "",
  jwksUrl: "",
  userMappings: { name: "login", email: "mail", photoUrl: "avatar", roles: null },
  urls: { signInUrl: oauth2.urls.signInUrl, authenticateUrl: oauth2.urls.authenticateUrl },
} as unknown as Authenticator;

function renderAt(path: string) {
  const transport = createFakeTransport({
    "GET /users/me": jsonResponse(admin),
    "GET /authenticators": jsonResponse([listed]),
    "GET /authenticators/oauth2/3": jsonResponse(oauth2),
    "POST /authenticators/oauth2": ({ body }) => jsonResponse({ ...oauth2, ...(body as object), authenticatorID: 4 }),
    "PATCH /authenticators/oauth2/3": ({ body }) => jsonResponse({ ...oauth2, ...(body as object) }),
  });
  const queryClient = createQueryClient();
  const api = createApiClient(transport);
  const router = createMemoryRouter(
    [{ errorElement: <RouteErrorPage />, children: createAuthenticatorsRoutes({ queryClient, api }) }],
    { initialEntries: [path] },
  );
  render(
    <Providers queryClient={queryClient} api={api} head={null} now={Date.parse("2026-06-01T12:00:00Z")}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { transport };
}

/** The field whose label is `label` (a required field's label has a marker after it). */
const field = (form: HTMLElement, label: string) =>
  within(form).getByLabelText(new RegExp(`^${label}\\W*(required)?\\W*$`, "u"), { selector: "input" });
const fill = (form: HTMLElement, label: string, value: string) =>
  fireEvent.change(field(form, label), { target: { value } });

describe("/dashboard/settings/authenticators: OAuth 2", () => {
  it("edits an OAuth 2 authenticator in its own form, with its addresses and profile keys", async () => {
    const { transport } = renderAt("/dashboard/settings/authenticators?edit=3");
    const form = await screen.findByRole("form", { name: "Edit OAuth 2 authenticator" });
    expect(screen.queryByLabelText("Issuer URL", { exact: false })).toBeNull();
    expect(field(form, "Token URL")).toHaveProperty("value", "https://guild.example/oauth/token");
    expect(field(form, "Unique ID key")).toHaveProperty("value", "id");
    expect(within(form).getByRole("checkbox", { name: /HTTP Basic/u })).toHaveProperty("checked", false);
    fill(form, "Token URL", "https://guild.example/oauth/v2/token");
    fill(form, "Roles key", "groups");
    fireEvent.click(within(form).getByRole("button", { name: "Save Authenticator" }));
    await screen.findByText("“Guild” is saved.");
    const patch = transport.requests.find((request) => request.method === "PATCH");
    expect(patch?.path).toBe("/authenticators/oauth2/3");
    expect(patch?.body).toMatchObject({
      urls: { tokenUrl: "https://guild.example/oauth/v2/token" },
      userMappings: { uniqueID: "id", roles: "groups" },
      useBasicAuthToken: false,
      useBearerToken: true,
    });
    // No secret typed: the saved one is kept.
    expect(patch?.body).not.toHaveProperty("secret");
  });

  it("adds one from ?add=oauth2, refusing a missing address and secret before asking the server", async () => {
    const { transport } = renderAt("/dashboard/settings/authenticators?add=oauth2");
    const form = await screen.findByRole<HTMLFormElement>("form", { name: "Add OAuth 2 authenticator" });
    // The browser's own check of required fields aside: the route's (the page without JavaScript) is tested.
    form.noValidate = true;
    fill(form, "Name", "Forge");
    fill(form, "Authorize URL", "https://forge.example/authorize");
    fill(form, "Profile URL", "https://forge.example/user");
    fill(form, "Client ID", "forge");
    fireEvent.click(within(form).getByRole("button", { name: "Add Authenticator" }));
    await screen.findByText("Enter the client secret.");
    expect(screen.getAllByText(/Enter the provider's address for this step/u)).toHaveLength(1);
    expect(transport.requests.some((request) => request.method === "POST")).toBe(false);

    const again = screen.getByRole("form", { name: "Add OAuth 2 authenticator" });
    fill(again, "Token URL", "https://forge.example/token");
    fill(again, "Client secret", "s3cret");
    fireEvent.click(within(again).getByRole("button", { name: "Add Authenticator" }));
    await waitFor(() => expect(transport.requests.some((request) => request.method === "POST")).toBe(true));
    const post = transport.requests.find((request) => request.method === "POST");
    expect(post?.path).toBe("/authenticators/oauth2");
    expect(post?.body).toMatchObject({
      name: "Forge",
      secret: "s3cret",
      urls: { tokenUrl: "https://forge.example/token" },
      userMappings: { uniqueID: "user_id", email: "email", name: "displayname" },
    });
  });
});
