import { useQuery } from "@tanstack/react-query";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Discussion } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { memberMe, renderWithShell } from "../../../shell/testing.tsx";
import { jsonResponse } from "../../../test/fixtures.ts";
import { makeDiscussion } from "../../../test/discussions.tsx";
import { DiscussionList } from "../components/DiscussionList.tsx";
import { discussionKeys, discussionListQuery } from "../discussions.queries.ts";
import { selectionStore } from "./bulk.store.ts";

const manage = {
  "discussions.manage": true,
  "discussions.move": true,
  "discussions.close": true,
  "discussions.delete": true,
};
const listParams = { page: 1, limit: 30 };
const items = [
  makeDiscussion({ discussionID: 1, name: "First", permissions: manage }),
  makeDiscussion({ discussionID: 2, name: "Second", permissions: { ...manage, "discussions.close": false } }),
  makeDiscussion({ discussionID: 3, name: "Third", permissions: manage }),
  makeDiscussion({ discussionID: 4, name: "Not mine", permissions: { "discussions.manage": false } }),
];

function Harness() {
  const { data } = useQuery({
    ...discussionListQuery(useApi(), listParams),
    initialData: { items, total: items.length },
    staleTime: Infinity,
  });
  // The list loads the bulk module itself, as it carries discussions.manage.
  return <DiscussionList discussions={data.items} />;
}

/** `after`: what the server lists when the list is refreshed after a bulk call. */
const render = async (after: Discussion[] = items.filter((item) => item.discussionID !== 1), capabilities = "") => {
  const rendered = renderWithShell(<Harness />, {
    me: { ...memberMe, permissions: [...memberMe.permissions, "community.moderate"] },
    routes: {
      "GET /config": jsonResponse({ "moderation.capabilities": capabilities }),
      "GET /discussions": jsonResponse(after),
    },
  });
  await screen.findAllByRole("checkbox", {}, { timeout: 5000 });
  return rendered;
};

// `hidden`: while a dialog is open, the page behind it is hidden from the accessibility tree.
const box = (name: string) => screen.getByRole<HTMLInputElement>("checkbox", { name: `Select ${name}`, hidden: true });
const toast = () => screen.queryByRole("region", { name: "Bulk actions" });
/**
 * The toast once it shows: on a loaded machine the shell may suspend for a moment after the list
 * appeared (the page then stays in the DOM, hidden, and a click on it shows the toast only after).
 */
const shownToast = () => screen.findByRole("region", { name: "Bulk actions" }, { timeout: 5000 });

const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

// The list loads the module on demand: loaded once here, so a busy machine's first transform is not
// counted against the first test's waits.
beforeAll(() => import("./BulkActions.tsx"), 30_000);
beforeEach(() => selectionStore.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("bulk selection on discussion lists (spec §4, §5)", () => {
  it("checkboxes only on discussions the viewer manages; the toast shows with one checked and goes with none", async () => {
    await render();
    expect(screen.getAllByRole("checkbox")).toHaveLength(3);
    expect(screen.queryByRole("checkbox", { name: "Select Not mine" })).toBeNull();
    expect(toast()).toBeNull();
    fireEvent.click(box("First"));
    expect(await within(await shownToast()).findByText("You have selected 1 discussion.")).toBeTruthy();
    fireEvent.click(box("Third"));
    expect(await within(await shownToast()).findByText("You have selected 2 discussions.")).toBeTruthy();
    expect(
      within(await shownToast())
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Move", "Close", "Delete", "Clear selection"]);
    fireEvent.click(box("First"));
    fireEvent.click(box("Third"));
    expect(toast()).toBeNull();
  });

  it("Close names the discussions without the close permission and keeps its button disabled", async () => {
    await render();
    fireEvent.click(box("First"));
    fireEvent.click(box("Second"));
    fireEvent.click(within(await shownToast()).getByRole("button", { name: "Close" }));
    const dialog = await screen.findByRole("dialog", { name: "Close Discussions" }, { timeout: 5000 });
    const note = within(dialog).getByRole("note");
    expect(note.textContent).toContain("You don't have the close permission on the following discussions:");
    expect(
      within(note)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Second"]);
    expect(dialog.querySelector<HTMLButtonElement>("button[type=submit]")?.disabled).toBe(true);
  });

  it("delete: checked → pending → the succeeded leave the list and the selection, the failed return to checked", async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetch = vi.fn<typeof globalThis.fetch>(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    vi.stubGlobal("fetch", fetch);
    const { queryClient } = await render();
    queryClient.setQueryData(discussionKeys.detail(1), items[0]);
    queryClient.setQueryData(discussionKeys.detail(3), items[2]);
    fireEvent.click(box("First"));
    fireEvent.click(box("Third"));
    fireEvent.click(within(await shownToast()).getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Discussions" }, { timeout: 5000 });
    expect(dialog.textContent).toContain("Are you sure you want to delete 2 discussions?");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));

    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(box("First").getAttribute("data-selection")).toBe("pending");
    expect(box("Third").disabled).toBe(true);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/v2/discussions/list?longRunnerMode=sync");
    expect(init?.method).toBe("DELETE");
    expect(JSON.parse(init?.body as string)).toEqual({ discussionIDs: [1, 3] });

    answer(
      reply(403, {
        progress: {
          successIDs: [1],
          failedIDs: [3],
          exceptionsByID: { "3": { message: "Permission Problem", status: 403 } },
          countTotalIDs: 2,
        },
        callbackPayload: null,
      }),
    );
    await waitFor(() => expect(screen.queryByRole("checkbox", { name: "Select First", hidden: true })).toBeNull());
    const cached = queryClient.getQueryData<{ items: Discussion[]; total: number }>([
      "discussions",
      "list",
      listParams,
    ]);
    expect(cached?.items.map((item) => item.discussionID)).toEqual([2, 3, 4]);
    // Only the succeeded one leaves the cache.
    expect(queryClient.getQueryData(discussionKeys.detail(1))).toBeUndefined();
    expect(queryClient.getQueryData(discussionKeys.detail(3))).toBeDefined();
    expect(box("Third").checked).toBe(true);
    expect(box("Third").getAttribute("data-selection")).toBe("checked");
    expect(await within(await shownToast()).findByText("You have selected 1 discussion.")).toBeTruthy();
    expect(await screen.findByText(/Third — Permission Problem/)).toBeTruthy();
  });

  it("close resumes a 408 through calls/run, shows the progress, then marks both closed", async () => {
    let resume: (response: Response) => void = () => undefined;
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(
        reply(408, {
          progress: { successIDs: [1], failedIDs: [], exceptionsByID: {}, countTotalIDs: 2 },
          callbackPayload: "signed.jwt",
        }),
      )
      .mockImplementationOnce(
        () =>
          new Promise((resolve) => {
            resume = resolve;
          }),
      );
    vi.stubGlobal("fetch", fetch);
    const { queryClient } = await render(
      items.map((item) => ({ ...item, closed: item.discussionID === 1 || item.discussionID === 3 })),
    );
    fireEvent.click(box("First"));
    fireEvent.click(box("Third"));
    fireEvent.click(within(await shownToast()).getByRole("button", { name: "Close" }));
    const dialog = await screen.findByRole("dialog", { name: "Close Discussions" }, { timeout: 5000 });
    fireEvent.click(dialog.querySelector<HTMLButtonElement>("button[type=submit]")!);

    expect(await within(dialog).findByText("1 of 2 done…")).toBeTruthy();
    const [url, init] = fetch.mock.calls[1]!;
    expect(url).toBe("/api/v2/calls/run");
    expect(init?.body).toBe("signed.jwt");
    expect((init?.headers as Record<string, string>)["Content-Type"]).toBe("application/system+jwt");

    resume(
      reply(200, {
        progress: { successIDs: [3], failedIDs: [], exceptionsByID: {}, countTotalIDs: 2 },
        callbackPayload: null,
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Close Discussions" })).toBeNull());
    const cached = queryClient.getQueryData<{ items: Discussion[] }>(["discussions", "list", listParams]);
    expect(cached?.items.filter((item) => item.closed).map((item) => item.discussionID)).toEqual([1, 3]);
    expect(toast()).toBeNull();
  });

  it("Merge (with the server's merge): needs 2 selected, then merges into the chosen one with progress", async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetch = vi.fn<typeof globalThis.fetch>(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    vi.stubGlobal("fetch", fetch);
    const { queryClient } = await render(undefined, "merge");
    queryClient.setQueryData(discussionKeys.detail(1), items[0]);
    fireEvent.click(box("First"));
    const merge = await within(await shownToast()).findByRole("button", { name: "Merge" });
    fireEvent.click(merge);
    let dialog = await screen.findByRole("dialog", { name: "Merge Discussions" }, { timeout: 5000 });
    expect(within(dialog).getByRole("note").textContent).toBe("You must select at least 2 discussions to merge.");
    expect(dialog.querySelector<HTMLButtonElement>("button[type=submit]")?.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    fireEvent.click(box("Third"));
    fireEvent.click(within(await shownToast()).getByRole("button", { name: "Merge" }));
    dialog = await screen.findByRole("dialog", { name: "Merge Discussions" }, { timeout: 5000 });
    expect(within(dialog).getByRole<HTMLInputElement>("radio", { name: "First" }).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole("radio", { name: "Third" }));
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Leave a redirect link" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Merge" }));

    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(box("First").getAttribute("data-selection")).toBe("pending");
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/v2/discussions/merge?longRunnerMode=sync");
    expect(init?.method).toBe("PATCH");
    expect(JSON.parse(init?.body as string)).toEqual({
      discussionIDs: [1, 3],
      destinationDiscussionID: 3,
      addRedirects: true,
    });
    expect(within(dialog).getByText("0 of 2 done…")).toBeTruthy();
    answer(
      reply(200, {
        progress: { successIDs: [1, 3], failedIDs: [], exceptionsByID: {}, countTotalIDs: 2 },
        callbackPayload: null,
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Merge Discussions" })).toBeNull());
    // The merged one leaves the caches; the destination stays.
    expect(queryClient.getQueryData(discussionKeys.detail(1))).toBeUndefined();
    await waitFor(() => expect(screen.queryByRole("checkbox", { name: "Select First" })).toBeNull());
    expect(toast()).toBeNull();
  });

  it("Merge: a refused call is a persistent toast and the selection goes back to checked", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof globalThis.fetch>(async () => reply(403, { message: "Permission Problem", status: 403 })),
    );
    await render(undefined, "merge");
    fireEvent.click(box("First"));
    fireEvent.click(box("Third"));
    fireEvent.click(await within(await shownToast()).findByRole("button", { name: "Merge" }));
    const dialog = await screen.findByRole("dialog", { name: "Merge Discussions" }, { timeout: 5000 });
    fireEvent.click(within(dialog).getByRole("button", { name: "Merge" }));
    expect(await screen.findByText("Permission Problem")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Merge Discussions" })).toBeNull());
    expect(box("First").getAttribute("data-selection")).toBe("checked");
    expect(box("Third").checked).toBe(true);
  });
});
