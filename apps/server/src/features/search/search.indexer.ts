import type { SearchDriver } from "./search.driver.ts";
import type { RecordKey, SearchRepo } from "./search.repo.ts";

const BATCH = 500;
const REBUILD_BATCH = 2_000;

export interface RebuildProgress {
  /** Records read so far, of `total`. */
  onProgress?(done: number, total: number): void;
}

/**
 * Keeps the index current: the content tables' triggers queue every change in the change's own
 * transaction; `drain()` takes queued records off in batches and rewrites their documents in one
 * transaction per batch (a failure leaves the batch queued). One drain at a time per process;
 * several processes share the queue safely (PostgreSQL: `for update skip locked`).
 */
export function createIndexer(repo: SearchRepo, driver: SearchDriver) {
  let running: Promise<void> | null = null;
  let again = false;
  const listeners = new Set<() => void>();
  /** After a commit that changed the index (caches of answers listen). */
  const changed = () => {
    for (const listener of listeners) listener();
  };

  async function drainBatch(): Promise<number> {
    return repo.transaction(async (executor) => {
      const queued = await repo.takeQueued(executor, BATCH);
      if (!queued.length) return 0;
      const unique = new Map<string, RecordKey>();
      for (const record of queued) unique.set(`${record.recordType}:${record.recordID}`, record);
      const records = [...unique.values()];
      const documents = await repo.load(executor, records);
      const found = new Set(documents.map((doc) => `${doc.recordType}:${doc.recordID}`));
      await driver.remove(
        executor,
        records.filter((record) => !found.has(`${record.recordType}:${record.recordID}`)),
      );
      await driver.write(executor, documents);
      await repo.syncCommentCategories(
        executor,
        records.filter((record) => record.recordType === "discussion").map((record) => record.recordID),
      );
      return queued.length;
    });
  }

  async function drainAll(): Promise<void> {
    do {
      again = false;
      for (;;) {
        const count = await drainBatch();
        if (count > 0) changed();
        if (count < BATCH) break;
      }
    } while (again);
  }

  return {
    /** Indexes everything queued so far; resolves when it is in the index. */
    drain(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = drainAll().finally(() => {
        running = null;
      });
      return running;
    },

    /** Calls `listener` after every committed change to the index; returns the unsubscribe. */
    onChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Rebuilds the whole index from the content tables (`npm run reindex`, the bench seeder). */
    async rebuild(options: RebuildProgress = {}): Promise<number> {
      const head = await repo.queueHead();
      const total = await repo.countSources();
      let done = 0;
      await repo.transaction((executor) => driver.clear(executor));
      for (const recordType of ["category", "user", "article", "group"] as const) {
        for await (const batch of repo.allDocuments(recordType, REBUILD_BATCH)) {
          await repo.transaction((executor) => driver.bulkInsert(executor, batch.documents));
          done += batch.count;
          options.onProgress?.(done, total);
        }
      }
      const posts = await repo.postKeysByDate();
      for (let start = 0; start < posts.length; start += REBUILD_BATCH) {
        const keys = posts.slice(start, start + REBUILD_BATCH);
        const documents = await repo.load(repo.db, keys);
        const order = new Map(keys.map((key, index) => [`${key.recordType}:${key.recordID}`, index]));
        documents.sort(
          (a, b) => order.get(`${a.recordType}:${a.recordID}`)! - order.get(`${b.recordType}:${b.recordID}`)!,
        );
        await repo.transaction((executor) => driver.bulkInsert(executor, documents));
        done += keys.length;
        options.onProgress?.(done, total);
      }
      await repo.transaction((executor) => driver.finishBulk(executor));
      // Changes queued before the rebuild began are in it; later ones stay queued for drain().
      await repo.dropQueuedUpTo(head);
      changed();
      return done;
    },
  };
}
