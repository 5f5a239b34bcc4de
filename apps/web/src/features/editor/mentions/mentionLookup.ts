import type { UserFragment } from "@parley/contracts";
import { limits } from "@parley/contracts/limits";

/** A member the suggestion list offers. */
export type MentionUser = Pick<UserFragment, "userID" | "name" | "photoUrl">;

/** Fetches the members whose names start with `prefix` (ranked by the server); throws on a failure. */
export type FetchMentionUsers = (prefix: string, signal: AbortSignal) => Promise<MentionUser[]>;

/** What a lookup ends in: suggestions (maybe none), or an error (the list then shows nothing). */
export type MentionResult = { status: "success"; users: MentionUser[] } | { status: "error"; error: unknown };

const { suggestionLimit, debounceMs, prefixReuseMaxLength } = limits.mentions;

const keyOf = (query: string) => query.toLowerCase();

/**
 * Ranks members for a query as the server does (exact name first, then the server's order): used when a
 * longer query is answered from a shorter prefix's results.
 */
function filterForQuery(users: MentionUser[], query: string): MentionUser[] {
  const key = keyOf(query);
  const matching = users.filter((user) => keyOf(user.name).startsWith(key));
  const exact = matching.filter((user) => keyOf(user.name) === key);
  return [...exact, ...matching.filter((user) => keyOf(user.name) !== key)].slice(0, suggestionLimit);
}

/**
 * Spec §4 "Mention suggestions": results cached by typed prefix (case-insensitively); a longer prefix
 * reuses a shorter prefix's results, filtered here, when those were fewer than the suggestion limit
 * (so they held every match); only prefixes of at most 10 characters are reused. Lookups are debounced
 * (50 ms), an empty query suggests nothing, and only the latest query's answer is reported.
 */
export function createMentionLookup(fetchUsers: FetchMentionUsers) {
  const cache = new Map<string, MentionUser[]>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let controller: AbortController | null = null;
  let generation = 0;

  /** The cached answer for a query, exact or from a reusable shorter prefix. */
  function cached(query: string): MentionUser[] | undefined {
    const key = keyOf(query);
    const exact = cache.get(key);
    if (exact) return exact;
    for (let length = Math.min(key.length - 1, prefixReuseMaxLength); length >= 1; length--) {
      const shorter = cache.get(key.slice(0, length));
      if (shorter && shorter.length < suggestionLimit) return filterForQuery(shorter, query);
    }
    return undefined;
  }

  function cancel(): void {
    generation++;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    controller?.abort();
    controller = null;
  }

  return {
    cached,

    /** Looks `query` up and reports once (unless a newer lookup or `cancel` comes first). */
    lookup(query: string, report: (result: MentionResult) => void): void {
      cancel();
      if (query.trim() === "") {
        report({ status: "success", users: [] });
        return;
      }
      const hit = cached(query);
      if (hit) {
        report({ status: "success", users: hit });
        return;
      }
      const mine = generation;
      timer = setTimeout(() => {
        timer = null;
        const abort = new AbortController();
        controller = abort;
        fetchUsers(query, abort.signal).then(
          (users) => {
            const kept = users.slice(0, suggestionLimit);
            cache.set(keyOf(query), kept);
            if (mine === generation) report({ status: "success", users: kept });
          },
          (error: unknown) => {
            if (mine === generation && !abort.signal.aborted) report({ status: "error", error });
          },
        );
      }, debounceMs);
    },

    cancel,
  };
}
