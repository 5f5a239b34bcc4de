import { act, cleanup, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { jsonResponse } from "../test/fixtures.ts";
import { renderWithShell } from "../shell/testing.tsx";
import { usePageViewTick } from "./page-view.ts";

function Probe() {
  usePageViewTick();
  return <p>page</p>;
}

const ticks = (requests: Array<{ method: string; path: string; body?: unknown }>) =>
  requests.filter((request) => request.method === "POST" && request.path === "/tick").map((request) => request.body);

afterEach(cleanup);

describe("usePageViewTick", () => {
  it("tells nothing of the first page (the server counted it) and a page_view of each page the app shows after", async () => {
    const { router, transport } = renderWithShell(<Probe />, {
      path: "/discussions",
      routes: { "POST /tick": jsonResponse({ didTrack: true }, 201) },
    });
    expect(ticks(transport.requests)).toEqual([]);

    await act(() => router.navigate("/categories?page=2"));
    await waitFor(() => expect(ticks(transport.requests)).toHaveLength(1));
    expect(ticks(transport.requests)[0]).toEqual({
      type: "page_view",
      url: window.location.href,
      referrer: `${window.location.origin}/discussions`,
    });

    // Only the hash changed: the same page, no new tick.
    await act(() => router.navigate("/categories?page=2#Comment_4"));
    await act(() => router.navigate("/discussion/4/hello"));
    await waitFor(() => expect(ticks(transport.requests)).toHaveLength(2));
    expect(ticks(transport.requests)[1]).toMatchObject({
      type: "page_view",
      referrer: `${window.location.origin}/categories?page=2`,
    });
  });

  it("keeps the page when the tick fails", async () => {
    const { router, transport, getByText } = renderWithShell(<Probe />, {
      path: "/",
      routes: { "POST /tick": jsonResponse({ message: "Too many requests.", status: 429 }, 429) },
    });
    await act(() => router.navigate("/categories"));
    await waitFor(() => expect(ticks(transport.requests)).toHaveLength(1));
    expect(getByText("page")).toBeTruthy();
  });
});
