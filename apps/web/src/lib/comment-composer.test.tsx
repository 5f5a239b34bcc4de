import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { commentBodyID, commentComposer, quoteMarkdown, registerCommentComposer } from "./comment-composer.ts";

afterEach(() => {
  cleanup();
  document.body.innerHTML = "";
});

/** A controlled text area, as the comment form's editor renders before the rich editor loads. */
function Controlled() {
  const [text, setText] = useState("Typed");
  return (
    <>
      <textarea
        id={commentBodyID}
        aria-label="Comment"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <output aria-label="state">{text}</output>
    </>
  );
}

const quote = {
  authorName: "Ada",
  url: "http://localhost/discussion/1/hello",
  bodyRaw: "First\n\nSecond",
  format: "markdown",
};

describe("comment composer", () => {
  it("writes a quote as Markdown: who said it, then the text as a block quote", () => {
    expect(quoteMarkdown(quote)).toBe(
      "> [Ada](http://localhost/discussion/1/hello) said:\n>\n> First\n>\n> Second\n\n",
    );
    const rich = [
      { type: "p", children: [{ text: "Rich " }, { text: "text", bold: true }] },
      { type: "p", children: [{ text: "Two" }] },
    ];
    expect(quoteMarkdown({ ...quote, bodyRaw: rich, format: "rich2" })).toContain("> Rich text\n> Two");
  });

  it("inserts into the plain text area after what is there, and focuses it", () => {
    document.body.innerHTML = `<textarea id="${commentBodyID}"></textarea>`;
    const area = document.getElementById(commentBodyID) as HTMLTextAreaElement;
    area.value = "My reply";
    commentComposer().insertQuote(quote);
    expect(area.value.startsWith("My reply\n\n> [Ada]")).toBe(true);
    expect(document.activeElement).toBe(area);
  });

  it("reaches a controlled (React) text area's state, not just the DOM", () => {
    render(<Controlled />);
    commentComposer().insertQuote(quote);
    expect(screen.getByRole("status", { name: "state" }).textContent).toMatch(/^Typed\n\n> \[Ada\]/);
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "changed" } });
    expect(screen.getByRole("status", { name: "state" }).textContent).toBe("changed");
  });

  it("hands Reply and Quote to a registered editor until it unregisters", () => {
    const editor = { focus: vi.fn(), insertQuote: vi.fn() };
    const unregister = registerCommentComposer(editor);
    commentComposer().insertQuote(quote);
    commentComposer().focus();
    expect(editor.insertQuote).toHaveBeenCalledWith(quote);
    expect(editor.focus).toHaveBeenCalledTimes(1);
    unregister();
    expect(commentComposer()).not.toBe(editor);
  });
});
