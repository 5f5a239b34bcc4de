/** `npm run docs:config`: writes docs/configuration.md from the table of environment variables. */
import { writeFileSync } from "node:fs";
import { CONFIGURATION_DOC, configurationDoc } from "../platform/config.docs.ts";
import { ENVIRONMENT } from "../platform/config.variables.ts";

writeFileSync(CONFIGURATION_DOC, await configurationDoc());
console.log(`docs/configuration.md: ${Object.keys(ENVIRONMENT).length} variables`);
