import { describe, expect, it } from "vitest";
import { canShareNatively, shareInMessagePath, shareUrl } from "./share.ts";

const share = async () => {};

describe("share", () => {
  it("marks the link as shared, keeping its query and hash", () => {
    expect(shareUrl("http://localhost/discussion/1/hello")).toBe(
      "http://localhost/discussion/1/hello?utm_source=community-share",
    );
    expect(shareUrl("http://localhost/discussion/comment/5?x=1#Comment_5")).toBe(
      "http://localhost/discussion/comment/5?x=1&utm_source=community-share#Comment_5",
    );
  });

  it("gives what the URL parser gives, for plain record addresses it does not parse and for any other", () => {
    const parsed = (address: string) => {
      const url = new URL(address);
      url.searchParams.set("utm_source", "community-share");
      return url.toString();
    };
    for (const address of [
      "http://localhost:3000/discussion/comment/19956#Comment_19956",
      "https://forum.example/help-desk/discussion/12/a-title_with.dots~and-%C3%A9",
      "https://forum.example/discussion/12/caf\u00e9-au-lait",
      "http://FORUM.example/discussion/1/upper-case-host",
      "http://forum.example:80/discussion/1/default-port",
      "https://forum.example:443/discussion/1/default-port",
      "http://forum.example:8080/discussion/1/other-port#x",
      "http://forum.example/discussion/../1/dots",
      "http://forum.example/discussion/1/with space",
      "http://forum.example",
      "http://forum.example/?already=1#top",
    ]) {
      expect(shareUrl(address), address).toBe(parsed(address));
    }
  });

  it("uses the system share sheet only on Android and iOS, when there is one", () => {
    const android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36";
    const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
    const desktop = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126 Safari/537.36";
    expect(canShareNatively({ userAgent: android, share })).toBe(true);
    expect(canShareNatively({ userAgent: iphone, share })).toBe(true);
    expect(canShareNatively({ userAgent: desktop, share })).toBe(false);
    expect(canShareNatively({ userAgent: android })).toBe(false);
  });

  it("prefills the message composer with the share text and the marked link", () => {
    const path = shareInMessagePath("http://localhost/discussion/1/hello");
    expect(path.startsWith("/messages/add?content=")).toBe(true);
    expect(decodeURIComponent(path.slice("/messages/add?content=".length))).toBe(
      "Check out this post: http://localhost/discussion/1/hello?utm_source=community-share",
    );
  });
});
