/**
 * A title as plain text: tags are taken out (their text stays), control characters go, white space
 * is folded. Titles are never HTML, so nothing in one can run wherever it is shown.
 */
export function plainTitle(input: string): string {
  return input
    .replace(/<\/?[a-zA-Z!][^>]*>?/g, "")
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
