import { Parser } from "htmlparser2";

/** Elements that end a line of text. */
const BLOCKS = new Set([
  ...["p", "div", "br", "hr", "li", "ul", "ol", "blockquote", "pre", "details", "summary"],
  ...["h1", "h2", "h3", "h4", "h5", "h6", "table", "caption", "tr"],
]);
const CELLS = new Set(["td", "th"]);

export interface TextOptions {
  /** Keep what is inside spoilers (`details` beyond their `summary`): yes for search, no for excerpts. */
  spoilers: boolean;
}

/** The text of (sanitised) HTML: one line per block, white space inside lines collapsed, empty lines dropped. */
export function htmlToText(html: string, options: TextOptions): string {
  const lines: string[] = [];
  let line = "";
  let detailsDepth = 0;
  let summaryDepth = 0;
  const endLine = () => {
    const text = line.replace(/\s+/g, " ").trim();
    if (text !== "") lines.push(text);
    line = "";
  };
  const parser = new Parser(
    {
      ontext(text) {
        if (options.spoilers || detailsDepth === 0 || summaryDepth > 0) line += text;
      },
      onopentag(name) {
        if (BLOCKS.has(name)) endLine();
        else if (CELLS.has(name)) line += " ";
        if (name === "details") detailsDepth++;
        if (name === "summary") summaryDepth++;
      },
      onclosetag(name) {
        if (name === "details") detailsDepth--;
        if (name === "summary") summaryDepth--;
        if (BLOCKS.has(name)) endLine();
        else if (CELLS.has(name)) line += " ";
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  endLine();
  return lines.join("\n");
}

/** At most `length` characters, cut at a word boundary with "…" when longer. */
export function truncate(text: string, length: number): string {
  const characters = Array.from(text);
  if (characters.length <= length) return text;
  let cut = characters.slice(0, Math.max(0, length)).join("");
  // Mid-word: back to the last white space (a single over-long word is cut where it is).
  if (!/\s/.test(characters[length] ?? " ")) {
    const space = cut.search(/\s\S*$/);
    if (space > 0) cut = cut.slice(0, space);
  }
  return `${cut.replace(/[\s.,;:!?\-–—]+$/, "")}…`;
}
