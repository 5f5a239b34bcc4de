import { useQuery } from "@tanstack/react-query";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Discussion, Me } from "@parley/contracts";
import { memberMe } from "../../../shell/testing.tsx";
import { renderWithShell } from "../../../shell/testing.tsx";
import { jsonResponse } from "../../../test/fixtures.ts";
import { author, makeDiscussion } from "../../../test/discussions.tsx";
import { DiscussionOptionsMenu } from "../components/DiscussionOptionsMenu.tsx";
import { useApi } from "../../../lib/api-context.tsx";
import { discussionQuery } from "../discussions.queries.ts";
import type { ModerationSettings } from "./capabilities.ts";
import { moderationKeys } from "./moderation.queries.ts";

afterEach(cleanup);

const moderator: Me = {
  ...memberMe,
  userID: 2,
  name: "Mo",
  permissions: [...memberMe.permissions, "community.moderate", "flag.add", "curation.manage", "staff.allow"],
  roles: [{ roleID: 32, name: "Moderator" }],
  roleIDs: [32],
};

/** What the server computes for a moderator in the discussion's category (expand=permissions). */
const moderatorPermissions = {
  "discussions.edit": true,
  "discussions.delete": true,
  "discussions.close": true,
  "discussions.sink": true,
  "discussions.announce": true,
  "discussions.move": true,
  "discussions.manage": true,
  "comments.add": true,
  "curation.manage": true,
  "staff.allow": true,
};
const memberPermissions = {
  "discussions.edit": false,
  "discussions.delete": false,
  "discussions.close": false,
  "discussions.sink": false,
  "discussions.announce": false,
  "discussions.move": false,
  "discussions.manage": false,
  "comments.add": true,
  "curation.manage": false,
  "staff.allow": false,
};

const config = (extra: Record<string, unknown> = {}) =>
  jsonResponse({ "ui.editContentTimeout": -1, "tagging.enabled": true, ...extra });

function Harness({ initial }: { initial: Discussion }) {
  const { data } = useQuery({
    ...discussionQuery(useApi(), initial.discussionID),
    initialData: initial,
    staleTime: Infinity,
  });
  return data ? <DiscussionOptionsMenu discussion={data} /> : <p>gone</p>;
}

const openMenu = async () => {
  fireEvent.click(screen.getByRole("button", { name: "Discussion Options" }));
  return screen.findByRole("menu", {}, { timeout: 5000 });
};

/** The menu's entries, with "|" for each separator between groups. */
const menuLayout = (menu: HTMLElement) =>
  [...menu.querySelectorAll('[role="menuitem"], [role="separator"]')].map((node) =>
    node.getAttribute("role") === "separator" ? "|" : node.textContent,
  );

describe("the options menu's moderation entries (spec §2, §6)", () => {
  it("a moderator sees the groups first | moderation | status | others with separators", async () => {
    renderWithShell(<Harness initial={makeDiscussion({ insertUserID: 99, permissions: moderatorPermissions })} />, {
      me: moderator,
      routes: { "GET /config": config({ "triage.enabled": true }) },
    });
    const menu = await openMenu();
    await waitFor(() => expect(within(menu).queryByRole("menuitem", { name: "Tag" })).not.toBeNull());
    expect(menuLayout(menu)).toEqual([
      "Edit",
      "|",
      "Announce",
      "Tag",
      "Move",
      "|",
      "Sink",
      "Bump",
      "Close",
      "Resolve",
      "|",
      "Bookmark",
      "Mute",
      "Share",
      "Delete",
    ]);
  });

  it("an author within the edit window gets Edit but not Tag (that needs the category's edit right)", async () => {
    const { queryClient } = renderWithShell(
      <Harness initial={makeDiscussion({ permissions: { ...memberPermissions, "discussions.edit": true } })} />,
      { me: author, routes: { "GET /config": config() } },
    );
    // Tagging is on: the settings have loaded before the menu is read.
    await waitFor(() =>
      expect(queryClient.getQueryData<ModerationSettings>(moderationKeys.settings())?.taggingEnabled).toBe(true),
    );
    const menu = await openMenu();
    expect(menuLayout(menu)).toEqual(["Edit", "|", "Bookmark", "Mute", "Share"]);
  });

  it("a member sees none of them: only Bookmark, Mute and Share on someone else's discussion", async () => {
    renderWithShell(<Harness initial={makeDiscussion({ insertUserID: 99, permissions: memberPermissions })} />, {
      me: author,
      routes: { "GET /config": config({ "triage.enabled": true, "moderation.capabilities": "reports" }) },
    });
    const menu = await openMenu();
    expect(menuLayout(menu)).toEqual(["Bookmark", "Mute", "Share"]);
  });

  it("Resolve needs triage; Tag needs tagging; Dismiss shows on announcements; labels follow the flags", async () => {
    renderWithShell(
      <Harness
        initial={makeDiscussion({
          insertUserID: 99,
          permissions: moderatorPermissions,
          closed: true,
          sink: true,
          pinned: true,
          pinLocation: "category",
        })}
      />,
      { me: moderator, routes: { "GET /config": config({ "tagging.enabled": false }) } },
    );
    const menu = await openMenu();
    const names = menuLayout(menu);
    expect(names).not.toContain("Resolve");
    expect(names).not.toContain("Tag");
    expect(names).toEqual(expect.arrayContaining(["Unsink", "Reopen", "Dismiss"]));
  });

  it("entries whose screens the server does not list in moderation.capabilities stay hidden", async () => {
    renderWithShell(<Harness initial={makeDiscussion({ insertUserID: 99, permissions: moderatorPermissions })} />, {
      me: { ...moderator, isAdmin: true },
      routes: {
        "GET /config": config({
          "moderation.capabilities": "merge,split",
        }),
      },
    });
    const menu = await openMenu();
    const names = menuLayout(menu);
    for (const name of ["Revision History", "Deleted Comments", "Reports", "Add to Collection", "Change Author"])
      expect(names).not.toContain(name);
  });

  it("Bump says 'Success! This post has been bumped.'; a failure is a persistent dismissible toast", async () => {
    let fail = false;
    const { transport } = renderWithShell(
      <Harness initial={makeDiscussion({ insertUserID: 99, permissions: moderatorPermissions })} />,
      {
        me: moderator,
        routes: {
          "GET /config": config(),
          "PATCH /discussions/1/bump": () =>
            fail
              ? jsonResponse({ message: "Permission Problem", status: 403, description: "You need curation." }, 403)
              : jsonResponse(makeDiscussion()),
        },
      },
    );
    fireEvent.click(within(await openMenu()).getByRole("menuitem", { name: "Bump" }));
    expect(await screen.findByText("Success! This post has been bumped.")).toBeTruthy();
    expect(transport.requests.some((r) => r.method === "PATCH" && r.path === "/discussions/1/bump")).toBe(true);

    fail = true;
    fireEvent.click(within(await openMenu()).getByRole("menuitem", { name: "Bump" }));
    const toast = (await screen.findByText("You need curation.")).closest("[data-toast-id]")!;
    expect(toast.getAttribute("data-toast-id")).toBe("bump-1");
    expect(within(toast as HTMLElement).getByRole("button", { name: "Dismiss" })).toBeTruthy();
  });

  it("Close patches closed and the menu then offers Reopen", async () => {
    const { transport } = renderWithShell(
      <Harness initial={makeDiscussion({ insertUserID: 99, permissions: moderatorPermissions })} />,
      {
        me: moderator,
        routes: {
          "GET /config": config(),
          "PATCH /discussions/1": (request) => jsonResponse(makeDiscussion({ ...(request.body as object) })),
          "GET /discussions/1": jsonResponse(makeDiscussion({ closed: true, permissions: moderatorPermissions })),
        },
      },
    );
    fireEvent.click(within(await openMenu()).getByRole("menuitem", { name: "Close" }));
    await waitFor(() => expect(transport.requests.find((r) => r.method === "PATCH")?.body).toEqual({ closed: true }));
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    expect(within(await openMenu()).getByRole("menuitem", { name: "Reopen" })).toBeTruthy();
  });

  it("Dismiss on an announcement: 'Success. Announcement has been dismissed.'", async () => {
    const { transport } = renderWithShell(
      <Harness initial={makeDiscussion({ insertUserID: 99, pinned: true, permissions: memberPermissions })} />,
      {
        me: author,
        routes: { "GET /config": config(), "PUT /discussions/1/dismiss": jsonResponse({ dismissed: true }) },
      },
    );
    fireEvent.click(within(await openMenu()).getByRole("menuitem", { name: "Dismiss" }));
    expect(await screen.findByText("Success. Announcement has been dismissed.")).toBeTruthy();
    expect(transport.requests.find((r) => r.path === "/discussions/1/dismiss")?.body).toEqual({ dismissed: true });
  });

  it("Announce opens its modal; 'In Recent Discussions' pins with pinLocation recent", async () => {
    const { transport } = renderWithShell(
      <Harness initial={makeDiscussion({ insertUserID: 99, permissions: moderatorPermissions })} />,
      {
        me: moderator,
        routes: {
          "GET /config": config(),
          "PATCH /discussions/1": (request) => jsonResponse(makeDiscussion({ ...(request.body as object) })),
        },
      },
    );
    fireEvent.click(within(await openMenu()).getByRole("menuitem", { name: "Announce" }));
    const dialog = await screen.findByRole("dialog", { name: "Announce" }, { timeout: 5000 });
    expect(within(dialog).getByRole<HTMLInputElement>("radio", { name: "Don't announce" }).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole("radio", { name: "In Recent Discussions and its category" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(transport.requests.find((r) => r.method === "PATCH")?.body).toEqual({
        pinned: true,
        pinLocation: "recent",
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Announce" })).toBeNull());
  });

  it("Move changes only the post type when the category stays: PUT /discussions/1/type", async () => {
    const { transport } = renderWithShell(
      <Harness initial={makeDiscussion({ insertUserID: 99, permissions: moderatorPermissions })} />,
      {
        me: moderator,
        routes: {
          "GET /config": config(),
          "PUT /discussions/1/type": jsonResponse(makeDiscussion({ type: "question" })),
        },
      },
    );
    fireEvent.click(within(await openMenu()).getByRole("menuitem", { name: "Move" }));
    const dialog = await screen.findByRole("dialog", { name: "Move" }, { timeout: 5000 });
    expect(within(dialog).getByRole<HTMLInputElement>("combobox", { name: "Category" }).value).toBe("General");
    fireEvent.change(within(dialog).getByRole("combobox", { name: "Post type" }), { target: { value: "question" } });
    fireEvent.click(dialog.querySelector<HTMLButtonElement>("button[type=submit]")!);
    await waitFor(() =>
      expect(transport.requests.find((r) => r.path === "/discussions/1/type")?.body).toEqual({ type: "question" }),
    );
    expect(transport.requests.some((r) => r.method === "PATCH")).toBe(false);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Move" })).toBeNull());
  });

  it("Tag saves the chosen tags with PATCH tagIDs; a failure keeps the dialog and shows the error toast", async () => {
    let fail = true;
    const { transport } = renderWithShell(
      <Harness
        initial={makeDiscussion({
          insertUserID: 99,
          permissions: moderatorPermissions,
          tags: [{ tagID: 5, name: "News", urlcode: "news" }],
        })}
      />,
      {
        me: moderator,
        routes: {
          "GET /config": config(),
          "PATCH /discussions/1": (request) =>
            fail
              ? jsonResponse({ message: "Tagging is not enabled.", status: 403 }, 403)
              : jsonResponse(makeDiscussion({ ...(request.body as object) })),
        },
      },
    );
    fireEvent.click(await within(await openMenu()).findByRole("menuitem", { name: "Tag" }));
    const dialog = await screen.findByRole("dialog", { name: "Tag" }, { timeout: 5000 });
    const save = () => fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    save();
    expect(await screen.findByText("Tagging is not enabled.")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Tag" })).toBeTruthy();
    fail = false;
    save();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Tag" })).toBeNull());
    expect(transport.requests.filter((r) => r.method === "PATCH").map((r) => r.body)).toEqual([
      { tagIDs: [5] },
      { tagIDs: [5] },
    ]);
  });
});
