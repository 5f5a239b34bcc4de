import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { uploadDefaults } from "@parley/contracts/uploads";
import "../../ui/test/dom.ts";
import { createApiClient, type ApiResponse } from "../../lib/api.ts";
import { ApiProvider } from "../../lib/api-context.tsx";
import { createQueryClient } from "../../lib/query-client.ts";
import { createFakeTransport, jsonResponse } from "../../test/fixtures.ts";
import { commentComposer } from "../../lib/comment-composer.ts";
import { BodyEditor } from "./BodyEditor.tsx";

afterEach(cleanup);

function Wrapper({ children }: { children: ReactNode }) {
  const api = createApiClient(createFakeTransport({ "GET /media/upload-limits": jsonResponse(uploadDefaults) }));
  return (
    <ApiProvider api={api}>
      <QueryClientProvider client={createQueryClient()}>
        <form aria-label="post">{children}</form>
      </QueryClientProvider>
    </ApiProvider>
  );
}

const field = (name: string) =>
  document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`form [name="${name}"]`)?.value;

describe("BodyEditor", () => {
  it("renders a plain text area posting Markdown on the server", () => {
    const html = renderToString(
      <Wrapper>
        <BodyEditor name="body" id="body" label="Body" defaultValue="Hello *there*" hint="Markdown" hintId="h" />
      </Wrapper>,
    );
    expect(html).toContain('<textarea id="body" name="body"');
    expect(html).toContain("Hello *there*</textarea>");
    expect(html).toContain('name="format" value="markdown"');
    expect(html).not.toContain("contenteditable");
  });

  it("becomes the rich editor once mounted, posting what was typed as rich2", async () => {
    render(
      <Wrapper>
        <BodyEditor name="body" id="body" label="Body" defaultValue={"one\ntwo"} />
      </Wrapper>,
    );
    // The first test loads the editor chunk (transformed on the fly here): give it time.
    const textbox = await screen.findByRole("textbox", { name: "Body" }, { timeout: 10_000 });
    expect(textbox.getAttribute("contenteditable")).toBe("true");
    expect(field("format")).toBe("rich2");
    expect(JSON.parse(field("body")!)).toEqual([
      { type: "p", children: [{ text: "one" }] },
      { type: "p", children: [{ text: "two" }] },
    ]);
    expect(document.querySelector("textarea")).toBeNull();
  });

  it("has a toolbar of named buttons whose pressed state follows the text", async () => {
    render(
      <Wrapper>
        <BodyEditor name="body" id="body" label="Body" defaultValue="word" />
      </Wrapper>,
    );
    const toolbar = await screen.findByRole("toolbar", { name: "Formatting" });
    for (const name of [
      "Bold",
      "Italic",
      "Strikethrough",
      "Inline code",
      "Link",
      "Heading 2",
      "Heading 3",
      "Bulleted list",
      "Numbered list",
      "Quote",
      "Code block",
      "Insert image",
      "Attach file",
    ]) {
      expect(screen.getByRole("button", { name }), name).toBeTruthy();
    }
    expect(toolbar).toBeTruthy();
    const bulleted = screen.getByRole("button", { name: "Bulleted list" });
    expect(bulleted.getAttribute("aria-pressed")).toBe("false");
    act(() => {
      fireEvent.click(bulleted);
    });
    await waitFor(() => expect(bulleted.getAttribute("aria-pressed")).toBe("true"));
    expect(JSON.parse(field("body")!)).toEqual([
      { type: "ul", children: [{ type: "li", children: [{ type: "lic", children: [{ text: "word" }] }] }] },
    ]);
  });

  it("loads on focus when asked to, not before", async () => {
    render(
      <Wrapper>
        <BodyEditor name="body" id="body" label="Body" defaultValue="" loadOn="focus" />
      </Wrapper>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const textarea = screen.getByRole("textbox", { name: "" });
    expect(textarea.tagName).toBe("TEXTAREA");
    fireEvent.change(textarea, { target: { value: "typed first" } });
    fireEvent.focus(textarea);
    await screen.findByRole("toolbar");
    expect(JSON.parse(field("body")!)).toEqual([{ type: "p", children: [{ text: "typed first" }] }]);
  });

  it("refuses a file over the limit before uploading, with the spec's message", async () => {
    render(
      <Wrapper>
        <BodyEditor name="body" id="body" label="Body" defaultValue="" />
      </Wrapper>,
    );
    await screen.findByRole("toolbar");
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const big = new File(["x"], "huge.png", { type: "image/png" });
    Object.defineProperty(big, "size", { value: uploadDefaults.maxSize + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect((await screen.findByRole("alert")).textContent).toBe("The uploaded file was too big (max 50.00 MB).");
    fireEvent.change(input, { target: { files: [new File(["x"], "page.html")] } });
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toMatch(/^The uploaded file did not have an allowed extension\./),
    );
  });

  it("as the comment box, takes Quote as a real block quote (and gives it back when gone)", async () => {
    const { unmount } = render(
      <Wrapper>
        <BodyEditor name="body" id="comment-body" label="Comment" defaultValue="" />
      </Wrapper>,
    );
    await screen.findByRole("toolbar");
    await act(async () => {
      commentComposer().insertQuote({
        authorName: "Jane",
        url: "https://forum.example/discussion/comment/4",
        bodyRaw: "first line\nsecond",
        format: "markdown",
      });
    });
    await waitFor(() => expect(field("body")).toContain("blockquote"));
    const doc = JSON.parse(field("body")!) as Array<{ type: string; children: unknown[] }>;
    expect(doc.map((node) => node.type)).toEqual(["p", "blockquote", "p"]);
    expect(doc[1]!.children).toEqual([
      {
        type: "blockquote-line",
        children: [
          { text: "" },
          { type: "a", url: "https://forum.example/discussion/comment/4", children: [{ text: "Jane" }] },
          { text: " said:" },
        ],
      },
      { type: "blockquote-line", children: [{ text: "first line" }] },
      { type: "blockquote-line", children: [{ text: "second" }] },
    ]);
    unmount();
    document.body.innerHTML = '<textarea id="comment-body"></textarea>';
    commentComposer().insertQuote({ authorName: "Jane", url: "/x", bodyRaw: "hi", format: "text" });
    expect(document.querySelector("textarea")!.value).toContain("> [Jane](/x) said:");
  });

  it("keeps a Quote asked for while the rich comment box is being drawn, and inserts it once it listens", async () => {
    // The rich box is in the page (no text area any more) but has not registered yet.
    document.body.innerHTML = '<div id="comment-body" contenteditable="true"></div>';
    commentComposer().insertQuote({ authorName: "Ann", url: "/discussion/comment/9", bodyRaw: "kept", format: "text" });
    document.body.innerHTML = "";
    render(
      <Wrapper>
        <BodyEditor name="body" id="comment-body" label="Comment" defaultValue="" />
      </Wrapper>,
    );
    await waitFor(() => expect(field("body")).toContain("blockquote"));
    const doc = JSON.parse(field("body")!) as Array<{ type: string; children: Array<{ children: unknown[] }> }>;
    expect(doc.map((node) => node.type)).toEqual(["p", "blockquote", "p"]);
    expect(doc[1]!.children[1]!.children).toEqual([{ text: "kept" }]);
  });
});

describe("BodyEditor's Preview", () => {
  function Previewing({ children, answer }: { children: ReactNode; answer: (body: unknown) => ApiResponse }) {
    const transport = createFakeTransport({
      "GET /media/upload-limits": jsonResponse(uploadDefaults),
      "POST /posts/preview": (request) => answer(request.body),
    });
    return (
      <ApiProvider api={createApiClient(transport)}>
        <QueryClientProvider client={createQueryClient()}>
          <form aria-label="post">{children}</form>
        </QueryClientProvider>
      </ApiProvider>
    );
  }

  it("is not rendered by the server (it needs JavaScript)", () => {
    const html = renderToString(
      <Wrapper>
        <BodyEditor name="body" id="body" label="Body" defaultValue="Hi" />
      </Wrapper>,
    );
    expect(html).not.toContain("Preview");
  });

  it("shows the server's rendering of what the form would post, and Edit brings the same text back", async () => {
    const sent: unknown[] = [];
    render(
      <Previewing
        answer={(body) => {
          sent.push(body);
          return jsonResponse({ body: "<p>Hello <strong>there</strong></p>" });
        }}
      >
        <BodyEditor name="body" id="body" label="Body" defaultValue="Hello **there**" loadOn="focus" />
      </Previewing>,
    );
    const edit = screen.getByRole("button", { name: "Edit" });
    const preview = screen.getByRole("button", { name: "Preview" });
    expect(edit.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(preview);
    const region = await screen.findByRole("region", { name: "Preview" }, { timeout: 10_000 });
    await waitFor(() => expect(region.querySelector("strong")?.textContent).toBe("there"));
    expect(region.getAttribute("aria-busy")).toBe("false");
    expect(sent).toEqual([{ body: "Hello **there**", format: "markdown" }]);
    expect(preview.getAttribute("aria-pressed")).toBe("true");
    expect(edit.getAttribute("aria-pressed")).toBe("false");
    expect(document.querySelector("textarea")?.closest("[hidden]")).not.toBeNull();

    fireEvent.click(edit);
    expect(screen.queryByRole("region", { name: "Preview" })).toBeNull();
    expect(document.querySelector("textarea")?.closest("[hidden]")).toBeNull();
    expect(field("body")).toBe("Hello **there**");
  });

  it("says so when the server can not render it", async () => {
    render(
      <Previewing answer={() => jsonResponse({ message: "Too many requests.", status: 429, description: null }, 429)}>
        <BodyEditor name="body" id="body" label="Body" defaultValue="Hi" loadOn="focus" />
      </Previewing>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    const alert = await screen.findByRole("alert", {}, { timeout: 10_000 });
    expect(alert.textContent).toContain("The preview could not be shown.");
    expect(alert.textContent).toContain("Too many requests.");
  });
});
