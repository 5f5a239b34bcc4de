import type { ContentChanges } from "./content-changes.ts";
import { createExpiringMap, type ExpiringMapOptions } from "./expiring-map.ts";

/**
 * Rows that do not depend on who reads them (a discussion list's page and total for one set of categories),
 * kept briefly and shared by every viewer (issue 26: a member's list read the same 30 rows from the database on
 * every request). Whatever depends on the viewer is read fresh and laid over them by the caller, and the viewer's
 * permissions are part of the key (the categories they may read), so no one gets a row they may not see.
 *
 * Every content change drops everything, in every process when Redis is configured (`content-changes.ts`), as the
 * guests' caches do; values age out within `ttlMs` in any case (view counts, which change without an event).
 * A read that began before a change is not kept after it (a generation number), so an answer read while a write
 * committed cannot outlive that write's event. Concurrent misses of one key share one load.
 */
export interface ReadCache {
  read<T>(key: string, load: () => Promise<T>, sizeOf: (value: T) => number): Promise<T>;
  /** A list's page of rows and its total, kept frozen: every request that reads them shares the same objects. */
  page<R extends object>(key: string, load: () => Promise<ListPage<R>>): Promise<ListPage<R>>;
  /**
   * Rows by their ID (the authors a list embeds), kept one by one and frozen: those not kept are loaded in one call,
   * in no particular order. An ID that matches no row is asked again next time.
   */
  byID<R extends object>(
    kind: string,
    ids: readonly number[],
    load: (missing: number[]) => Promise<R[]>,
    idOf: (row: R) => number,
  ): Promise<R[]>;
  clear(): void;
  /** Entries and their size now (tests, diagnostics). */
  usage(): { entries: number; size: number; hits: number; misses: number };
}

/** A page of a list's rows and the list's total. */
interface ListPage<R> {
  rows: R[];
  total: number;
}

/** About the bytes a row holds: its strings (two bytes a character at worst) and a little per field. */
const sizeOfRow = (row: object) => {
  let size = 32;
  for (const value of Object.values(row)) size += typeof value === "string" ? 16 + value.length * 2 : 16;
  return size;
};
const sizeOfPage = ({ rows }: ListPage<object>) => rows.reduce((size, row) => size + sizeOfRow(row), 64);

const freezePage = <R extends object>(page: ListPage<R>): ListPage<R> => {
  for (const row of page.rows) Object.freeze(row);
  Object.freeze(page.rows);
  return Object.freeze(page);
};

export function createReadCache(changes: ContentChanges, options: ExpiringMapOptions): ReadCache {
  const entries = createExpiringMap<unknown>(options);
  const loading = new Map<string, Promise<unknown>>();
  let generation = 0;
  let hits = 0;
  let misses = 0;
  const clear = () => {
    generation++;
    entries.clear();
    loading.clear();
  };
  changes.on(clear);

  const cache: ReadCache = {
    async read<T>(key: string, load: () => Promise<T>, sizeOf: (value: T) => number): Promise<T> {
      const kept = entries.get(key) ?? loading.get(key);
      if (kept !== undefined) {
        hits++;
        return kept as T | Promise<T>;
      }
      misses++;
      const began = generation;
      const promise = load();
      loading.set(key, promise);
      try {
        const value = await promise;
        if (generation === began) entries.set(key, value, sizeOf(value));
        return value;
      } finally {
        if (loading.get(key) === promise) loading.delete(key);
      }
    },
    page: (key, load) => cache.read(key, async () => freezePage(await load()), sizeOfPage),
    async byID<R extends object>(
      kind: string,
      ids: readonly number[],
      load: (missing: number[]) => Promise<R[]>,
      idOf: (row: R) => number,
    ): Promise<R[]> {
      const found: R[] = [];
      const missing: number[] = [];
      for (const id of ids) {
        const row = entries.get(`${kind}#${id}`) as R | undefined;
        if (row) found.push(row);
        else missing.push(id);
      }
      if (missing.length === 0) {
        hits++;
        return found;
      }
      misses++;
      const began = generation;
      const loaded = await load(missing);
      for (const row of loaded) {
        Object.freeze(row);
        if (generation === began) entries.set(`${kind}#${idOf(row)}`, row, sizeOfRow(row));
      }
      return found.concat(loaded);
    },
    clear,
    usage: () => ({ ...entries.usage(), hits, misses }),
  };
  return cache;
}
