import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hashTarget, isScrollWatchingSuspended, scrollToHash, suspendScrollWatching } from "./hash-scroll.ts";

describe("hash scrolling", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = `<article id="Comment_4">comment</article><p id="a%20b">x</p>`;
  });
  afterEach(() => vi.useRealTimers());

  it("finds the element a hash names, decoding it", () => {
    expect(hashTarget("#Comment_4")?.textContent).toBe("comment");
    expect(hashTarget("#missing")).toBeNull();
    expect(hashTarget("#")).toBeNull();
  });

  it("suspends scroll watching for 500 ms", () => {
    const now = Date.now();
    suspendScrollWatching(500, now);
    expect(isScrollWatchingSuspended(now + 499)).toBe(true);
    expect(isScrollWatchingSuspended(now + 500)).toBe(false);
  });

  it("scrolls to the target, and again after 500 ms only when it moved", () => {
    const target = document.getElementById("Comment_4")!;
    const scrolls: number[] = [];
    let top = 900;
    target.scrollIntoView = () => {
      scrolls.push(top);
      top = 60;
    };
    target.getBoundingClientRect = () => ({ top }) as DOMRect;
    scrollToHash("#Comment_4");
    expect(scrolls).toEqual([900]);
    expect(isScrollWatchingSuspended()).toBe(true);
    vi.advanceTimersByTime(499);
    expect(scrolls).toHaveLength(1);
    top = 300; // an image above loaded and pushed the comment down
    vi.advanceTimersByTime(1);
    expect(scrolls).toEqual([900, 300]);
  });

  it("does not scroll again when the target stayed put", () => {
    const target = document.getElementById("Comment_4")!;
    let count = 0;
    target.scrollIntoView = () => {
      count += 1;
    };
    target.getBoundingClientRect = () => ({ top: 60 }) as DOMRect;
    scrollToHash("#Comment_4");
    vi.advanceTimersByTime(1000);
    expect(count).toBe(1);
  });
});
