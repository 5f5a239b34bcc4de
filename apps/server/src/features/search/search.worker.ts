import { parentPort, workerData } from "node:worker_threads";
import { openSqliteReader } from "../../platform/db/database.ts";
import { queriesRun } from "../../platform/db/query-count.ts";
import { type SearchCriteria, wantsDetails } from "./search.driver.ts";
import { searchLanguageOf } from "./search.language.ts";
import type { ReaderAnswer, ReaderRequest, ReaderSetup } from "./search.reader.ts";
import { createSqliteSearchDriver } from "./search.sqlite.ts";

/**
 * The search reader's thread (search.reader.ts): SQLite searches on a read-only connection of their
 * own, so the site's thread serves other requests meanwhile. One search at a time, in order: the
 * queries each answer ran are counted exactly and sent back with it.
 */
const { file, locale } = workerData as ReaderSetup;
const database = openSqliteReader(file);
const driver = createSqliteSearchDriver(database.db, searchLanguageOf(locale));

/** The page, with its details when the service will want them. */
async function answer(criteria: SearchCriteria) {
  const page = await driver.search(criteria);
  if (!page.details && wantsDetails(criteria, page.hits))
    page.details = await driver.details(
      criteria,
      page.hits.map((hit) => hit.docID),
    );
  return page;
}

let queue: Promise<void> = Promise.resolve();
parentPort!.on("message", (request: ReaderRequest) => {
  queue = queue.then(async () => {
    const before = queriesRun();
    let reply: ReaderAnswer;
    try {
      reply = { id: request.id, page: await answer(request.criteria), queries: queriesRun() - before };
    } catch (error) {
      reply = { id: request.id, error: error instanceof Error ? error.message : String(error), queries: 0 };
    }
    parentPort!.postMessage(reply);
  });
});
