import { describe, expect, it } from "vitest";
import { excerptOf, leadOf } from "./search.excerpt.ts";
import { MARK_END, MARK_START, parseSearchText } from "./search.text.ts";
import { excerptHtml } from "./search.present.ts";

/** Markers as brackets, for readable expectations. */
const shown = (text: string | null) => text?.replaceAll(MARK_START, "[").replaceAll(MARK_END, "]") ?? null;
const excerpt = (body: string, query: string, prefix = false, size?: number, stem = true) =>
  shown(excerptOf(body, parseSearchText(query)!, { prefix, stem, ...(size ? { size } : {}) }));

describe("search excerpts", () => {
  it("marks the words the index matched: stemmed, folded, whole words only", () => {
    expect(excerpt("The queries exhausted the pool.", "query exhausting")).toBe("The [queries] [exhausted] the pool.");
    expect(excerpt("Café crème at the Café.", "cafe")).toBe("[Café] crème at the [Café].");
    // Whole words: redis never marks redirect.
    expect(excerpt("A redirect loop, then redis.", "redis")).toBe("A redirect loop, then [redis].");
  });

  it("stems only in English (other languages are indexed folded, unstemmed)", () => {
    expect(excerpt("The queries ran; a query too.", "query", false, undefined, false)).toBe(
      "The queries ran; a [query] too.",
    );
    expect(excerpt("Les chevaux, un cheval.", "cheval", false, undefined, false)).toBe("Les chevaux, un [cheval].");
  });

  it("marks a phrase only where its words follow each other", () => {
    expect(excerpt("The pool of the database, a database pool.", '"database pool"')).toBe(
      "The pool of the database, a [database] [pool].",
    );
  });

  it("takes autocomplete's last word as a prefix", () => {
    expect(excerpt("Valkeyrie and valkey and value.", "valk", true)).toBe("[Valkeyrie] and [valkey] and value.");
  });

  it("cuts a long body around the best run of matches, with ellipses", () => {
    const filler = (count: number) => Array.from({ length: count }, (_, index) => `w${index}`).join(" ");
    const body = `${filler(50)} alpha ${filler(5)} beta ${filler(50)} alpha then more`;
    // The window holding both words wins over the later lone match.
    expect(excerpt(body, "alpha beta", false, 12)).toBe("…w46 w47 w48 w49 [alpha] w0 w1 w2 w3 w4 [beta] w0…");
  });

  it("says null when only the title matched, and the lead then stands in", () => {
    expect(excerpt("Nothing relevant here.", "valkey")).toBeNull();
    expect(leadOf("one two three four", 2)).toBe("one two…");
    expect(leadOf("one two", 5)).toBe("one two");
  });
});

describe("excerptHtml", () => {
  const S = MARK_START;
  const E = MARK_END;
  it("escapes the text, folds its white space and turns the marks into balanced <mark> elements", () => {
    expect(excerptHtml(`  a <b> & "c"\n\n ${S}it's${E} done  `)).toBe(
      "a &lt;b&gt; &amp; &quot;c&quot; <mark>it&#39;s</mark> done",
    );
    // An end without a start is dropped; a start without an end is closed; two starts open once.
    expect(excerptHtml(`x${E} y ${S}${S}z`)).toBe("x y <mark>z</mark>");
    expect(excerptHtml(`${S}a${E}${S}b${E}`)).toBe("<mark>a</mark><mark>b</mark>");
    expect(excerptHtml("")).toBe("");
    expect(excerptHtml("plain")).toBe("plain");
  });
});
