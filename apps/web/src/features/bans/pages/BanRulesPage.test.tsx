import { Suspense } from "react";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { BanRule, Me } from "@parley/contracts";
import { paginationHeaders } from "@parley/contracts/headers";
import { memberMe, renderWithShell } from "../../../shell/testing.tsx";
import { jsonResponse } from "../../../test/fixtures.ts";
import { expiryOf } from "../bans.routes.tsx";
import { BanRulesPage } from "./BanRulesPage.tsx";

afterEach(cleanup);

const manager: Me = { ...memberMe, permissions: [...memberMe.permissions, "site.manage"] };

const rule = (banID: number, banValue: string, dateExpires: string | null): BanRule => ({
  banID,
  banType: "email",
  banValue,
  notes: null,
  countUsers: 0,
  countBlockedRegistrations: 0,
  insertUserID: 1,
  dateInserted: "2024-06-01T10:00:00+00:00",
  updateUserID: null,
  dateUpdated: null,
  dateExpires,
});

describe("BanRulesPage", () => {
  it("lists when each rule ends, marks the expired ones, and offers an Expires field (none: never)", async () => {
    // The page's "now" is the shell's: 2025-01-01T12:00:00Z.
    renderWithShell(
      <Suspense fallback={null}>
        <BanRulesPage />
      </Suspense>,
      {
        me: manager,
        path: "/dashboard/users/bans",
        routes: {
          "GET /ban-rules": jsonResponse(
            [
              rule(3, "bygone.example", "2024-12-01T00:00:00+00:00"),
              rule(2, "later.example", "2030-12-31T00:00:00+00:00"),
              rule(1, "forever.example", null),
            ],
            200,
            { [paginationHeaders.current]: "1", [paginationHeaders.limit]: "30", [paginationHeaders.resultCount]: "3" },
          ),
        },
      },
    );
    const list = await screen.findByRole("list", { name: "Ban rules" });
    const [bygone, later, forever] = within(list).getAllByRole("listitem");
    expect(within(bygone!).getByText("Expired")).toBeTruthy();
    expect(bygone!.textContent).toContain("Expires 2024-12-01");
    expect(within(later!).queryByText("Expired")).toBeNull();
    expect(later!.textContent).toContain("Expires 2030-12-31");
    expect(forever!.textContent).toContain("Never expires");
    const field = screen.getByLabelText<HTMLInputElement>("Expires");
    expect(field.type).toBe("date");
    expect(field.value).toBe("");
  });

  it("reads the form's day as its start, UTC; empty is never, anything else is refused", () => {
    expect(expiryOf("2030-12-31")).toBe("2030-12-31T00:00:00.000Z");
    expect(expiryOf("")).toBeNull();
    expect(expiryOf("31/12/2030")).toBeUndefined();
    expect(expiryOf("2030-13-45")).toBeUndefined();
  });
});
