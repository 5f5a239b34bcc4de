import { describe, expect, it } from "vitest";
import { postMedia } from "./index.ts";

/** What the limits for new members count: links and images of the rendered post, whatever its format. */
describe("postMedia", () => {
  it("counts links and images as readers get them, mentions left out", () => {
    expect(
      postMedia("[a](https://a.example) https://b.example @bob ![x](https://c.example/x.png)", "markdown"),
    ).toEqual({
      links: 2,
      images: 1,
    });
    expect(postMedia("see https://a.example and http://b.example/page", "text")).toEqual({ links: 2, images: 0 });
    expect(
      postMedia('<a href="https://a.example">a</a><img src="https://c.example/x.png"><a>no href</a>', "html"),
    ).toEqual({ links: 1, images: 1 });
    expect(postMedia("[url=https://a.example]a[/url] [img]https://c.example/x.png[/img]", "bbcode")).toEqual({
      links: 1,
      images: 1,
    });
  });

  it("does not count what the sanitiser drops", () => {
    expect(postMedia('<a href="javascript:alert(1)">x</a><img src="javascript:x">', "html")).toEqual({
      links: 0,
      images: 0,
    });
    expect(postMedia("`https://in.code.example`", "markdown")).toEqual({ links: 0, images: 0 });
  });
});
