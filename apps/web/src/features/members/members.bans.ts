import { msg } from "../../lib/i18n.ts";
const DAY = 24 * 60 * 60_000;

/** How long a ban lasts, as the member page offers it ("": until lifted). */
export const banDurations = [
  { value: "", label: msg("Until lifted"), ms: null },
  { value: "1d", label: msg("1 day"), ms: DAY },
  { value: "3d", label: msg("3 days"), ms: 3 * DAY },
  { value: "1w", label: msg("1 week"), ms: 7 * DAY },
  { value: "2w", label: msg("2 weeks"), ms: 14 * DAY },
  { value: "1m", label: msg("30 days"), ms: 30 * DAY },
] as const;

/** The chosen duration's end from `now` (null: until lifted; undefined: not a choice offered). */
export function banEnd(choice: string, now: number): string | null | undefined {
  const duration = banDurations.find((option) => option.value === choice);
  if (!duration) return undefined;
  return duration.ms === null ? null : new Date(now + duration.ms).toISOString();
}
