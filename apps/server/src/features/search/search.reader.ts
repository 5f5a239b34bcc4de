import { Worker } from "node:worker_threads";
import { recordQuery } from "../../platform/db/query-count.ts";
import type { SearchCriteria, SearchPageResult } from "./search.driver.ts";

/** What the reader's thread is started with. */
export interface ReaderSetup {
  /** The site's SQLite file. */
  file: string;
  /** The site's locale: the words are stemmed as the index's. */
  locale: string;
}

export interface ReaderRequest {
  id: number;
  criteria: SearchCriteria;
}

/** A search's page (with its details when wanted), or why it failed; `queries` it ran either way. */
export type ReaderAnswer = { id: number; queries: number } & ({ page: SearchPageResult } | { error: string });

/**
 * The thread's V8 heap: it holds one page of results at a time (a page's bodies at most), and
 * without a limit its heap grew like the site's own (≈ 60 MB more resident under a search bench).
 * A thread that runs out is stopped, and its searches are answered in the site's thread.
 */
const THREAD_HEAP = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 };

/** Failures in a row, without an answer between, after which the reader is given up for the process. */
const MAX_FAILURES = 3;

/**
 * The worker: the built `search-worker.js` beside the server bundle, or, run from the sources
 * (tests, `npm run dev`), search.worker.ts through tsx's loader (search.worker-tsx.mjs).
 */
function spawn(setup: ReaderSetup): Worker {
  const entry = import.meta.url.endsWith(".ts") ? "./search.worker-tsx.mjs" : "./search-worker.js";
  return new Worker(new URL(entry, import.meta.url), {
    workerData: setup,
    resourceLimits: THREAD_HEAP,
  });
}

/**
 * SQLite searches in a thread of their own (better-sqlite3 is synchronous: a search's few
 * milliseconds of FTS5 would otherwise hold every other request of the process). Started with the
 * first search; a search whose thread stops is answered by `fallback` (the same driver in this
 * thread), and after MAX_FAILURES in a row every search is. The queries the thread runs count as
 * this thread's (`countQueries`).
 */
export function createSearchReader(
  setup: ReaderSetup,
  fallback: (criteria: SearchCriteria) => Promise<SearchPageResult>,
  onFailure: (error: unknown) => void = (error) => console.error("Search reader:", error),
) {
  let worker: Worker | null = null;
  let failures = 0;
  let closed = false;
  let nextID = 1;
  const pending = new Map<
    number,
    { criteria: SearchCriteria; resolve: (page: SearchPageResult) => void; reject: (error: unknown) => void }
  >();

  /** The thread stopped: its searches are answered here. */
  const failed = (from: Worker, error: unknown) => {
    if (worker !== from) return;
    worker = null;
    failures += 1;
    if (!closed) onFailure(error);
    const waiting = [...pending.values()];
    pending.clear();
    for (const request of waiting) fallback(request.criteria).then(request.resolve, request.reject);
  };

  const start = () => {
    const thread = spawn(setup);
    // The thread never keeps a process alive on its own (a CLI, a test that forgot to close).
    thread.unref();
    thread.on("message", (answer: ReaderAnswer) => {
      const request = pending.get(answer.id);
      if (!request) return;
      pending.delete(answer.id);
      recordQuery(answer.queries);
      if ("error" in answer) request.reject(new Error(answer.error));
      else {
        failures = 0;
        request.resolve(answer.page);
      }
    });
    thread.on("error", (error) => failed(thread, error));
    thread.on("exit", (code) => failed(thread, new Error(`The search thread stopped (exit code ${code}).`)));
    return thread;
  };

  return {
    search(criteria: SearchCriteria): Promise<SearchPageResult> {
      if (closed || failures >= MAX_FAILURES) return fallback(criteria);
      worker ??= start();
      const id = nextID++;
      const thread = worker;
      return new Promise((resolve, reject) => {
        pending.set(id, { criteria, resolve, reject });
        thread.postMessage({ id, criteria } satisfies ReaderRequest);
      });
    },
    /** Whether a thread is running now (tests). */
    get running(): boolean {
      return worker !== null;
    },
    /** Stops the thread; searches still waiting are answered here, later ones too. */
    async close(): Promise<void> {
      closed = true;
      const thread = worker;
      if (thread) {
        await thread.terminate();
        failed(thread, null);
      }
    },
  };
}

export type SearchReader = ReturnType<typeof createSearchReader>;
