import { CENSOR_MASK, type WatchedWordAction } from "@parley/contracts";
import { setCensor } from "../../platform/render/index.ts";
import type { SpamRepo } from "./spam.repo.ts";
import { compileMatcher, type WordMatcher } from "./spam.text.ts";

export interface WordEntry {
  word: string;
  pattern: string;
  action: WatchedWordAction;
}

export interface WordMatch {
  word: string;
  action: WatchedWordAction;
}

/**
 * The watched words compiled in memory: loaded once, reloaded when the list changes here or in another
 * process (`spam.bus.ts`). Installs the render pipeline's censor for the `censor` words.
 */
export function createWordList(repo: SpamRepo) {
  let all: WordMatcher<WordEntry> = compileMatcher<WordEntry>([]);
  let loading: Promise<void> | null = null;
  let loaded = false;

  async function load(): Promise<void> {
    const rows = await repo.words();
    const entries = rows.map((row) => ({
      word: row.word,
      pattern: row.pattern,
      action: row.action as WatchedWordAction,
    }));
    all = compileMatcher(entries);
    const censored = compileMatcher(entries.filter((entry) => entry.action === "censor"));
    setCensor(
      entries.some((entry) => entry.action === "censor")
        ? (text) => {
            const found = censored.matches(text);
            if (!found.length) return text;
            let out = "";
            let at = 0;
            for (const match of found) {
              out += text.slice(at, match.start) + CENSOR_MASK;
              at = match.end;
            }
            return out + text.slice(at);
          }
        : null,
    );
    loaded = true;
  }

  return {
    /** Loads the list (again): at start, and on every change. */
    reload(): Promise<void> {
      loading = load().finally(() => {
        loading = null;
      });
      return loading;
    },

    /** The watched words found in `text`, each once, in the order of their first place. */
    async find(text: string): Promise<WordMatch[]> {
      if (!loaded) await (loading ?? this.reload());
      const seen = new Set<string>();
      return all.matches(text).flatMap(({ entry }) => {
        if (seen.has(entry.pattern)) return [];
        seen.add(entry.pattern);
        return [{ word: entry.word, action: entry.action }];
      });
    },

    /** Removes the censor (the app closes). */
    close: () => setCensor(null),
  };
}

export type WordList = ReturnType<typeof createWordList>;
