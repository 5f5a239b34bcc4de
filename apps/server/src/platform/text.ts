/**
 * Text as it can be stored on both engines: without NUL characters, which PostgreSQL's text columns
 * refuse (and which mean nothing in a post or a name).
 */
export const storableText = (input: string): string => input.replaceAll("\u0000", "");

/**
 * A title as plain text: tags are taken out (their text stays), control characters go, white space
 * is folded. Titles are never HTML, so nothing in one can run wherever it is shown.
 */
export function plainTitle(input: string): string {
  // Control characters first, then tags until nothing changes: taking out either can join the text
  // around it into a new tag (`<\u0001img …>`, `<<b>img …>`).
  // eslint-disable-next-line no-control-regex -- taking control characters out is the point
  let text = input.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "");
  for (let previous = ""; previous !== text;) {
    previous = text;
    text = text.replace(/<\/?[a-zA-Z!][^>]*>?/g, "");
  }
  return text.replace(/\s+/g, " ").trim();
}
