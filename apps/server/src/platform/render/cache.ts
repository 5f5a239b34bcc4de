/**
 * A small least-recently-used cache for rendered bodies. Rendering a post (parse, convert, sanitise)
 * costs 0.2–0.6 ms; a list page renders dozens, and the same posts are read far more often than
 * written. The key is the whole input, so an edit is simply a new key. Bounded by entries and by
 * the characters held (keys and values), so memory stays small whatever the posts' sizes.
 */
export function createLruCache(maxEntries: number, maxChars: number) {
  const entries = new Map<string, string>();
  let chars = 0;
  const evictOldest = () => {
    const oldest = entries.keys().next();
    if (oldest.done) return;
    chars -= oldest.value.length + (entries.get(oldest.value)?.length ?? 0);
    entries.delete(oldest.value);
  };
  return {
    get(key: string, compute: () => string): string {
      const hit = entries.get(key);
      if (hit !== undefined) {
        // Refresh its place: a Map keeps insertion order, the oldest first.
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const value = compute();
      const size = key.length + value.length;
      if (size > maxChars / 10) return value;
      entries.set(key, value);
      chars += size;
      while (entries.size > maxEntries || chars > maxChars) evictOldest();
      return value;
    },
    get size() {
      return entries.size;
    },
  };
}
