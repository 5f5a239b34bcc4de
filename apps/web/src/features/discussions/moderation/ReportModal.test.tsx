import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Comment, Me } from "@parley/contracts";
import { memberMe, renderWithShell } from "../../../shell/testing.tsx";
import { jsonResponse } from "../../../test/fixtures.ts";
import { makeDiscussion } from "../../../test/discussions.tsx";
import { CommentPost } from "../components/CommentPost.tsx";
import { DiscussionOptionsMenu } from "../components/DiscussionOptionsMenu.tsx";

afterEach(cleanup);

const reporter: Me = { ...memberMe, permissions: [...memberMe.permissions, "flag.add"] };
const moderator: Me = { ...reporter, userID: 2, permissions: [...reporter.permissions, "community.moderate"] };
const config = (capabilities = "reports") => jsonResponse({ "moderation.capabilities": capabilities });
const reasons = jsonResponse([
  { reportReasonID: "spam", name: "Spam", description: "Ads.", sort: 1, deleted: false, roleIDs: [] },
  { reportReasonID: "abuse", name: "Abuse", description: "Threats.", sort: 2, deleted: false, roleIDs: [] },
]);
const discussion = makeDiscussion({ insertUserID: 99, permissions: { "comments.add": true } });

const comment = (overrides: Partial<Comment> = {}): Comment => ({
  commentID: 5,
  discussionID: 1,
  parentRecordType: "discussion",
  parentRecordID: 1,
  depth: 1,
  name: "Re: Hello",
  body: "<p>Buy now</p>",
  categoryID: 3,
  dateInserted: "2025-01-01T12:00:00+00:00",
  dateUpdated: null,
  insertUserID: 99,
  updateUserID: null,
  score: 0,
  attributes: {},
  url: "http://localhost/discussion/comment/5",
  reactions: [],
  permissions: {},
  ...overrides,
});

const openMenu = async () => {
  fireEvent.click(screen.getByRole("button", { name: "Discussion Options" }));
  return screen.findByRole("menu", {}, { timeout: 5000 });
};
/** A post's ⋯ options menu, where Report sits beside Copy Link (its button is named for the post's author). */
const openPostMenu = async () => {
  fireEvent.click(await screen.findByRole("button", { name: /^Options for the post by / }));
  return screen.findByRole("menu", {}, { timeout: 5000 });
};
const menuNames = (menu: HTMLElement) =>
  [...menu.querySelectorAll('[role="menuitem"]')].map((node) => node.textContent);

describe("Report (spec §2 report modal, §6 flag.add)", () => {
  it("is hidden without flag.add, and without the server's reports capability", async () => {
    renderWithShell(<DiscussionOptionsMenu discussion={discussion} />, {
      me: memberMe,
      routes: { "GET /config": config() },
    });
    expect(menuNames(await openMenu())).not.toContain("Report");
    cleanup();
    renderWithShell(<DiscussionOptionsMenu discussion={discussion} />, {
      me: reporter,
      routes: { "GET /config": config("") },
    });
    expect(menuNames(await openMenu())).not.toContain("Report");
  });

  it("reports the discussion with the chosen reason and note, then says so", async () => {
    const { transport } = renderWithShell(<DiscussionOptionsMenu discussion={discussion} />, {
      me: reporter,
      routes: {
        "GET /config": config(),
        "GET /report-reasons": reasons,
        "POST /reports": jsonResponse({ reportID: 1 }, 201),
      },
    });
    const menu = await openMenu();
    await waitFor(() => expect(menuNames(menu)).toContain("Report"));
    expect(menuNames(menu)).not.toContain("Reports");
    fireEvent.click(within(menu).getByRole("menuitem", { name: "Report" }));
    const dialog = await screen.findByRole("dialog", { name: "Report Discussion" }, { timeout: 5000 });
    const send = within(dialog).getByRole<HTMLButtonElement>("button", { name: "Send Report" });
    // The dialog opens with no error; sending without a reason says what is missing, choosing one clears it.
    expect(within(dialog).queryByRole("alert")).toBeNull();
    await within(dialog).findByRole("radio", { name: /Abuse/ });
    fireEvent.click(send);
    expect(within(dialog).getByRole("alert").textContent).toBe("Choose a reason.");
    fireEvent.click(within(dialog).getByRole("radio", { name: /Abuse/ }));
    expect(within(dialog).queryByRole("alert")).toBeNull();
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Note (optional)" }), {
      target: { value: " Threatening. " },
    });
    fireEvent.click(send);
    expect(await screen.findByText("Thank you. Your report has been sent to the moderators.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(transport.requests.find((r) => r.method === "POST")?.body).toEqual({
      recordType: "discussion",
      recordID: 1,
      reportReasonIDs: ["abuse"],
      noteBody: "Threatening.",
    });
  });

  it("a failure is a persistent dismissible toast and the dialog stays", async () => {
    renderWithShell(<DiscussionOptionsMenu discussion={discussion} />, {
      me: reporter,
      routes: {
        "GET /config": config(),
        "GET /report-reasons": reasons,
        "POST /reports": jsonResponse({ message: "Permission Problem", status: 403, description: "No flags." }, 403),
      },
    });
    const menu = await openMenu();
    fireEvent.click(await within(menu).findByRole("menuitem", { name: "Report" }));
    const dialog = await screen.findByRole("dialog", { name: "Report Discussion" }, { timeout: 5000 });
    fireEvent.click(await within(dialog).findByRole("radio", { name: /Spam/ }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Send Report" }));
    const toast = (await screen.findByText("No flags.")).closest("[data-toast-id]") as HTMLElement;
    // The open dialog hides the rest of the page from assistive technology until it closes.
    expect(within(toast).getByRole("button", { name: "Dismiss", hidden: true })).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Report Discussion" })).toBeTruthy();
  });

  it("moderators get Reports: a link to the discussion's reports", async () => {
    renderWithShell(<DiscussionOptionsMenu discussion={discussion} />, {
      me: moderator,
      routes: { "GET /config": config() },
    });
    const menu = await openMenu();
    const link = await within(menu).findByRole("menuitem", { name: "Reports" });
    expect(link.getAttribute("href")).toBe("/dashboard/content/reports?statuses=none&recordType=discussion&recordID=1");
  });
});

describe("a comment's Report button and report count", () => {
  it("shows Report with flag.add and reports the comment; members without it have none", async () => {
    const { transport } = renderWithShell(<CommentPost comment={comment()} discussion={discussion} pageKey={["c"]} />, {
      me: reporter,
      routes: {
        "GET /config": config(),
        "GET /report-reasons": reasons,
        "POST /reports": jsonResponse({ reportID: 2 }, 201),
      },
    });
    const menu = await openPostMenu();
    fireEvent.click(await within(menu).findByRole("menuitem", { name: "Report" }));
    const dialog = await screen.findByRole("dialog", { name: "Report Comment" }, { timeout: 5000 });
    fireEvent.click(await within(dialog).findByRole("radio", { name: /Spam/ }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Send Report" }));
    expect(await screen.findByText("Thank you. Your report has been sent to the moderators.")).toBeTruthy();
    expect(transport.requests.find((r) => r.method === "POST")?.body).toEqual({
      recordType: "comment",
      recordID: 5,
      reportReasonIDs: ["spam"],
    });
    cleanup();

    const member = renderWithShell(<CommentPost comment={comment()} discussion={discussion} pageKey={["c"]} />, {
      me: memberMe,
      routes: { "GET /config": config() },
    });
    await waitFor(() => expect(member.transport.requests.some((r) => r.path === "/config")).toBe(true));
    expect(menuNames(await openPostMenu())).not.toContain("Report");
  });

  it("shows moderators the comment's open reports, linked to them", async () => {
    renderWithShell(
      <CommentPost
        comment={comment({ reportMeta: { countReports: 3, dateLastReport: null } })}
        discussion={discussion}
        pageKey={["c"]}
      />,
      { me: moderator, routes: { "GET /config": config() } },
    );
    const link = await screen.findByRole("link", { name: "3 reports" });
    expect(link.getAttribute("href")).toBe("/dashboard/content/reports?statuses=none&recordType=comment&recordID=5");
  });
});
