import type { Me, Webhook, WebhookDelivery } from "@parley/contracts";
import { paginationHeaders } from "@parley/contracts/headers";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createApiClient } from "../../lib/api.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { Providers } from "../../Providers.tsx";
import { RouteErrorPage } from "../../shell/ErrorPages.tsx";
import { memberMe } from "../../shell/testing.tsx";
import { createFakeTransport, jsonResponse } from "../../test/fixtures.ts";
import { createWebhooksRoutes } from "./webhooks.routes.tsx";

afterEach(cleanup);

const admin: Me = { ...memberMe, isAdmin: true, permissions: [...memberMe.permissions, "site.manage"] };

const hook: Webhook = {
  webhookID: 3,
  name: "Chat relay",
  url: "https://chat.example/hooks/parley",
  events: ["discussion.created", "comment.created"],
  status: "active",
  secret: "••••wxyz",
  failureCount: 0,
  dateInserted: "2026-01-01T00:00:00+00:00",
  insertUserID: 2,
  dateUpdated: null,
  updateUserID: null,
  dateDisabled: null,
  disabledReason: null,
};

const delivery = (fields: Partial<WebhookDelivery>): WebhookDelivery => ({
  deliveryID: "0b7f1a8e-1111-4222-8333-944445555666",
  webhookID: 3,
  event: "discussion.created",
  recordType: "discussion",
  recordID: 12,
  status: "delivered",
  attempts: 1,
  responseCode: 200,
  responseTimeMs: 42,
  responseBody: "ok",
  error: null,
  dateInserted: "2026-05-31T10:00:00+00:00",
  dateLastAttempt: "2026-05-31T10:00:00+00:00",
  dateNextAttempt: null,
  ...fields,
});

function renderAt(path: string, routes: Parameters<typeof createFakeTransport>[0] = {}) {
  const transport = createFakeTransport({
    "GET /users/me": jsonResponse(admin),
    "GET /webhooks": jsonResponse([hook]),
    "GET /webhooks/3": jsonResponse(hook),
    "GET /webhooks/3/deliveries": jsonResponse(
      [
        delivery({}),
        delivery({
          deliveryID: "second",
          status: "retrying",
          responseCode: 503,
          attempts: 2,
          dateNextAttempt: "2026-05-31T10:30:00+00:00",
        }),
      ],
      200,
      { [paginationHeaders.current]: "1", [paginationHeaders.limit]: "30", [paginationHeaders.resultCount]: "2" },
    ),
    ...routes,
  });
  const queryClient = createQueryClient();
  const api = createApiClient(transport);
  const router = createMemoryRouter(
    [{ errorElement: <RouteErrorPage />, children: createWebhooksRoutes({ queryClient, api }) }],
    { initialEntries: [path] },
  );
  render(
    <Providers queryClient={queryClient} api={api} head={null} now={Date.parse("2026-06-01T12:00:00Z")}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { transport };
}

const field = (form: HTMLElement, label: string) =>
  within(form).getByLabelText(new RegExp(`^${label}\\W*(required)?\\W*$`, "u"), { selector: "input" });
const fill = (form: HTMLElement, label: string, value: string) =>
  fireEvent.change(field(form, label), { target: { value } });

describe("/dashboard/webhooks", () => {
  it("lists the webhooks and adds one: events as checkboxes, none refused before the server is asked, the secret shown once", async () => {
    const { transport } = renderAt("/dashboard/webhooks", {
      "POST /webhooks": ({ body }) =>
        jsonResponse({ ...hook, ...(body as object), webhookID: 4, secret: "generated-secret-value-1234" }, 201),
    });
    const list = await screen.findByRole("list", { name: "Webhooks" });
    expect(within(list).getByRole("link", { name: "Chat relay" }).getAttribute("href")).toBe("/dashboard/webhooks/3");
    expect(list.textContent).toContain("Active");
    expect(list.textContent).toContain("Discussion created, Comment created");

    const form = screen.getByRole<HTMLFormElement>("form", { name: "Add a webhook" });
    form.noValidate = true;
    fill(form, "Name", "Audit");
    fill(form, "URL", "https://audit.example/in");
    fireEvent.click(within(form).getByRole("button", { name: "Add Webhook" }));
    expect(await screen.findByText("Choose at least one event.")).toBeTruthy();
    expect(transport.requests.some((request) => request.method === "POST")).toBe(false);

    const again = screen.getByRole<HTMLFormElement>("form", { name: "Add a webhook" });
    expect(field(again, "Name")).toHaveProperty("value", "Audit");
    fireEvent.click(within(again).getByRole("checkbox", { name: "User banned" }));
    fireEvent.click(within(again).getByRole("checkbox", { name: "Report filed" }));
    fireEvent.click(within(again).getByRole("button", { name: "Add Webhook" }));
    await screen.findByText("The webhook “Audit” is added.");
    const post = transport.requests.find((request) => request.method === "POST");
    expect(post?.path).toBe("/webhooks");
    // No secret typed: the server makes one; it is shown this once.
    expect(post?.body).toEqual({
      name: "Audit",
      url: "https://audit.example/in",
      events: ["user.banned", "report.created"],
    });
    expect(screen.getByLabelText<HTMLInputElement>("The secret of “Audit”").value).toBe("generated-secret-value-1234");
  });

  it("shows the server's refusal of the URL next to it", async () => {
    renderAt("/dashboard/webhooks", {
      "POST /webhooks": jsonResponse(
        {
          message: "Validation Failed",
          status: 422,
          description: null,
          errors: [
            {
              field: "url",
              code: "invalid",
              message: "The URL's host resolves to a private or local address.",
              status: 422,
            },
          ],
        },
        422,
      ),
    });
    const form = await screen.findByRole<HTMLFormElement>("form", { name: "Add a webhook" });
    fill(form, "Name", "Inside");
    fill(form, "URL", "https://10.0.0.1/in");
    fireEvent.click(within(form).getByRole("checkbox", { name: "User registered" }));
    fireEvent.click(within(form).getByRole("button", { name: "Add Webhook" }));
    const message = await screen.findByText("The URL's host resolves to a private or local address.");
    const url = field(screen.getByRole("form", { name: "Add a webhook" }), "URL");
    expect(url.getAttribute("aria-describedby")).toContain(message.id);
    expect(
      within(screen.getByRole("form", { name: "Add a webhook" })).getByRole("checkbox", { name: "User registered" }),
    ).toHaveProperty("checked", true);
  });

  it("shows a webhook's delivery log and pings it", async () => {
    const { transport } = renderAt("/dashboard/webhooks/3", {
      "POST /webhooks/3/ping": jsonResponse(delivery({ event: "ping", deliveryID: "ping-1" }), 201),
    });
    const log = await screen.findByRole("table", { name: "Recent deliveries" });
    const rows = within(log).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain("Delivered");
    expect(rows[1]!.textContent).toContain("200");
    expect(rows[2]!.textContent).toContain("Will retry");
    expect(rows[2]!.textContent).toContain("503");
    expect(within(rows[2]!).getByRole("button", { name: /^Redeliver discussion\.created/u })).toBeTruthy();
    const settings = screen.getByRole("form", { name: "Settings" });
    expect(within(settings).getByRole("checkbox", { name: "Comment created" })).toHaveProperty("checked", true);
    expect(within(settings).getByRole("checkbox", { name: "User banned" })).toHaveProperty("checked", false);
    fireEvent.click(screen.getByRole("button", { name: "Ping" }));
    await screen.findByText("Sent: the address answered 200.");
    expect(transport.requests.some((request) => request.method === "POST" && request.path === "/webhooks/3/ping")).toBe(
      true,
    );
  });

  it("rotates a webhook's secret and shows the new one once", async () => {
    const { transport } = renderAt("/dashboard/webhooks/3", {
      "POST /webhooks/3/rotate-secret": jsonResponse({ ...hook, secret: "brand-new-secret-0123456789" }, 201),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Rotate secret" }));
    await screen.findByText("A new secret replaces the old one: deliveries are signed with it from now on.");
    expect(screen.getByLabelText(/^The secret of/u)).toHaveProperty("value", "brand-new-secret-0123456789");
    expect(
      transport.requests.some((request) => request.method === "POST" && request.path === "/webhooks/3/rotate-secret"),
    ).toBe(true);
  });

  it("says why a webhook is disabled and re-enables it", async () => {
    const disabled = {
      ...hook,
      status: "disabled",
      dateDisabled: "2026-05-31T11:00:00+00:00",
      disabledReason: "Disabled after 5 deliveries in a row failed.",
    };
    const { transport } = renderAt("/dashboard/webhooks/3", {
      "GET /webhooks/3": jsonResponse(disabled),
      "PATCH /webhooks/3": ({ body }) => jsonResponse({ ...disabled, ...(body as object) }),
    });
    const note = await screen.findByRole("note");
    expect(note.textContent).toContain("Disabled after 5 deliveries in a row failed.");
    fireEvent.click(within(note).getByRole("button", { name: "Re-enable" }));
    await screen.findByText("The webhook is enabled again.");
    await waitFor(() =>
      expect(transport.requests.find((request) => request.method === "PATCH")?.body).toEqual({ status: "active" }),
    );
  });
});
