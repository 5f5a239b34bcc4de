import { cleanup, render, screen } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { CallStatus } from "@parley/contracts";
import { createApiClient } from "../../lib/api.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { Providers } from "../../Providers.tsx";
import { memberMe } from "../../shell/testing.tsx";
import { createFakeTransport, jsonResponse } from "../../test/fixtures.ts";
import { userKeys } from "../users/index.ts";
import { createCategoriesDashboardRoutes } from "./categories.dashboard.routes.tsx";

afterEach(cleanup);

const status = (state: CallStatus["status"], countSuccess: number): CallStatus => ({
  jobID: "1.longrunnerjob.x",
  jobTrackingID: "track",
  status: state,
  progress: { countTotalIDs: 120, countSuccess, countFailed: 0 },
  failureStatus: 0,
  dateInserted: "2026-11-29T12:00:00Z",
  dateUpdated: "2026-11-29T12:00:01Z",
});

describe("a category's deletion page", () => {
  it("shows the progress as it goes (a labelled bar, N of M), polls it, and ends with the way back", async () => {
    const answers = [status("intended", 40), status("complete", 120)];
    const transport = createFakeTransport({
      "GET /calls/track": () => jsonResponse(answers.length > 1 ? answers.shift() : answers[0]),
    });
    const api = createApiClient(transport);
    const queryClient = createQueryClient();
    queryClient.setQueryData(userKeys.me(), {
      ...memberMe,
      permissions: [...memberMe.permissions, "community.manage"],
    });
    const router = createMemoryRouter(createCategoriesDashboardRoutes({ queryClient, api }), {
      initialEntries: ["/dashboard/categories/7/delete/track?name=Old+News&content=move"],
    });
    render(
      <Providers queryClient={queryClient} api={api} head={null} now={Date.parse("2026-11-29T12:00:00Z")}>
        <RouterProvider router={router} />
      </Providers>,
    );
    await screen.findByRole("heading", { level: 1, name: "Deleting “Old News”" }, { timeout: 5000 });
    const bar = screen.getByRole("progressbar", { name: "Discussions moved" });
    expect([bar.getAttribute("value"), bar.getAttribute("max")]).toEqual(["40", "120"]);
    expect(screen.getByRole("status").textContent).toBe("40 of 120 discussions");
    expect(screen.getByRole("link", { name: "Check again" }).getAttribute("href")).toBe(
      "/dashboard/categories/7/delete/track?name=Old+News&content=move",
    );

    await screen.findByText("“Old News” has been deleted.", undefined, { timeout: 5000 });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Deleted “Old News”");
    expect(screen.getByRole("progressbar", { name: "Discussions moved" }).getAttribute("value")).toBe("120");
    expect(screen.getAllByRole("status").map((region) => region.textContent)).toContain("120 of 120 discussions");
    expect(screen.getByRole("link", { name: "Back to Categories" }).getAttribute("href")).toBe("/dashboard/categories");
    expect(screen.queryByRole("link", { name: "Check again" })).toBeNull();
  });
});
