import { describe, expect, it } from "vitest";
import { hostAddress, startEmbed } from "./embed.ts";

const settings = { enabled: true, remoteUrl: "https://www.example.com/community?lang=en", forceEmbed: true };

/** A top-level page at `url` (the not-framed half of embedded mode), with the tab's session storage. */
function topLevel(url: string, storage = new Map<string, string>()) {
  const address = new URL(url);
  const replaced: string[] = [];
  const win = {
    location: {
      pathname: address.pathname,
      search: address.search,
      hash: address.hash,
      href: address.href,
      replace: (to: string) => replaced.push(to),
    },
    sessionStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
    },
  } as unknown as Window & typeof globalThis;
  Object.assign(win, { self: win, top: win });
  return { win, replaced, storage };
}

describe("embedded mode outside the host's frame", () => {
  it("keeps the page in the host's address, after its #", () => {
    expect(hostAddress(settings.remoteUrl, "/discussion/12/roses?page=2#Comment_4")).toBe(
      "https://www.example.com/community?lang=en#/discussion/12/roses?page=2#Comment_4",
    );
  });

  it("sends the reader to the host page with a forced embed, but never from sign-in or the dashboard", () => {
    const reading = topLevel("https://forum.example.com/categories/roses?sort=new");
    startEmbed(settings, reading.win);
    expect(reading.replaced).toEqual(["https://www.example.com/community?lang=en#/categories/roses?sort=new"]);
    for (const path of ["/entry/signin?Target=%2F", "/dashboard/settings"]) {
      const own = topLevel(`https://forum.example.com${path}`);
      startEmbed(settings, own.win);
      expect(own.replaced).toEqual([]);
    }
    const unforced = topLevel("https://forum.example.com/categories");
    startEmbed({ ...settings, forceEmbed: false }, unforced.win);
    startEmbed({ ...settings, remoteUrl: "not an address" }, unforced.win);
    startEmbed({ ...settings, enabled: false }, unforced.win);
    expect(unforced.replaced).toEqual([]);
  });

  it("stays for the tab once the query asked for an embed bypass", () => {
    const bypass = topLevel("https://forum.example.com/discussions?embedBypass=1");
    startEmbed(settings, bypass.win);
    expect(bypass.replaced).toEqual([]);
    const later = topLevel("https://forum.example.com/categories", bypass.storage);
    startEmbed(settings, later.win);
    expect(later.replaced).toEqual([]);
    const otherTab = topLevel("https://forum.example.com/discussions?embedBypass=0");
    startEmbed(settings, otherTab.win);
    expect(otherTab.replaced).toHaveLength(1);
  });
});
