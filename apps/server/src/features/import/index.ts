/** Importing another forum into Parley's (issue 35): a live Vanilla database, or a porter export file. */
export { importVanilla, ImportRefused, type ImportReport } from "./vanilla.import.ts";
export type { ImportSource } from "./import.source.ts";
export { openVanillaSource } from "./vanilla.source.ts";
export { ExportFormatError, openPorterSource } from "./porter.source.ts";
export { registerImportRedirects } from "./import.redirects.ts";
