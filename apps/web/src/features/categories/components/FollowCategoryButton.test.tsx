import { useQuery } from "@tanstack/react-query";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ApiResponse } from "../../../lib/api.ts";
import { memberMe, renderWithShell } from "../../../shell/testing.tsx";
import { jsonResponse, makeCategory } from "../../../test/fixtures.ts";
import { categoryKeys } from "../categories.queries.ts";
import { CategoryList } from "./CategoryList.tsx";
import { FollowCategoryButton } from "./FollowCategoryButton.tsx";

afterEach(cleanup);

const general = makeCategory({ categoryID: 7, name: "General", countFollowers: 2 });

/** The toggle over the cached category record, as the category page uses it. */
function Harness() {
  const { data } = useQuery({
    queryKey: categoryKeys.detail("general"),
    queryFn: () => general,
    initialData: general,
    staleTime: Infinity,
  });
  return (
    <>
      <FollowCategoryButton category={data} />
      <output aria-label="Followers">{data.countFollowers}</output>
    </>
  );
}

describe("FollowCategoryButton", () => {
  it("follows optimistically: pressed at once while the call runs, then 'Following'", async () => {
    let release!: (response: ApiResponse) => void;
    const answer = new Promise<ApiResponse>((resolve) => (release = resolve));
    const { transport } = renderWithShell(<Harness />, {
      me: memberMe,
      routes: { "PUT /categories/7/follow": () => answer as unknown as ApiResponse },
    });
    const button = screen.getByRole("button", { name: "Follow General" });
    expect(button.tagName).toBe("BUTTON");
    expect(button.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(button);
    const pending = await screen.findByRole("button", { name: "Following General" });
    expect(pending.getAttribute("aria-pressed")).toBe("true");
    expect(pending.getAttribute("data-state")).toBe("pending");
    expect(pending.textContent).toBe("Following");
    expect(screen.getByLabelText("Followers").textContent).toBe("3");
    expect(transport.requests.at(-1)).toMatchObject({ method: "PUT", body: { followed: true } });
    release(jsonResponse({ followed: true }));
    await waitFor(() => expect(pending.getAttribute("data-state")).toBe("followed"));
  });

  it("rolls back on failure and shows the server's reason (the follow limit)", async () => {
    const limit =
      "You are already following the maximum of 500 categories. Unfollow a category before following another.";
    renderWithShell(<Harness />, {
      me: memberMe,
      routes: {
        "PUT /categories/7/follow": jsonResponse(
          { message: limit, status: 400, description: null, actionButton: { label: "Review", url: "/categories" } },
          400,
        ),
      },
    });
    fireEvent.click(screen.getByRole("button", { name: "Follow General" }));
    expect(await screen.findByText(limit)).toBeTruthy();
    const button = screen.getByRole("button", { name: "Follow General" });
    expect(button.getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByLabelText("Followers").textContent).toBe("2");
  });

  it("shows no toggle to a guest, nor on a category that does not list discussions", () => {
    renderWithShell(<Harness />);
    expect(screen.queryByRole("button", { name: /Follow/ })).toBeNull();
    cleanup();
    renderWithShell(
      <FollowCategoryButton category={makeCategory({ categoryID: 3, name: "Help", displayAs: "categories" })} />,
      { me: memberMe },
    );
    expect(screen.queryByRole("button", { name: /Follow/ })).toBeNull();
  });

  it("appears on each category of the categories list for a member, pressed where followed", () => {
    renderWithShell(
      <CategoryList
        categories={[general, makeCategory({ categoryID: 8, name: "Ideas", followed: true, countFollowers: 1 })]}
      />,
      { me: memberMe },
    );
    expect(screen.getByRole("button", { name: "Follow General" }).getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByRole("button", { name: "Following Ideas" }).getAttribute("aria-pressed")).toBe("true");
  });
});
