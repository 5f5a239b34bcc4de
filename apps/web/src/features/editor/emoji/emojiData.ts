/**
 * The emoji the picker and `:shortcode:` completion offer: Emojibase's English compact dataset (names for screen
 * readers, search tags, groups) with GitHub's shortcodes (`:smile:` is 😄). Both are fetched on demand, the first
 * time a member opens the picker or types a shortcode, as a chunk of their own: they are far too big for the
 * pages' own JavaScript.
 */

/** What a dataset entry has that we use (emojibase-data's CompactEmoji). */
export interface CompactEmoji {
  hexcode: string;
  label: string;
  unicode: string;
  group?: number | undefined;
  order?: number | undefined;
  tags?: string[] | undefined;
}

/** emojibase-data's shortcode map: hexcode → one shortcode or several. */
export type ShortcodeMap = Record<string, string | string[]>;

export interface EmojiEntry {
  emoji: string;
  /** Its CLDR name ("grinning face with smiling eyes"): the option's accessible name. */
  label: string;
  /** GitHub's shortcodes, without colons ("smile"). */
  shortcodes: string[];
  tags: string[];
}

/** Emojibase's "component" group: skin tones and hair styles, not emoji of their own. */
const COMPONENT_GROUP = 2;

/** The emoji in the dataset's order, without components and unassigned entries (regional indicators). */
export function buildEmoji(compact: readonly CompactEmoji[], shortcodes: ShortcodeMap): EmojiEntry[] {
  return compact
    .filter((entry) => entry.group !== undefined && entry.group !== COMPONENT_GROUP)
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
    .map((entry) => {
      const codes = shortcodes[entry.hexcode];
      return {
        emoji: entry.unicode,
        label: entry.label,
        shortcodes: codes === undefined ? [] : typeof codes === "string" ? [codes] : codes,
        tags: entry.tags ?? [],
      };
    });
}

let loading: Promise<EmojiEntry[]> | null = null;

/** The emoji list, fetched once (a failed fetch is tried again next time). */
export function loadEmoji(): Promise<EmojiEntry[]> {
  loading ??= Promise.all([
    import("emojibase-data/en/compact.json"),
    import("emojibase-data/en/shortcodes/github.json"),
  ]).then(([compact, github]) =>
    buildEmoji(compact.default as CompactEmoji[], github.default),
  );
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/**
 * The emoji matching `query` (lower case, without colons), best first: the shortcode it is, a shortcode starting
 * with it, then a word of the name, then a tag, then a shortcode containing it; in the dataset's order within each.
 */
export function searchEmoji(list: readonly EmojiEntry[], query: string, limit: number): EmojiEntry[] {
  const q = query.trim().toLowerCase();
  if (!q) return list.slice(0, limit);
  const rank = (entry: EmojiEntry): number => {
    if (entry.shortcodes.includes(q)) return 0;
    if (entry.shortcodes.some((code) => code.startsWith(q))) return 1;
    if (
      entry.label
        .toLowerCase()
        .split(/[\s:,-]+/)
        .some((word) => word.startsWith(q))
    )
      return 2;
    if (entry.tags.some((tag) => tag.startsWith(q))) return 3;
    if (entry.shortcodes.some((code) => code.includes(q))) return 4;
    return -1;
  };
  return list
    .map((entry, index) => ({ entry, index, rank: rank(entry) }))
    .filter((item) => item.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, limit)
    .map((item) => item.entry);
}
