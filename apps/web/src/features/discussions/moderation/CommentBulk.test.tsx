import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Comment, Discussion } from "@parley/contracts";
import { memberMe, renderWithShell } from "../../../shell/testing.tsx";
import { jsonResponse, makeCategory } from "../../../test/fixtures.ts";
import { makeDiscussion } from "../../../test/discussions.tsx";
import { CommentPost } from "../components/CommentPost.tsx";
import { useBulkSelection } from "../components/useBulkSelection.ts";
import { commentSelectionStore } from "./bulk.store.ts";

const makeComment = (commentID: number, text: string, permissions: Record<string, boolean>): Comment => ({
  commentID,
  discussionID: 1,
  parentRecordType: "discussion",
  parentRecordID: 1,
  depth: 1,
  name: "Re: Hello",
  body: `<p>${text}</p>`,
  categoryID: 3,
  dateInserted: "2025-01-01T12:00:00+00:00",
  dateUpdated: null,
  insertUserID: 9,
  insertUser: { userID: 9, name: "Bo", url: "http://localhost/profile/Bo", photoUrl: "", dateLastActive: null },
  updateUserID: null,
  score: 0,
  attributes: {},
  url: `http://localhost/discussion/comment/${commentID}`,
  reactions: [],
  permissions,
});
const moderate = { "comments.edit": true, "comments.delete": true };
const comments = [
  makeComment(11, "First words", moderate),
  makeComment(12, "Second words", moderate),
  makeComment(13, "Third words", { "comments.edit": false, "comments.delete": false }),
];

function Harness({ discussion }: { discussion: Discussion }) {
  const bulk = useBulkSelection([discussion]);
  return (
    <>
      {comments.map((comment) => (
        <CommentPost key={comment.commentID} comment={comment} discussion={discussion} pageKey={["c"]} bulk={bulk} />
      ))}
      {bulk ? <bulk.CommentSelectionToast discussionID={discussion.discussionID} /> : null}
    </>
  );
}

const managed = makeDiscussion({ permissions: { "discussions.manage": true, "comments.add": true } });
const moderator = { ...memberMe, permissions: [...memberMe.permissions, "community.moderate"] };
const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const box = (text: string) =>
  screen.getByRole<HTMLInputElement>("checkbox", { name: `Select Bo: ${text}`, hidden: true });
const toast = () => screen.queryByRole("region", { name: "Bulk actions" });
const render = (capabilities = "split") =>
  renderWithShell(<Harness discussion={managed} />, {
    me: moderator,
    routes: {
      "GET /config": jsonResponse({ "moderation.capabilities": capabilities }),
      "GET /categories/search": jsonResponse([makeCategory({ categoryID: 5, name: "Installation" })]),
    },
  });

beforeAll(() => import("./BulkActions.tsx"), 30_000);
beforeEach(() => commentSelectionStore.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("comment bulk selection (spec §2: split and delete)", () => {
  it("members who do not manage the discussion get no checkboxes", async () => {
    const { transport } = renderWithShell(<Harness discussion={makeDiscussion()} />, {
      me: memberMe,
      routes: { "GET /config": jsonResponse({ "moderation.capabilities": "split" }) },
    });
    await waitFor(() => expect(transport.requests.some((r) => r.path === "/config")).toBe(true));
    expect(screen.queryByRole("checkbox")).toBeNull();
  });

  it("Split shows with the server's split; a new discussion's title and category, then the comments move", async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      reply(201, {
        progress: { successIDs: [11, 12], failedIDs: [], exceptionsByID: {}, countTotalIDs: 2 },
        callbackPayload: null,
      }),
    );
    vi.stubGlobal("fetch", fetch);
    render();
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select Bo: First words" }, { timeout: 5000 }));
    expect(within(toast()!).getByText("You have selected 1 comment.")).toBeTruthy();
    fireEvent.click(box("Second words"));
    fireEvent.click(await within(toast()!).findByRole("button", { name: "Split" }));
    const dialog = await screen.findByRole("dialog", { name: "Split Comments" }, { timeout: 5000 });
    const submit = () => dialog.querySelector<HTMLButtonElement>("button[type=submit]")!;
    // Nothing is wrong before the first try; trying says what is missing, and it goes once given.
    expect(within(dialog).queryByRole("alert")).toBeNull();
    fireEvent.click(submit());
    expect(within(dialog).getByRole("alert").textContent).toBe("Enter a title for the new discussion.");
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Title" }), { target: { value: "Split off" } });
    const category = within(dialog).getByRole("combobox", { name: "Category" });
    act(() => category.focus());
    fireEvent.change(category, { target: { value: "Inst" } });
    fireEvent.click(await screen.findByRole("option", { name: /Installation/, hidden: true }, { timeout: 5000 }));
    await waitFor(() => expect(within(dialog).queryByRole("alert")).toBeNull());
    fireEvent.click(submit());

    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Split Comments" })).toBeNull());
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/v2/discussions/split?longRunnerMode=sync");
    expect(JSON.parse(init?.body as string)).toEqual({
      commentIDs: [11, 12],
      newPost: { name: "Split off", categoryID: 5, authorType: "me" },
    });
    expect(toast()).toBeNull();
  });

  it("Delete names the comments without the delete permission; a failed one returns to checked with its error", async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      reply(200, {
        progress: {
          successIDs: [11],
          failedIDs: [12],
          exceptionsByID: { "12": { message: "Comment not found.", status: 404 } },
          countTotalIDs: 2,
        },
        callbackPayload: null,
      }),
    );
    vi.stubGlobal("fetch", fetch);
    render("");
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select Bo: Third words" }, { timeout: 5000 }));
    const buttons = within(toast()!)
      .getAllByRole("button")
      .map((button) => button.textContent);
    expect(buttons).toEqual(["Delete", "Clear selection"]);
    fireEvent.click(within(toast()!).getByRole("button", { name: "Delete" }));
    let dialog = await screen.findByRole("dialog", { name: "Delete Comments" }, { timeout: 5000 });
    expect(within(dialog).getByRole("note").textContent).toContain(
      "You don’t have the delete permission on the following comments:",
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.click(box("Third words"));

    fireEvent.click(box("First words"));
    fireEvent.click(box("Second words"));
    fireEvent.click(within(toast()!).getByRole("button", { name: "Delete" }));
    dialog = await screen.findByRole("dialog", { name: "Delete Comments" }, { timeout: 5000 });
    expect(dialog.textContent).toContain("Are you sure you want to delete 2 comments?");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(/Bo: Second words — Comment not found\./)).toBeTruthy();
    expect(JSON.parse(fetch.mock.calls[0]![1]?.body as string)).toEqual({ commentIDs: [11, 12], deleteMethod: "full" });
    expect(box("Second words").getAttribute("data-selection")).toBe("checked");
    expect(box("First words").checked).toBe(false);
  });
});
