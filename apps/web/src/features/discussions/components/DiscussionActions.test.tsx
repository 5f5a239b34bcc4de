import { useQuery } from "@tanstack/react-query";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Discussion } from "@parley/contracts";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { renderWithShell, TestProviders } from "../../../shell/testing.tsx";
import { jsonResponse } from "../../../test/fixtures.ts";
import { discussionKeys } from "../discussions.queries.ts";
import { author, makeDiscussion } from "../../../test/discussions.tsx";
import { commentBodyID } from "../../../lib/comment-composer.ts";
import { DiscussionOptionsMenu } from "./DiscussionOptionsMenu.tsx";
import { PostButtons } from "./PostButtons.tsx";
import { NewDiscussionLink } from "../pages/DiscussionsPage.tsx";
import { memberStanding, readingPart } from "../../warnings/index.ts";

afterEach(cleanup);

const record = {
  recordType: "discussion" as const,
  recordID: 1,
  url: "http://localhost/discussion/1/hello",
  name: "Hello",
};

describe("PostButtons", () => {
  const renderButtons = (discussion: Discussion) =>
    renderWithShell(
      <>
        <PostButtons discussion={discussion} record={record} />
        <textarea id={commentBodyID} aria-label="Comment" />
      </>,
      {
        me: author,
        routes: {
          "GET /discussions/1/quote": jsonResponse({
            discussionID: 1,
            name: "Hello",
            bodyRaw: "Quoted words",
            format: "markdown",
            dateInserted: "2025-01-01T12:00:00+00:00",
            dateUpdated: null,
            insertUser: { userID: 7, name: "Ada", photoUrl: "", url: null },
            url: record.url,
          }),
        },
      },
    );

  it("shows Reply and Quote with comments.add; Reply points at the comment form", () => {
    renderButtons(makeDiscussion());
    expect(screen.getByRole("link", { name: "Reply" }).getAttribute("href")).toBe(`#${commentBodyID}`);
    expect(screen.getByRole("button", { name: "Quote" })).toBeTruthy();
  });

  it("shows neither without comments.add", () => {
    renderButtons(makeDiscussion({ permissions: { "comments.add": false } }));
    expect(screen.queryByRole("link", { name: "Reply" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Quote" })).toBeNull();
  });

  it("on a closed discussion, Quote also needs discussions.close", () => {
    renderButtons(makeDiscussion({ closed: true, permissions: { "comments.add": true } }));
    expect(screen.getByRole("link", { name: "Reply" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Quote" })).toBeNull();
    cleanup();
    renderButtons(makeDiscussion({ closed: true, permissions: { "comments.add": true, "discussions.close": true } }));
    expect(screen.getByRole("button", { name: "Quote" })).toBeTruthy();
  });

  it("offers neither Reply, Quote nor New Discussion to a member made read-only by warnings", async () => {
    // As on a member's page: the reading part loaded, their standing prefetched by the loader.
    await readingPart.load();
    const readOnly = {
      userID: author.userID,
      activePoints: 3,
      readOnlyUntil: new Date(Date.now() + 86_400_000).toISOString(),
      readOnlyPoints: 3,
      banPoints: 5,
    };
    const cached: Array<[unknown[], unknown]> = [[["warnings", author.userID, "summary"], readOnly]];
    renderWithShell(
      <>
        <PostButtons discussion={makeDiscussion()} record={record} />
        <NewDiscussionLink categoryID={4} />
      </>,
      { me: author, cached },
    );
    await waitFor(() => expect(screen.queryByRole("link", { name: "Reply" })).toBeNull());
    expect(screen.queryByRole("button", { name: "Quote" })).toBeNull();
    expect(screen.queryByRole("link", { name: "New Discussion" })).toBeNull();
    // The options menu (Copy Link, Share) stays: reading and sharing are not posting.
    expect(screen.getByRole("button", { name: "Options for the post by Unknown User" })).toBeTruthy();
    cleanup();
    renderWithShell(
      <>
        <PostButtons discussion={makeDiscussion()} record={record} />
        <NewDiscussionLink categoryID={4} />
      </>,
      { me: author, cached: [[["warnings", author.userID, "summary"], { ...readOnly, readOnlyUntil: null }]] },
    );
    expect(await screen.findByRole("link", { name: "Reply" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "New Discussion" }).getAttribute("href")).toBe("/post/discussion/4");
  });

  it("Reply focuses the comment form; Quote fetches the quote and inserts it there", async () => {
    renderButtons(makeDiscussion());
    const area = screen.getByRole<HTMLTextAreaElement>("textbox", { name: "Comment" });
    fireEvent.click(screen.getByRole("link", { name: "Reply" }));
    expect(document.activeElement).toBe(area);
    fireEvent.click(screen.getByRole("button", { name: "Quote" }));
    await waitFor(() => expect(area.value).toContain("> Quoted words"));
    expect(area.value).toContain(`[Ada](${record.url}) said:`);
  });
});

describe("PostButtons' options menu", () => {
  const renderMenu = () =>
    renderWithShell(<PostButtons discussion={makeDiscussion()} record={record} authorName="Ada" />, {
      me: { ...author, permissions: [...author.permissions, "conversations.add"] },
    });

  it("is one ⋯ button named for the post's author that opens by keyboard on its first entry", async () => {
    renderMenu();
    const trigger = screen.getByRole("button", { name: "Options for the post by Ada" });
    expect(trigger.getAttribute("aria-haspopup")).toBe("menu");
    trigger.focus();
    fireEvent.keyDown(trigger, { key: "ArrowDown" });
    fireEvent.keyUp(trigger, { key: "ArrowDown" });
    const menu = await screen.findByRole("menu", {}, { timeout: 5000 });
    const items = within(menu).getAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual(["Copy Link", "Share to a private message"]);
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    // Escape closes it and gives the focus back to its button.
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it("without JavaScript (the server's HTML) is a native disclosure with the post's own address", () => {
    const html = renderToString(
      <TestProviders me={author}>
        <MemoryRouter>
          <PostButtons discussion={makeDiscussion()} record={record} authorName="Ada" />
        </MemoryRouter>
      </TestProviders>,
    );
    const doc = new DOMParser().parseFromString(html, "text/html");
    const details = doc.querySelector("details[data-part=post-menu]");
    expect(details?.querySelector("summary")?.getAttribute("aria-label")).toBe("Options for the post by Ada");
    expect(details?.querySelector("a")?.getAttribute("href")).toBe(record.url);
    expect(details?.querySelector("a")?.textContent).toBe("Link to this post");
    // Reply stays a link in the row, outside the menu.
    expect(doc.querySelector(`a[href="#${commentBodyID}"]`)?.textContent).toBe("Reply");
  });
});

describe("DiscussionOptionsMenu", () => {
  function Harness() {
    const { data } = useQuery({
      queryKey: discussionKeys.detail(1),
      queryFn: () => makeDiscussion(),
      initialData: makeDiscussion({
        permissions: { "discussions.edit": true, "discussions.delete": true, "comments.add": true },
      }),
      staleTime: Infinity,
    });
    return data ? <DiscussionOptionsMenu discussion={data} /> : <p>gone</p>;
  }

  const openMenu = async () => {
    fireEvent.click(screen.getByRole("button", { name: "Discussion Options" }));
    return screen.findByRole("menu", {}, { timeout: 5000 });
  };

  it("lists the member's entries: Edit to the edit page, Bookmark, Mute, Share, Delete", async () => {
    renderWithShell(<Harness />, {
      me: author,
      routes: { "GET /config": jsonResponse({ "ui.editContentTimeout": -1 }) },
    });
    const menu = await openMenu();
    const items = within(menu).getAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual(["Edit", "Bookmark", "Mute", "Share", "Delete"]);
    expect(items[0]!.getAttribute("href")).toBe("/post/editdiscussion/1");
  });

  it("offers no Edit to a member made read-only by warnings (the server refuses their edits too)", async () => {
    // As on a member's page: the reading part loaded, their standing prefetched by the loader.
    await memberStanding.load();
    renderWithShell(<Harness />, {
      me: author,
      routes: { "GET /config": jsonResponse({ "ui.editContentTimeout": -1 }) },
      cached: [
        [
          ["warnings", author.userID, "summary"],
          {
            userID: author.userID,
            activePoints: 3,
            readOnlyUntil: new Date(Date.now() + 86_400_000).toISOString(),
            readOnlyPoints: 3,
            banPoints: 5,
          },
        ],
      ],
    });
    const menu = await openMenu();
    const items = within(menu).getAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual(["Bookmark", "Mute", "Share", "Delete"]);
  });

  it("mutes with the toast 'Discussion has been muted.'", async () => {
    const { transport } = renderWithShell(<Harness />, {
      me: author,
      routes: { "PUT /discussions/1/mute": jsonResponse({ muted: true }) },
    });
    fireEvent.click(within(await openMenu()).getByRole("menuitem", { name: "Mute" }));
    expect(await screen.findByText("Discussion has been muted.")).toBeTruthy();
    expect(transport.requests.find((request) => request.path === "/discussions/1/mute")?.body).toEqual({ muted: true });
    expect(within(await openMenu()).getByRole("menuitem", { name: "Unmute" })).toBeTruthy();
  });

  it("asks 'Are you sure you want to delete this discussion?', deletes, drops the cache and goes to the category", async () => {
    const { transport, router, queryClient } = renderWithShell(<Harness />, {
      me: author,
      path: "/discussion/1/hello",
      routes: { "DELETE /discussions/1": jsonResponse(null, 204) },
    });
    fireEvent.click(within(await openMenu()).getByRole("menuitem", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("Are you sure you want to delete this discussion?");
    expect(transport.requests.some((request) => request.method === "DELETE")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/categories/general"));
    expect(transport.requests.some((request) => request.method === "DELETE" && request.path === "/discussions/1")).toBe(
      true,
    );
    expect(queryClient.getQueryData(discussionKeys.detail(1))).toBeUndefined();
  });
});
