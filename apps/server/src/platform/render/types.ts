/** Every post format Parley accepts (Vanilla's list; `rich2` is canonical, `html` is deprecated input). */
export const postFormats = ["rich2", "rich", "markdown", "text", "textex", "html", "wysiwyg", "bbcode"] as const;

export type PostFormat = (typeof postFormats)[number];

export interface RenderOptions {
  /** The site origin, e.g. `https://forum.example` (a sub-folder install may add a path): the safe-link rule
   * keeps links under it and the default profile links are built on it. */
  origin: string;
  /** The profile address of a mentioned user; default `${origin}/profile/${encodeURIComponent(name)}`. */
  mentionUrl?: (name: string) => string;
  /** Leave censored words as written (search indexing reads the source's words). */
  uncensored?: boolean;
  /** Show links alone on their line as their preview's card when one is known (default); false for text uses. */
  previews?: boolean;
}
