import { Tokenizer, type TokenizerCallbacks } from "htmlparser2";

/** htmlparser2's void elements: never on its stack of open elements. */
const VOID = new Set(
  "area base basefont br col command embed frame hr img input isindex keygen link meta param source track wbr".split(
    " ",
  ),
);

const ignore = () => undefined;

/**
 * True when HTML may nest deeper than `limit` elements. htmlparser2 (under sanitize-html) keeps its open elements in
 * an array it unshifts, so a body of thousands of nested tags costs quadratic time on every render; such bodies are
 * turned away before any parse. Linear: htmlparser2's own tokenizer (so comments, attributes and raw text count as
 * they do for the parser) with a count per open tag name. A close tag removes one open tag of its name, implied
 * closes are not modelled: the count is never below the parser's real depth.
 */
export function nestsDeeperThan(html: string, limit: number): boolean {
  if (!html.includes("<")) return false;
  const open = new Map<string, number>();
  let depth = 0;
  let tooDeep = false;
  const name = (start: number, end: number) => html.slice(start, end).toLowerCase();
  const callbacks: TokenizerCallbacks = {
    onopentagname(start, end) {
      const tag = name(start, end);
      if (VOID.has(tag)) return;
      open.set(tag, (open.get(tag) ?? 0) + 1);
      if (++depth > limit) tooDeep = true;
    },
    onclosetag(start, end) {
      const tag = name(start, end);
      const count = open.get(tag) ?? 0;
      if (count > 0) {
        open.set(tag, count - 1);
        depth--;
      }
    },
    onattribdata: ignore,
    onattribentity: ignore,
    onattribend: ignore,
    onattribname: ignore,
    oncdata: ignore,
    oncomment: ignore,
    ondeclaration: ignore,
    onend: ignore,
    onopentagend: ignore,
    onprocessinginstruction: ignore,
    onselfclosingtag: ignore,
    ontext: ignore,
    ontextentity: ignore,
  };
  const tokenizer = new Tokenizer({ xmlMode: false, decodeEntities: true }, callbacks);
  tokenizer.write(html);
  tokenizer.end();
  return tooDeep;
}
