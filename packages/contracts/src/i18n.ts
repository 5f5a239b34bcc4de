/**
 * Marks an English sentence of the contracts that the web app shows through `t(…)` (a list's label, a message kept
 * in a constant): it returns the sentence as it is, and `npm run i18n:extract` adds it to the language packs.
 */
export const msg = (english: string): string => english;
