import { useQuery } from "@tanstack/react-query";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ApiResponse } from "../../../lib/api.ts";
import { renderWithShell } from "../../../shell/testing.tsx";
import { jsonResponse } from "../../../test/fixtures.ts";
import { discussionKeys } from "../discussions.queries.ts";
import { author, makeDiscussion } from "../../../test/discussions.tsx";
import { BookmarkButton } from "./BookmarkButton.tsx";

afterEach(cleanup);

/** The button over the cached discussion, as the page uses it. */
function Harness() {
  const { data } = useQuery({
    queryKey: discussionKeys.detail(1),
    queryFn: () => makeDiscussion(),
    initialData: makeDiscussion(),
    staleTime: Infinity,
  });
  return <BookmarkButton discussionID={1} bookmarked={data.bookmarked} />;
}

describe("BookmarkButton", () => {
  it("bookmarks optimistically: a spinner while the call runs, then 'Unbookmark', pressed", async () => {
    let release!: (response: ApiResponse) => void;
    const answer = new Promise<ApiResponse>((resolve) => (release = resolve));
    const { transport } = renderWithShell(<Harness />, {
      me: author,
      routes: { "PUT /discussions/1/bookmark": () => answer as unknown as ApiResponse },
    });
    fireEvent.click(screen.getByRole("button", { name: "Bookmark" }));
    const pending = await screen.findByRole("button", { name: "Unbookmark" });
    expect(pending.getAttribute("aria-pressed")).toBe("true");
    expect(pending.getAttribute("data-state")).toBe("bookmarking");
    expect(transport.requests.at(-1)?.body).toEqual({ bookmarked: true });

    release(jsonResponse({ bookmarked: true }));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Unbookmark" }).getAttribute("data-state")).toBe("bookmarked"),
    );
  });

  it("flips back on failure and shows 'There was a problem bookmarking this discussion.'", async () => {
    renderWithShell(<Harness />, {
      me: author,
      routes: { "PUT /discussions/1/bookmark": jsonResponse({ message: "Oops", status: 500 }, 500) },
    });
    fireEvent.click(screen.getByRole("button", { name: "Bookmark" }));
    expect(await screen.findByText("There was a problem bookmarking this discussion.")).toBeTruthy();
    const button = screen.getByRole("button", { name: "Bookmark" });
    expect(button.getAttribute("aria-pressed")).toBe("false");
    expect(button.getAttribute("data-state")).toBe("normal");
    // The toast can be dismissed.
    expect(screen.getByRole("button", { name: "Dismiss" })).toBeTruthy();
  });
});
