import { describe, expect, it } from "vitest";
import { renderBody } from "./index.ts";
import { withHeadingIds } from "./outline.ts";

describe("withHeadingIds", () => {
  it("gives h2–h4 unique slug ids and lists them", () => {
    const html = renderBody(
      "## Getting started\n\ntext\n\n### Café & tea\n\n## Getting started\n\n##### Small",
      "markdown",
      {
        origin: "https://forum.test",
      },
    );
    const { html: withIds, outline } = withHeadingIds(html);
    expect(outline).toEqual([
      { ref: "getting-started", level: 2, text: "Getting started" },
      { ref: "cafe-tea", level: 3, text: "Café & tea" },
      { ref: "getting-started-2", level: 2, text: "Getting started" },
    ]);
    expect(withIds).toContain('<h2 id="getting-started">Getting started</h2>');
    expect(withIds).toContain('<h3 id="cafe-tea">Café &amp; tea</h3>');
    expect(withIds).not.toContain("<h5 id");
  });

  it("never keeps an author's id or attribute, and names empty headings", () => {
    const html = renderBody('<h2 id="x" onclick="alert(1)"><em></em></h2><h3>"><script>x</script></h3>', "html", {
      origin: "https://forum.test",
    });
    const { html: withIds, outline } = withHeadingIds(html);
    expect(withIds).not.toContain('id="x"');
    expect(withIds).not.toContain("onclick");
    expect(withIds).not.toContain("<script");
    expect(outline.map((item) => item.ref)).toEqual(["section", "section-2"]);
  });
});
