import { timingLimits } from "@parley/contracts/shell-limits";
import { currentLocale, t } from "../../../lib/i18n.ts";

/**
 * Seconds left in an author's edit window (spec §9: `ui.editContentTimeout`, -1 = no limit), or null
 * when there is no limit.
 */
export function editSecondsLeft(dateInserted: string, timeoutSeconds: number, now: number): number | null {
  if (timeoutSeconds < 0) return null;
  return Math.max(0, Math.floor((Date.parse(dateInserted) + timeoutSeconds * 1000 - now) / 1000));
}

/** The label refreshes every 10 s while more than 60 s are left, then every 5 s (spec §9). */
export const editLabelRefreshMs = (secondsLeft: number) =>
  secondsLeft > timingLimits.editLabelFastBelowSeconds
    ? timingLimits.editLabelSlowRefreshMs
    : timingLimits.editLabelFastRefreshMs;

const unit = (value: number, name: "hour" | "minute" | "second") =>
  new Intl.NumberFormat(currentLocale(), { style: "unit", unit: name, unitDisplay: "long" }).format(value);

/** "2 hours", "5 minutes", "40 seconds": the largest whole unit left. */
export function formatTimeLeft(seconds: number): string {
  if (seconds >= 3600) return unit(Math.floor(seconds / 3600), "hour");
  if (seconds >= 60) return unit(Math.floor(seconds / 60), "minute");
  return unit(seconds, "second");
}

/** 'Edit (time)' while the window runs, 'Edit' without one. */
export const editLabel = (secondsLeft: number | null) =>
  secondsLeft === null ? t("Edit") : t("Edit ({time})", { time: formatTimeLeft(secondsLeft) });
