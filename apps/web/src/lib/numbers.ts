const units = [
  { value: 1e12, suffix: "t" },
  { value: 1e9, suffix: "b" },
  { value: 1e6, suffix: "m" },
  { value: 1e3, suffix: "k" },
] as const;

import { activeTranslator } from "./i18n.ts";

/**
 * Abbreviates counts with one decimal: 1,234 → 1.2k, 2,500,000 → 2.5m (spec §9). Another locale's counts
 * are Intl's compact notation in that locale, cut (not rounded) as in English: 1 234 → 1,2 k in French.
 */
export function formatCount(value: number): string {
  const translator = activeTranslator();
  if (translator) return translator.count(value);
  for (const unit of units) {
    if (Math.abs(value) >= unit.value) {
      const scaled = Math.trunc((value / unit.value) * 10) / 10;
      return `${scaled.toFixed(1).replace(/\.0$/, "")}${unit.suffix}`;
    }
  }
  return String(value);
}

// File sizes: `formatFileSize` in `@parley/contracts/uploads`, the one formatter shared with the server. Not
// re-exported here: this module loads with every page, and the re-export would bring the uploads rules along.
