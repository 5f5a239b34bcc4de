import cliProgress from "cli-progress";
import { createSearchEngine, searchLanguageOf } from "../features/search/index.ts";
import { createSiteConfig } from "../platform/site-config.ts";
import { loadConfigOrExit, openConfiguredDatabase } from "../server.ts";

/** `npm run reindex`: rebuilds the search index of the configured database from its content, with a progress bar. */
const config = loadConfigOrExit();
const database = await openConfiguredDatabase(config);
const bar = new cliProgress.SingleBar(
  {
    format: "Reindexing |{bar}| {percentage}% | {value}/{total} records | {duration_formatted} (ETA {eta_formatted})",
    stream: process.stderr,
    noTTYOutput: !process.stderr.isTTY,
    notTTYSchedule: 5_000,
  },
  cliProgress.Presets.shades_classic,
);
try {
  const started = Date.now();
  let begun = false;
  // In the site's language (search.language.ts): a rebuild after changing `garden.locale` applies it.
  const language = searchLanguageOf(await createSiteConfig(database.db).get("garden.locale"));
  const count = await createSearchEngine(database, language).indexer.rebuild({
    onProgress(done, total) {
      if (!begun) bar.start(total, 0);
      begun = true;
      bar.update(done);
    },
  });
  bar.stop();
  console.log(
    `Indexed ${count.toLocaleString("en-US")} records on ${database.describe} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} finally {
  await database.close();
}
