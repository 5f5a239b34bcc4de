import { describe, expect, it, vi } from "vitest";
import { hydrateOnIntent, hydratesOnIntent, READY_EVENT } from "./hydrate-on-intent.ts";

/** A page as the server sent it, with the boot script's listeners on it; `ready()` is the app hydrating. */
function page(html: string, load = vi.fn(() => Promise.resolve())) {
  const doc = document.implementation.createHTMLDocument("page");
  doc.body.innerHTML = html;
  hydrateOnIntent(doc, load);
  const ready = () => doc.dispatchEvent(new Event(READY_EVENT));
  const query = <T extends Element>(selector: string) => {
    const found = doc.querySelector<T>(selector);
    if (!found) throw new Error(`No ${selector}.`);
    return found;
  };
  return { doc, load, ready, query };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("hydrateOnIntent", () => {
  it("loads nothing until the reader shows intent, then loads the app once", () => {
    const { doc, load, query } = page(`<p>Text</p><a href="/discussions">Posts</a>`);
    query("p").dispatchEvent(new Event("pointerover", { bubbles: true }));
    doc.dispatchEvent(new Event("scroll"));
    expect(load).not.toHaveBeenCalled();
    query("a").dispatchEvent(new Event("pointerover", { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
    doc.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab" }));
    query("a").dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it.each(["pointerdown", "touchstart", "keydown", "focusin"])("takes %s anywhere as intent", (type) => {
    const { load, query } = page(`<p>Text</p>`);
    query("p").dispatchEvent(new Event(type, { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("holds a press on a script-only button until the app is there, then presses it again", () => {
    const { load, ready, query } = page(`<button type="button">Site Navigation</button>`);
    const button = query<HTMLButtonElement>("button");
    const presses: boolean[] = [];
    button.addEventListener("click", (event) => presses.push(event.defaultPrevented));
    const press = new MouseEvent("click", { bubbles: true, cancelable: true });
    button.dispatchEvent(press);
    expect(press.defaultPrevented).toBe(true);
    expect(presses).toEqual([]);
    expect(load).toHaveBeenCalledTimes(1);

    ready();
    expect(presses).toEqual([false]);
    // From then on the app has the page: presses go straight through, once each.
    button.click();
    expect(presses).toEqual([false, false]);
  });

  it("leaves links and form buttons to the browser: they work without the app", () => {
    const { query } = page(`<a href="/categories">Categories</a><form><button type="submit">Search</button></form>`);
    for (const selector of ["a", "button"]) {
      const press = new MouseEvent("click", { bubbles: true, cancelable: true });
      query(selector).dispatchEvent(press);
      expect(press.defaultPrevented).toBe(false);
    }
  });

  it("changes a select again once the app is there", () => {
    const { ready, query } = page(`<select><option>Recent</option><option>Top</option></select>`);
    const select = query<HTMLSelectElement>("select");
    const changes: string[] = [];
    select.addEventListener("change", () => changes.push(select.value));
    select.value = "Top";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    ready();
    expect(changes).toEqual(["Top", "Top"]);
  });

  it("does not press a button the hydrated page no longer has", () => {
    const { ready, query } = page(`<div><button type="button">Share</button></div>`);
    const button = query<HTMLButtonElement>("button");
    const presses = vi.fn();
    button.addEventListener("click", presses);
    button.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    button.remove();
    ready();
    expect(presses).not.toHaveBeenCalled();
  });

  it("tries again at the next intent when loading failed (offline)", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue(undefined);
    const { doc } = page(`<p>Text</p>`, load);
    doc.dispatchEvent(new KeyboardEvent("keydown"));
    await flush();
    doc.dispatchEvent(new KeyboardEvent("keydown"));
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe("hydratesOnIntent", () => {
  const reading = { routeID: "discussion", guest: true, status: 200, embedded: false };
  it("is true for a guest's reading page", () => {
    for (const routeID of ["home", "discussions", "categories", "category", "discussion", "kb-base", "kb-article"]) {
      expect(hydratesOnIntent({ ...reading, routeID })).toBe(true);
    }
  });
  it("is false for members, other pages, errors and embedded sites", () => {
    expect(hydratesOnIntent({ ...reading, guest: false })).toBe(false);
    expect(hydratesOnIntent({ ...reading, routeID: "signin" })).toBe(false);
    expect(hydratesOnIntent({ ...reading, routeID: "search" })).toBe(false);
    expect(hydratesOnIntent({ ...reading, routeID: undefined })).toBe(false);
    expect(hydratesOnIntent({ ...reading, status: 404 })).toBe(false);
    expect(hydratesOnIntent({ ...reading, embedded: true })).toBe(false);
  });
});
