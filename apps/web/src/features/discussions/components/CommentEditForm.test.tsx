import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Comment, PendingPost } from "@parley/contracts";
import { premoderationEditMessages } from "@parley/contracts/premoderation-edits";
import { renderWithShell } from "../../../shell/testing.tsx";
import { jsonResponse } from "../../../test/fixtures.ts";
import { author } from "../../../test/discussions.tsx";
import { CommentEditForm } from "./CommentEditForm.tsx";
import { PendingPostItem } from "./PendingComments.tsx";

afterEach(cleanup);

const pageKey = ["discussions", "comments", 1, 1];

describe("a comment edit held for approval", () => {
  it("leaves the comment as it was and says 'Your edit is awaiting approval.' in the form", async () => {
    const comment = { commentID: 5, body: "<p>Before</p>" } as Comment;
    const { transport, queryClient } = renderWithShell(
      <CommentEditForm commentID={5} pageKey={pageKey} onDone={() => {}} />,
      {
        me: author,
        routes: {
          "GET /comments/5/edit": jsonResponse({ commentID: 5, body: "Before", format: "markdown" }),
          "PATCH /comments/5": jsonResponse(
            {
              message: premoderationEditMessages.held,
              description: premoderationEditMessages.heldDescription,
              reportID: 9,
              premoderatinReasons: [{ premoderationType: "premoderatedLinks", description: "3 links (more than 2)." }],
            },
            202,
          ),
        },
      },
    );
    queryClient.setQueryData(pageKey, { items: [comment], total: 1 });
    const area = await screen.findByRole("textbox");
    fireEvent.change(area, { target: { value: "After, with https://a.example https://b.example" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));

    const status = await screen.findByRole("status");
    expect(within(status).getByText("Your edit is awaiting approval.")).toBeTruthy();
    expect(status.textContent).toContain(premoderationEditMessages.heldDescription);
    expect(transport.requests.at(-1)?.body).toEqual({
      body: "After, with https://a.example https://b.example",
      format: "markdown",
    });
    // The cached comment keeps its published text.
    expect(queryClient.getQueryData<{ items: Comment[] }>(pageKey)!.items[0]!.body).toBe("<p>Before</p>");
  });

  it("marks the author's own held edit on the discussion page, with a link to the comment", () => {
    const post: PendingPost = {
      reportID: 9,
      kind: "comment",
      discussionID: 1,
      categoryID: 3,
      name: null,
      body: "<p>After</p>",
      format: "markdown",
      premoderationQueue: "approval",
      premoderatinReasons: [],
      insertUserID: author.userID,
      dateInserted: "2025-01-01T11:00:00+00:00",
      isPendingUpdate: true,
      recordID: 5,
      current: { name: null, body: "<p>Before</p>" },
      placeName: "Hello",
      placeUrl: "http://localhost/discussion/1/hello",
    };
    renderWithShell(<PendingPostItem post={post} author={author} />, { me: author });
    const article = screen.getByRole("article", { description: "Your edit is awaiting approval." });
    expect(within(article).getByRole("link", { name: "Go to the comment" }).getAttribute("href")).toBe("#Comment_5");
    expect(article.textContent).toContain("After");
    expect(article.textContent).not.toContain("Awaiting approval");
  });
});

describe("a comment in another format, edited", () => {
  it("opens in the rich editor from its rendered body and saves it as rich2, keeping list, link, code and quote", async () => {
    // The server's rendering of "Steps:\n\n- one\n- [the docs](https://example.com/docs)\n\n```\nconst x = 1;\n```\n\n> quoted words".
    const rendered = [
      "<p>Steps:</p>",
      "<ul>\n<li>one</li>",
      '<li><a href="http://forum.test/home/leaving?target=https%3A%2F%2Fexample.com%2Fdocs" rel="nofollow ugc noopener">the docs</a></li>\n</ul>',
      "<pre><code>const x = 1;\n</code></pre>",
      "<blockquote>\n<p>quoted words</p>\n</blockquote>",
    ].join("\n");
    const comment = { commentID: 6, body: rendered } as Comment;
    const source =
      "Steps:\n\n- one\n- [the docs](https://example.com/docs)\n\n```\nconst x = 1;\n```\n\n> quoted words";
    const { transport } = renderWithShell(<CommentEditForm commentID={6} pageKey={pageKey} onDone={() => {}} />, {
      me: author,
      cached: [[pageKey, { items: [comment], total: 1 }]],
      routes: {
        "GET /comments/6/edit": jsonResponse({ commentID: 6, body: source, format: "markdown" }),
        "PATCH /comments/6": jsonResponse({ ...comment, body: rendered }),
      },
    });
    const editor = await screen.findByRole("textbox", { name: "Edit Comment" }, { timeout: 10_000 });
    expect(editor.getAttribute("contenteditable")).toBe("true");
    expect(document.querySelector("textarea")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() =>
      expect(transport.requests.map((request) => `${request.method} ${request.path}`)).toContain("PATCH /comments/6"),
    );
    const sent = transport.requests.find((request) => request.method === "PATCH")?.body as {
      body: string;
      format: string;
    };
    expect(sent.format).toBe("rich2");
    const doc = JSON.parse(sent.body) as Array<{ type: string; children: unknown[] }>;
    expect(doc.map((node) => node.type)).toEqual(["p", "ul", "code_block", "blockquote"]);
    expect(JSON.stringify(doc[1])).toContain('"url":"https://example.com/docs"');
    expect(JSON.stringify(doc[1])).toContain("the docs");
    expect(JSON.stringify(doc[2])).toContain("const x = 1;");
    expect(JSON.stringify(doc[3])).toContain("quoted words");
  });
});
