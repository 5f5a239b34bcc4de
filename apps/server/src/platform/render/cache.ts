/**
 * A small least-recently-used cache for rendered bodies. Rendering a post (parse, convert, sanitise)
 * costs 0.2–0.6 ms; a list page renders dozens, and the same posts are read far more often than
 * written. The key is the whole input, so an edit is simply a new key. Bounded by entries and by
 * the characters held (sources and values), so memory stays small whatever the posts' sizes.
 *
 * The input is given as its source (a post's body) and a short variant (format, origin, censor version…), kept
 * apart: a source string is looked up as it is, so a body read from the lists' kept rows (`platform/read-cache.ts`),
 * the same string object each time, is found by its hash that V8 keeps on the string, not by hashing a new
 * concatenation of the whole body on every request (a list's 30 bodies were 3% of its CPU).
 */
export function createLruCache(maxEntries: number, maxChars: number) {
  /** Source → variant → value; the Map's order is the sources' use, the oldest first. */
  const entries = new Map<string, Map<string, string>>();
  let chars = 0;
  let count = 0;
  const evictOldest = () => {
    const oldest = entries.keys().next();
    if (oldest.done) return;
    const variants = entries.get(oldest.value)!;
    for (const [variant, value] of variants) chars -= oldest.value.length + variant.length + value.length;
    count -= variants.size;
    entries.delete(oldest.value);
  };
  return {
    get(variant: string, source: string, compute: () => string): string {
      let variants = entries.get(source);
      const hit = variants?.get(variant);
      if (hit !== undefined) {
        // Refresh its place: a Map keeps insertion order, the oldest first.
        entries.delete(source);
        entries.set(source, variants!);
        return hit;
      }
      const value = compute();
      const size = source.length + variant.length + value.length;
      if (size > maxChars / 10) return value;
      if (!variants) {
        variants = new Map();
        entries.set(source, variants);
      }
      variants.set(variant, value);
      chars += size;
      count += 1;
      while ((count > maxEntries || chars > maxChars) && entries.size > 0) evictOldest();
      return value;
    },
    /** Values held (each source's variants counted). */
    get size() {
      return count;
    },
  };
}
