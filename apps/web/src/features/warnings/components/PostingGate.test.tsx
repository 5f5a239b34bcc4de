import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { memberMe, renderWithShell } from "../../../shell/testing.tsx";
import { jsonResponse } from "../../../test/fixtures.ts";
import { readingPart } from "../warnings.lazy.ts";
import { PostingGate } from "./ReadingParts.tsx";

afterEach(cleanup);
// As on a page the server rendered it into: the part is there before the first render.
beforeAll(() => readingPart.load());

const until = new Date(Date.now() + 2 * 86_400_000).toISOString();
const sentence = `You have been warned and can't post until ${until.slice(0, 10)}.`;
/** A posting action behind a quiet gate, as the "New Discussion" link and a comment's Edit use it. */
const NewDiscussionLink = ({ categoryID }: { categoryID?: number }) => (
  <PostingGate quiet>
    <a href={categoryID ? `/post/discussion/${categoryID}` : "/post/discussion"}>New Discussion</a>
  </PostingGate>
);

const standing = (readOnlyUntil: string | null) => ({
  [`GET /users/${memberMe.userID}/warnings/summary`]: jsonResponse({
    userID: memberMe.userID,
    activePoints: readOnlyUntil ? 3 : 0,
    readOnlyUntil,
    readOnlyPoints: 3,
    banPoints: 5,
  }),
});

describe("PostingGate", () => {
  it("gives a read-only member the restriction's sentence and when it ends instead of the form", async () => {
    renderWithShell(
      <PostingGate>
        <form aria-label="Comment form" />
      </PostingGate>,
      { me: memberMe, routes: standing(until) },
    );
    expect((await screen.findByRole("status")).textContent).toBe(sentence);
    expect(screen.queryByRole("form", { name: "Comment form" })).toBeNull();
  });

  it("quiet: hides a posting action (New Discussion, Edit) from a read-only member, leaving only a hidden mark", async () => {
    const { container } = renderWithShell(<NewDiscussionLink categoryID={4} />, {
      me: memberMe,
      routes: standing(until),
    });
    await waitFor(() => expect(screen.queryByRole("link", { name: "New Discussion" })).toBeNull());
    expect(screen.queryByRole("status")).toBeNull();
    expect(container.querySelector("[data-warnings][hidden]")).not.toBeNull();
  });

  it("quiet: shows the action to a member who may post, and to a guest", async () => {
    renderWithShell(<NewDiscussionLink categoryID={4} />, { me: memberMe, routes: standing(null) });
    expect((await screen.findByRole("link", { name: "New Discussion" })).getAttribute("href")).toBe(
      "/post/discussion/4",
    );
    cleanup();
    renderWithShell(<NewDiscussionLink />);
    expect(screen.getByRole("link", { name: "New Discussion" }).getAttribute("href")).toBe("/post/discussion");
  });
});
