/** Importing another forum's database into Parley's (issue 35): for now a live Vanilla database. */
export { importVanilla, ImportRefused, type ImportReport } from "./vanilla.import.ts";
export { openVanillaSource } from "./vanilla.source.ts";
