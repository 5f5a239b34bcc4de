import { bootstrapDatabase } from "../db/bootstrap.ts";
import { loadConfigOrExit, openConfiguredDatabase } from "../server.ts";

/** `npm run migrate`: brings the configured database up to date (and bootstraps an empty one). */
const config = loadConfigOrExit();
const database = await openConfiguredDatabase(config);
try {
  const report = await bootstrapDatabase(database, config);
  console.log(
    report.migrations.length
      ? `Ran ${report.migrations.length} migrations on ${database.describe}: ${report.migrations.join(", ")}`
      : `${database.describe} is up to date.`,
  );
  if (report.admin?.generated)
    console.log(`Created "${report.admin.name}" with the password: ${report.admin.password}`);
} finally {
  await database.close();
}
