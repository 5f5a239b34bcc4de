import { describe, expect, it } from "vitest";
import { renderBody } from "./index.ts";
import { nestsDeeperThan } from "./nesting.ts";

const origin = "https://forum.example";

describe("nesting guard", () => {
  it("counts open elements the way the parser keeps them", () => {
    expect(nestsDeeperThan("<div>".repeat(11), 10)).toBe(true);
    expect(nestsDeeperThan("<div>".repeat(10), 10)).toBe(false);
    expect(nestsDeeperThan("<p>x</p><br><img src=x>".repeat(1000), 10)).toBe(false);
    // `</b>` also closes the `<i>` inside it; the guard does not model that and may only count too many.
    expect(nestsDeeperThan("<b><i></b>".repeat(11), 10)).toBe(true);
  });

  it("is not fooled by close tags the parser ignores", () => {
    const phantom = (prefix: string, close: string) => `${prefix}${"<b>".repeat(5)}${close}`.repeat(4);
    expect(nestsDeeperThan(phantom("<!--<x>-->", "</x>"), 10)).toBe(true);
    expect(nestsDeeperThan(phantom('<a title="<x>">', "</x>"), 10)).toBe(true);
    expect(nestsDeeperThan(phantom("<script><x></script>", "</x>"), 10)).toBe(true);
    expect(nestsDeeperThan(`${"<b>".repeat(11)}<script></b></b></b></script>`, 10)).toBe(true);
    expect(nestsDeeperThan(`${"<b>".repeat(11)}<!--</b></b>--><a title="</b></b>">`, 10)).toBe(true);
  });

  it("shows too deeply nested HTML as text, and caps BBCode nesting", () => {
    expect(renderBody(`${"<i>".repeat(501)}x`, "html", { origin })).toBe(`${"&lt;i&gt;".repeat(501)}x`);
    const bbcode = renderBody(`${"[b]".repeat(101)}x`, "bbcode", { origin });
    expect(bbcode).toBe(`${"<strong>".repeat(100)}[b]x${"</strong>".repeat(100)}`);
  });
});
