import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useMemo, useRef } from "react";
import { createEditor, Editor, Transforms, type Descendant } from "slate";
import { withHistory } from "slate-history";
import { Editable, Slate, withReact } from "slate-react";
import { afterEach, describe, expect, it } from "vitest";
import "../../../ui/test/dom.ts";
import { createApiClient, type ApiRequest } from "../../../lib/api.ts";
import { createFakeTransport, jsonResponse } from "../../../test/fixtures.ts";
import { paragraph } from "../rich2.ts";
import { useMentions } from "./useMentions.tsx";

afterEach(cleanup);

// jsdom has no `isContentEditable`, which Slate checks before handling a key in the editing area.
if (!("isContentEditable" in HTMLElement.prototype)) {
  Object.defineProperty(HTMLElement.prototype, "isContentEditable", {
    configurable: true,
    get(this: HTMLElement) {
      return this.closest('[contenteditable="true"]') !== null;
    },
  });
}

const member = (userID: number, name: string) => ({ userID, name, photoUrl: "", url: `/profile/${name}` });
const members = [member(1, "Alma"), member(2, "Alma Mater"), member(3, "Alfred")];

function setUp(status = 200) {
  const transport = createFakeTransport({
    "GET /users/by-names": (request: ApiRequest) => {
      if (status !== 200) return jsonResponse({ message: "Down", status }, status);
      const prefix = String(request.query?.["name"]).replace(/\*$/, "").toLowerCase();
      return jsonResponse(members.filter((user) => user.name.toLowerCase().startsWith(prefix)));
    },
  });
  const api = createApiClient(transport);
  let editor: Editor | null = null;

  function Harness() {
    const instance = useMemo(() => withHistory(withReact(createEditor())), []);
    editor = instance;
    const box = useRef<HTMLDivElement>(null);
    const mentions = useMentions(instance, api, box);
    const start: Descendant[] = [paragraph("Hi ")];
    return (
      <div ref={box}>
        <Slate editor={instance} initialValue={start} onChange={() => mentions.update()}>
          <Editable
            aria-label="Body"
            {...mentions.editableProps}
            onKeyDown={(event) => {
              mentions.onKeyDown(event);
            }}
          />
          {mentions.list}
        </Slate>
      </div>
    );
  }

  render(<Harness />);
  const type = (text: string) =>
    act(() => {
      if (!editor!.selection) Transforms.select(editor!, Editor.end(editor!, []));
      Transforms.insertText(editor!, text);
    });
  return { transport, type, editor: () => editor!, textbox: screen.getByRole("textbox", { name: "Body" }) };
}

const optionNames = () =>
  within(screen.getByRole("listbox", { name: "Mention suggestions" }))
    .getAllByRole("option")
    .map((option) => option.textContent);

describe("mention suggestions in the editor", () => {
  it("opens on @ and text, moves with the arrows, and Enter inserts the quoted name and a space", async () => {
    const { type, editor, textbox } = setUp();
    type("@al");
    await waitFor(() => expect(optionNames()).toEqual(["Alma", "Alma Mater", "Alfred"]));
    const [first, second] = screen.getAllByRole("option");
    expect(first!.getAttribute("aria-selected")).toBe("true");
    expect(textbox.getAttribute("aria-controls")).toBe(screen.getByRole("listbox").id);
    expect(textbox.getAttribute("aria-activedescendant")).toBe(first!.id);

    fireEvent.keyDown(textbox, { key: "ArrowDown" });
    expect(second!.getAttribute("aria-selected")).toBe("true");
    expect(textbox.getAttribute("aria-activedescendant")).toBe(second!.id);
    fireEvent.keyDown(textbox, { key: "ArrowUp" });
    fireEvent.keyDown(textbox, { key: "ArrowUp" });
    expect(screen.getAllByRole("option")[2]!.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(textbox, { key: "ArrowDown" });
    fireEvent.keyDown(textbox, { key: "ArrowDown" });

    fireEvent.keyDown(textbox, { key: "Enter" });
    expect(Editor.string(editor(), [])).toBe('Hi @"Alma Mater" ');
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(textbox.hasAttribute("aria-controls")).toBe(false);
    expect(textbox.hasAttribute("aria-activedescendant")).toBe(false);
  });

  it("narrows as more is typed without asking the server again, and Tab inserts a bare name", async () => {
    const { type, editor, textbox, transport } = setUp();
    type("@a");
    await waitFor(() => expect(optionNames()).toHaveLength(3));
    type("lm");
    await waitFor(() => expect(optionNames()).toEqual(["Alma", "Alma Mater"]));
    expect(transport.requests).toHaveLength(1);
    fireEvent.keyDown(textbox, { key: "Tab" });
    expect(Editor.string(editor(), [])).toBe("Hi @Alma ");
  });

  it("closes on Escape and stays closed for that mention; a click chooses", async () => {
    const { type, editor, textbox } = setUp();
    type("@al");
    await waitFor(() => expect(optionNames()).toHaveLength(3));
    fireEvent.keyDown(textbox, { key: "Escape" });
    expect(screen.queryByRole("listbox")).toBeNull();
    type("f");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole("listbox")).toBeNull();
    // Enter is the editor's again: no mention is inserted.
    expect(Editor.string(editor(), [])).toBe("Hi @alf");

    type(" and @alf");
    await waitFor(() => expect(optionNames()).toEqual(["Alfred"]));
    fireEvent.click(screen.getByRole("option", { name: "Alfred" }));
    expect(Editor.string(editor(), [])).toBe("Hi @alf and @Alfred ");
  });

  it("suggests nothing for a bare @, an e-mail address, or when the server fails", async () => {
    const failing = setUp(503);
    failing.type("@al");
    await waitFor(() => expect(failing.transport.requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole("listbox")).toBeNull();
    cleanup();

    const { type, transport } = setUp();
    type("@");
    type(" mail me at me@al");
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(transport.requests).toHaveLength(0);
    expect(screen.queryByRole("listbox")).toBeNull();
  });
});
