import type { Me, Report } from "@parley/contracts";
import { cleanup, render, screen, within } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createApiClient } from "../../lib/api.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { Providers } from "../../Providers.tsx";
import { RouteErrorPage } from "../../shell/ErrorPages.tsx";
import { memberMe } from "../../shell/testing.tsx";
import { createFakeTransport, jsonResponse } from "../../test/fixtures.ts";
import { createReportRoutes } from "./reports.routes.tsx";

afterEach(cleanup);

const fragment = (userID: number, name: string) => ({
  userID,
  name,
  photoUrl: `http://localhost/images/${userID}.png`,
  url: `http://localhost/profile/${name}`,
  dateLastActive: null,
});

const moderator: Me = { ...memberMe, userID: 2, permissions: [...memberMe.permissions, "community.moderate"] };

const report = (overrides: Partial<Report> & Pick<Report, "reportID" | "recordType">): Report => ({
  recordID: 10,
  recordName: "A post",
  recordUrl: "http://localhost/discussion/10",
  recordExcerpt: "Buy now",
  recordHtml: null,
  recordDateInserted: null,
  recordUserID: 8,
  placeRecordType: "category",
  placeRecordID: 1,
  reportReasonIDs: ["abuse"],
  reportReasons: [{ reportReasonID: "abuse", name: "Abuse", description: "", sort: 1, deleted: false }],
  noteBody: null,
  status: "new",
  insertUserID: 7,
  insertUser: fragment(7, "Ada"),
  dateInserted: "2025-01-01T11:00:00+00:00",
  updateUserID: null,
  dateUpdated: null,
  countReports: 1,
  isPending: false,
  isPendingUpdate: false,
  pendingRecord: null,
  recordUser: fragment(8, "Bea"),
  ...overrides,
});

function renderQueue(items: Report[]) {
  const transport = createFakeTransport({
    "GET /users/me": jsonResponse(moderator),
    "GET /reports": jsonResponse(items, 200, { "x-app-page-current": "1", "x-app-page-limit": "30" }),
  });
  const queryClient = createQueryClient();
  const api = createApiClient(transport);
  const router = createMemoryRouter(
    [{ errorElement: <RouteErrorPage />, children: createReportRoutes({ queryClient, api }) }],
    { initialEntries: ["/dashboard/content/reports"] },
  );
  render(
    <Providers queryClient={queryClient} api={api} head={null} now={Date.parse("2025-01-01T12:00:00Z")}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe("the reports queue", () => {
  it("shows a private message's report with its snapshot, says it is private, and offers only Dismiss", async () => {
    renderQueue([
      report({
        reportID: 2,
        recordType: "message",
        recordID: 44,
        recordName: "",
        recordUrl: "http://localhost/messages/5#Message_44",
        recordHtml: "<p>You are <em>hopeless</em>.</p>",
        recordDateInserted: "2025-01-01T10:00:00+00:00",
        placeRecordType: "conversation",
        placeRecordID: 5,
      }),
      report({ reportID: 1, recordType: "comment" }),
    ]);
    const row = await screen.findByRole("listitem", { name: /Private message from Bea/ });
    expect(within(row).getByText("Private Message")).toBeTruthy();
    const snapshot = row.querySelector('[data-part="message-snapshot"]')!;
    expect(snapshot.innerHTML).toBe("<p>You are <em>hopeless</em>.</p>");
    expect(within(row).getByText(/the rest of the conversation stays private/)).toBeTruthy();
    expect(within(row).getByRole("link", { name: "The author's profile" }).getAttribute("href")).toBe(
      "http://localhost/profile/Bea",
    );
    expect(within(row).getByRole("button", { name: "Dismiss" })).toBeTruthy();
    expect(within(row).queryByRole("button", { name: "Delete Post" })).toBeNull();
    expect(within(row).queryByRole("link", { name: "View Post" })).toBeNull();
    expect(within(row).getByRole("link", { name: "1 report" }).getAttribute("href")).toBe(
      "/dashboard/content/reports?statuses=none&recordType=message&recordID=44",
    );
    // A post's report keeps its actions.
    const post = screen.getByRole("listitem", { name: "A post" });
    expect(within(post).getByRole("button", { name: "Delete Post" })).toBeTruthy();
    expect(within(post).getByRole("link", { name: "View Post" })).toBeTruthy();
  });
});
