import { DomUtils, Parser, parseDocument } from "htmlparser2";

type Document = ReturnType<typeof parseDocument>;
/** An element of a parsed document (htmlparser2's DOM, without importing its domhandler). */
export type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];

/**
 * A strict reading of an XML document for tests (feeds, sitemaps): htmlparser2 is lenient, so the rules of XML
 * 1.0 it would forgive are checked here first. Throws on the first problem: a declaration not first, a
 * character XML cannot hold, an `&` that starts no entity reference, a `<` that starts no markup, an element
 * closed out of order or left open, or not exactly one root element. Gives the parsed document.
 */
export function parseStrictXml(xml: string): Document {
  if (!xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')) throw new Error("The XML declaration is not first.");
  const bad = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u.exec(xml);
  if (bad) throw new Error(`A character XML 1.0 cannot hold: U+${bad[0].codePointAt(0)!.toString(16)}`);
  const ampersand = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[\da-fA-F]+);)/.exec(xml);
  if (ampersand)
    throw new Error(`A bare "&" at ${ampersand.index}: ${xml.slice(ampersand.index, ampersand.index + 20)}`);
  const lessThan = /<(?![?!/]|[A-Za-z_])/.exec(xml);
  if (lessThan) throw new Error(`A bare "<" at ${lessThan.index}: ${xml.slice(lessThan.index, lessThan.index + 20)}`);
  const open: string[] = [];
  let roots = 0;
  const problems: string[] = [];
  const parser = new Parser(
    {
      onopentag(name) {
        if (open.length === 0) roots += 1;
        open.push(name);
      },
      onclosetag(name, isImplied) {
        // htmlparser2 closes a self-closing element "implied", as it does elements a wrong end tag closes.
        const selfClosing = xml.slice(parser.startIndex, parser.endIndex + 1).endsWith("/>");
        if ((isImplied && !selfClosing) || open.pop() !== name) problems.push(`<${name}> closed out of order`);
      },
      ontext(text) {
        if (open.length === 0 && text.trim() !== "") problems.push(`text outside the root: ${text.trim()}`);
      },
    },
    { xmlMode: true },
  );
  parser.end(xml);
  if (open.length) problems.push(`left open: ${open.join(" > ")}`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  if (problems.length) throw new Error(problems.join("; "));
  return parseDocument(xml, { xmlMode: true });
}

/** The element children of a node with this name (namespace prefix included, as written). */
export const childrenNamed = (parent: Element | Document, name: string): Element[] =>
  DomUtils.getElementsByTagName(name, parent.children, false);

/** The one child element with this name; throws when there is none or more than one. */
export function onlyChild(parent: Element | Document, name: string): Element {
  const found = childrenNamed(parent, name);
  if (found.length !== 1) throw new Error(`${found.length} <${name}> where one was expected`);
  return found[0]!;
}

/** An element's text, entities decoded. */
export const textOf = (element: Element) => DomUtils.textContent(element);
