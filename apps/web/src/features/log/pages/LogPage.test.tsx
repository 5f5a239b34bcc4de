import { cleanup, render, screen, within } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { ChangeLogEntry } from "@parley/contracts";
import { paginationHeaders } from "@parley/contracts/headers";
import { createApiClient, type ApiRequest } from "../../../lib/api.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { Providers } from "../../../Providers.tsx";
import { memberMe } from "../../../shell/testing.tsx";
import { userKeys } from "../../users/index.ts";
import { createFakeTransport, jsonResponse } from "../../../test/fixtures.ts";
import { makeDiscussion } from "../../../test/discussions.tsx";
import { createLogRoutes } from "../log.routes.tsx";

afterEach(cleanup);

const user = { userID: 2, name: "Mo", photoUrl: "", url: "http://localhost/profile/Mo", dateLastActive: null };
const revision = (logID: number, name: string, body: string): ChangeLogEntry => ({
  logID,
  operation: "edit",
  recordType: "discussion",
  recordID: 1,
  parentRecordID: 3,
  name,
  body,
  format: "markdown",
  authorUserID: 2,
  authorUser: user,
  dateRecordInserted: "2025-01-01T10:00:00+00:00",
  dateRecordUpdated: null,
  insertUserID: 2,
  insertUser: user,
  dateInserted: "2025-01-01T11:00:00+00:00",
  dateRestored: null,
  restoreUserID: null,
});

function renderAt(path: string) {
  const transport = createFakeTransport({
    "GET /discussions/1": jsonResponse(makeDiscussion({ name: "Now", body: "<p>Now</p>" })),
    "GET /discussions/1/revisions": (request: ApiRequest) => {
      const { page, limit } = request.query as { page: number; limit: number };
      // 32 edits: page 2 of 30 holds the two oldest; page 30 of 1 is the one just above them.
      if (limit === 1 && page === 30) return jsonResponse([revision(3, "Third", "<p>Third body</p>")]);
      if (limit === 30 && page === 2)
        return jsonResponse(
          [revision(2, "Second", "<p>Second body</p>"), revision(1, "First", "<p>First body</p>")],
          200,
          { [paginationHeaders.current]: "2", [paginationHeaders.limit]: "30", [paginationHeaders.resultCount]: "32" },
        );
      return jsonResponse({ message: "Unexpected", status: 500 }, 500);
    },
  });
  const api = createApiClient(transport);
  const queryClient = createQueryClient();
  queryClient.setQueryData(userKeys.me(), memberMe);
  const router = createMemoryRouter(createLogRoutes({ queryClient, api }), { initialEntries: [path] });
  render(
    <Providers queryClient={queryClient} api={api} head={null} now={Date.parse("2025-01-01T12:00:00Z")}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return transport;
}

describe("the revision history page beyond the first", () => {
  it("compares its first edit with the version just above it, and pages by real addresses", async () => {
    renderAt("/log/filter?recordType=discussion&recordID=1&page=2");
    await screen.findByRole("heading", { level: 1, name: "Revision History" }, { timeout: 5000 });
    const [newest, oldest] = screen.getAllByRole("article");
    expect(within(newest!).getByText("Second").tagName).toBe("DEL");
    expect(within(newest!).getByText("Third").tagName).toBe("INS");
    expect(within(newest!).getByRole("region", { name: "After" }).textContent).toContain("Third body");
    expect(within(oldest!).getByRole("region", { name: "Before" }).textContent).toContain("First body");
    expect(within(oldest!).getByRole("region", { name: "After" }).textContent).toContain("Second body");
    expect(screen.getByText("31 - 32 of 32")).toBeTruthy();
    const pages = screen.getByRole("navigation", { name: "Revision pages" });
    expect(within(pages).getByRole("link", { name: /1/ }).getAttribute("href")).toBe(
      "/log/filter?recordType=discussion&recordID=1",
    );
  });
});
