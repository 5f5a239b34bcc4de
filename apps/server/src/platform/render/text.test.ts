import { describe, expect, it } from "vitest";
import { renderBody } from "./index.ts";

const origin = "https://forum.example";

describe.each(["text", "textex"] as const)("%s", (format) => {
  const render = (body: string) => renderBody(body, format, { origin });

  it("escapes everything and keeps line breaks", () => {
    expect(render('  <b>hi</b> & "q"\r\nline 2\n')).toBe('&lt;b&gt;hi&lt;/b&gt; &amp; "q"<br />line 2');
  });

  it("links URLs (through the safe-link rule) and e-mail addresses", () => {
    expect(render("go to https://out.example/a?b=1&c=2, or https://forum.example/d/1.")).toBe(
      'go to <a href="https://forum.example/home/leaving?target=https%3A%2F%2Fout.example%2Fa%3Fb%3D1%26c%3D2" ' +
        'rel="nofollow ugc noopener">https://out.example/a?b=1&amp;c=2</a>, or ' +
        '<a href="https://forum.example/d/1">https://forum.example/d/1</a>.',
    );
    expect(render("write to a@b.com")).toBe('write to <a href="mailto:a@b.com">a@b.com</a>');
    expect(render("javascript:alert(1)")).toBe("javascript:alert(1)");
  });

  it("links mentions", () => {
    expect(render('hey @bob and @"Jane Doe"!')).toBe(
      'hey <a href="https://forum.example/profile/bob" class="atMention">@bob</a> and ' +
        '<a href="https://forum.example/profile/Jane%20Doe" class="atMention">@Jane Doe</a>!',
    );
  });
});
