/**
 * Micro-benchmark, run on demand (`PARLEY_RENDER_BENCH=1 npx vitest run --project server src/platform/render/benchmark`);
 * it reports CPU time per call and asserts none. Measured for a typical ~1 KB body (three paragraphs, one mention,
 * one link, a heading, a list item) on the shared 2-core dev machine under load average ~5.5, Node 20, two runs:
 *
 *   format    renderBody   renderExcerpt
 *   rich2     325–400 µs    320–350 µs
 *   rich      180–230 µs    160–270 µs
 *   markdown  460–600 µs    430–470 µs
 *   text      240–270 µs    200–320 µs
 *   html      300–340 µs    340–380 µs
 *   bbcode    200–330 µs    260–400 µs
 *
 * The same machine took 13.7 µs for a JSON.parse of 1.4 KB (about 3× an idle desktop), so expect roughly a third of
 * these figures unloaded. A list page of 30 excerpts costs about 5–15 ms here. Where the time goes: sanitize-html
 * (a closure-heavy frame per element, ~50 µs for a small fragment), markdown-it with linkify-it, and the second parse
 * excerpts need to read the text back. Store excerpts at write time if list pages ever need it faster.
 */
import { describe, expect, it } from "vitest";
import { renderBody, renderExcerpt, type PostFormat } from "./index.ts";

const prose =
  "Forum posts are mostly prose: a question, some context, what was tried and what happened next. " +
  "They quote each other, link now and then, and mention a member or two along the way. " +
  "Most run to a few paragraphs. ";
/** About 330 characters each; the three paragraphs of a body hold one mention and one link between them. */
const paragraphs = [
  `${prose}Thanks @alice for the idea.`,
  `${prose}The manual is at https://docs.example/guide for anyone curious.`,
  `${prose}That is all for now.`,
];
const bodies: Record<string, [PostFormat, string]> = {
  rich2: [
    "rich2",
    JSON.stringify([
      { type: "h2", children: [{ text: "A heading" }] },
      ...paragraphs.map((paragraph) => ({ type: "p", children: [{ text: paragraph }, { text: " bold", bold: true }] })),
      { type: "ul", children: [{ type: "li", children: [{ type: "lic", children: [{ text: "an item" }] }] }] },
    ]),
  ],
  rich: [
    "rich",
    JSON.stringify(
      paragraphs.flatMap((paragraph) => [
        { insert: paragraph },
        { insert: " bold", attributes: { bold: true } },
        { insert: "\n" },
      ]),
    ),
  ],
  markdown: [
    "markdown",
    `## A heading\n\n${paragraphs.map((paragraph) => `${paragraph} **bold**`).join("\n\n")}\n\n- an item`,
  ],
  text: ["text", paragraphs.join("\n\n")],
  html: [
    "html",
    `<h2>A heading</h2>${paragraphs.map((paragraph) => `<p>${paragraph} <b>bold</b></p>`).join("")}<ul><li>an item</li></ul>`,
  ],
  bbcode: [
    "bbcode",
    `[b]A heading[/b]\n${paragraphs.map((paragraph) => `${paragraph} [b]bold[/b]`).join("\n\n")}\n[list][*]an item[/list]`,
  ],
};

/** Microseconds of CPU time per call (wall time is unreliable on a shared machine). */
function perCall(run: () => string, iterations = 1000): number {
  for (let i = 0; i < 100; i++) run();
  const start = process.cpuUsage();
  for (let i = 0; i < iterations; i++) run();
  const used = process.cpuUsage(start);
  return Math.round((used.user + used.system) / iterations);
}

describe.skipIf(!process.env.PARLEY_RENDER_BENCH)("render benchmark", () => {
  it("times a typical 1 KB body per format", () => {
    const rows = Object.entries(bodies).map(([name, [format, body]]) => ({
      format: name,
      bytes: Buffer.byteLength(body),
      renderBodyMicroseconds: perCall(() => renderBody(body, format, { origin: "https://forum.example" })),
      renderExcerptMicroseconds: perCall(() => renderExcerpt(body, format)),
    }));
    console.table(rows);
    expect(rows).toHaveLength(6);
  }, 300_000);
});
