const units = [
  { value: 1e12, suffix: "t" },
  { value: 1e9, suffix: "b" },
  { value: 1e6, suffix: "m" },
  { value: 1e3, suffix: "k" },
] as const;

/** Abbreviates counts with one decimal: 1,234 → 1.2k, 2,500,000 → 2.5m (spec §9). */
export function formatCount(value: number): string {
  for (const unit of units) {
    if (Math.abs(value) >= unit.value) {
      const scaled = Math.trunc((value / unit.value) * 10) / 10;
      return `${scaled.toFixed(1).replace(/\.0$/, "")}${unit.suffix}`;
    }
  }
  return String(value);
}

/** File sizes in B, KB, MB, GB, TB, base 1024, 2 decimals (spec §9): the one formatter, shared with the server. */
export { formatFileSize } from "@parley/contracts/uploads";
