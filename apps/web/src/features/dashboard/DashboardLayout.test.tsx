import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Me } from "@parley/contracts";
import { paginationHeaders } from "@parley/contracts/headers";
import type { ApiRequest } from "../../lib/api.ts";
import { memberMe, renderWithShell } from "../../shell/testing.tsx";
import { jsonResponse } from "../../test/fixtures.ts";
import { waitingKeys } from "../reports/index.ts";
import { DashboardLayout } from "./DashboardLayout.tsx";

afterEach(cleanup);

const moderator: Me = { ...memberMe, permissions: [...memberMe.permissions, "community.moderate"] };

/** The list's answer as the server gives it: one row asked for, the total in the paging header. */
const total = (count: number) =>
  jsonResponse([], 200, {
    [paginationHeaders.current]: "1",
    [paginationHeaders.limit]: "1",
    [paginationHeaders.resultCount]: String(count),
  });

/** `/reports` answers by what is asked: held posts (`isPending`) or open reports. */
const counts = (held: () => number, reports: number) => (request: ApiRequest) =>
  request.query?.["isPending"] ? total(held()) : total(reports);

describe("DashboardLayout's waiting badges", () => {
  it("names Premoderation and Reports with how many wait, from the lists' total header, one row asked", async () => {
    const { transport } = renderWithShell(<DashboardLayout />, {
      me: moderator,
      path: "/dashboard",
      routes: { "GET /reports": counts(() => 3, 12) },
    });
    const held = await screen.findByRole("link", { name: "Premoderation, 3 waiting" });
    expect(held.textContent).toBe("Premoderation");
    expect(held.querySelector("[data-count]")?.getAttribute("data-count")).toBe("3");
    expect(await screen.findByRole("link", { name: "Reports, 12 waiting" })).toBeTruthy();
    const asked = transport.requests.filter((request) => request.path === "/reports");
    expect(asked.map((request) => request.query)).toEqual(
      expect.arrayContaining([
        { isPending: true, limit: 1 },
        { status: ["new", "escalated"], limit: 1 },
      ]),
    );
  });

  it("shows no badge when nothing waits, and counts again when the queue's actions invalidate it", async () => {
    let held = 0;
    const { queryClient } = renderWithShell(<DashboardLayout />, {
      me: moderator,
      path: "/dashboard",
      routes: { "GET /reports": counts(() => held, 0) },
    });
    const link = await screen.findByRole("link", { name: "Premoderation" });
    await waitFor(() => expect(queryClient.getQueryData(waitingKeys.queue("premoderation"))).toBe(0));
    expect(link.querySelector("[data-count]")).toBeNull();
    held = 2;
    await queryClient.invalidateQueries({ queryKey: waitingKeys.all });
    expect(await screen.findByRole("link", { name: "Premoderation, 2 waiting" })).toBeTruthy();
  });

  it("asks nothing for a member who may not see the queues", async () => {
    const { transport } = renderWithShell(<DashboardLayout />, {
      me: { ...memberMe, permissions: [...memberMe.permissions, "site.manage"] },
      path: "/dashboard",
      routes: { "GET /reports": total(5) },
    });
    await screen.findByRole("navigation", { name: "Dashboard" });
    expect(screen.queryByRole("link", { name: /Premoderation|Reports/ })).toBeNull();
    expect(transport.requests.some((request) => request.path === "/reports")).toBe(false);
  });
});
