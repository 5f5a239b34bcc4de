import { parseFragment, type DefaultTreeAdapterMap } from "parse5";
import { describe, expect, it } from "vitest";
import { postFormats, renderBody, renderExcerpt, toPlainText } from "./index.ts";
import { allowedAttributes, allowedTags } from "./sanitize.ts";
import { xssCorpus } from "./xss-corpus.ts";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

const origin = "https://forum.example";
const HTML_NAMESPACE = "http://www.w3.org/1999/xhtml";
/** Where an href may point: the site, the leaving page (which is on the site), a site path, a fragment, mail, phone. */
const SAFE_HREF = /^(?:https:\/\/forum\.example(?:[/?#]|$)|\/(?![/\\])|#|mailto:|tel:)/i;
/** Where an image may come from: any http(s) address or a site path. */
const SAFE_SRC = /^(?:https?:\/\/|\/(?![/\\]))/i;
const classAttributes = new Set(["a", "code", "pre", "blockquote", "details", "div"]);

function elementsOf(html: string): Element[] {
  const elements: Element[] = [];
  const pending: Node[] = [...parseFragment(html).childNodes];
  while (pending.length > 0) {
    const node = pending.pop()!;
    expect(node.nodeName, "no comments").not.toBe("#comment");
    if (!("tagName" in node)) continue;
    elements.push(node);
    pending.push(...node.childNodes);
    if (node.nodeName === "template" && "content" in node) pending.push(...node.content.childNodes);
  }
  return elements;
}

/** Asserts what the browser would build from the output holds nothing active. */
function expectSafeHtml(html: string, where: string): void {
  for (const element of elementsOf(html)) {
    const tag = element.tagName;
    expect(element.namespaceURI, `${where}: <${tag}> namespace`).toBe(HTML_NAMESPACE);
    expect(allowedTags, `${where}: <${tag}> allowed`).toContain(tag);
    for (const { name, value } of element.attrs) {
      expect(name, `${where}: <${tag}> event handler`).not.toMatch(/^on/i);
      expect(name, `${where}: <${tag}> style`).not.toBe("style");
      const allowed = [...(allowedAttributes[tag] ?? []), ...(classAttributes.has(tag) ? ["class"] : [])];
      expect(allowed, `${where}: <${tag} ${name}> allowed`).toContain(name);
      if (name === "href") expect(value, `${where}: href`).toMatch(SAFE_HREF);
      if (name === "src") expect(value, `${where}: src`).toMatch(SAFE_SRC);
    }
    if (tag === "img") expect(element.attrs.find((attr) => attr.name === "loading")?.value).toBe("lazy");
  }
}

/** The text a reader sees (spoilers beyond their summary left out unless asked), without white space. */
function visibleText(html: string, spoilers: boolean): string {
  let text = "";
  const walk = (nodes: Node[], hidden: boolean) => {
    for (const node of nodes) {
      if (node.nodeName === "#text" && "value" in node && !hidden) text += node.value;
      if (!("tagName" in node)) continue;
      const inDetails = node.tagName === "details";
      for (const child of node.childNodes) {
        walk([child], hidden || (!spoilers && inDetails && child.nodeName !== "summary"));
      }
    }
  };
  walk(parseFragment(html).childNodes, false);
  return text.replace(/\s+/g, "");
}

describe(`XSS corpus (${xssCorpus.length} vectors × ${postFormats.length} formats)`, () => {
  it("has at least 150 distinct vectors", () => {
    expect(new Set(xssCorpus.map((vector) => vector.name)).size).toBe(xssCorpus.length);
    expect(new Set(xssCorpus.map((vector) => vector.body)).size).toBe(xssCorpus.length);
    expect(xssCorpus.length).toBeGreaterThanOrEqual(150);
  });

  describe.each(postFormats)("%s", (format) => {
    it.each(xssCorpus)("$name", ({ name, body, keep, keepIn }) => {
      const html = renderBody(body, format, { origin });
      expectSafeHtml(html, `${format} ${name}`);

      const excerpt = renderExcerpt(body, format);
      const visible = visibleText(html, false);
      // The excerpt is the visible text of the safe rendering, so markup can never come through it: a `<` in an
      // excerpt is one the reader sees as text (a text post that says "<script>"), never a tag.
      expect(visible.startsWith(excerpt.replace(/…$/, "").replace(/\s+/g, ""))).toBe(true);
      if (!visible.includes("<")) expect(excerpt).not.toContain("<");
      expect(toPlainText(body, format).replace(/\s+/g, "")).toBe(visibleText(html, true));

      if (keep !== undefined && keepIn?.includes(format)) {
        expect(html).toContain(keep);
        expect(excerpt).toContain(keep);
      }
    });
  });
});
