import { htmlToText } from "./excerpt.ts";

/** A heading of a rendered body: its generated id (`ref`), level and text. */
export interface OutlineItem {
  ref: string;
  level: number;
  text: string;
}

/** Letters and digits of the heading's text, lower-case ASCII, hyphen-joined: nothing an attribute must escape. */
function headingSlug(text: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60)
      .replace(/-+$/, "") || "section"
  );
}

/**
 * Gives the h2–h4 headings of SANITISED HTML an `id` and lists them, for a table of contents. The sanitiser
 * leaves headings without attributes, so each is matched as `<hN>`; the ids are generated slugs only (never
 * the author's), made unique within the body (`setup`, `setup-2`, …).
 */
export function withHeadingIds(html: string): { html: string; outline: OutlineItem[] } {
  const outline: OutlineItem[] = [];
  const used = new Map<string, number>();
  const result = html.replace(/<h([234])>([\s\S]*?)<\/h\1>/g, (_match, level: string, inner: string) => {
    const text = htmlToText(inner, { spoilers: true }).replace(/\s+/g, " ").trim();
    const base = headingSlug(text);
    const seen = used.get(base) ?? 0;
    used.set(base, seen + 1);
    let ref = seen === 0 ? base : `${base}-${seen + 1}`;
    while (seen > 0 && used.has(ref)) ref = `${ref}-${seen + 1}`;
    if (seen > 0) used.set(ref, 1);
    outline.push({ ref, level: Number(level), text });
    return `<h${level} id="${ref}">${inner}</h${level}>`;
  });
  return { html: result, outline };
}
