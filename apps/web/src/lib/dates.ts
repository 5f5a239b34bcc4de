/**
 * Relative dates with the buckets of spec §9: 'just now' up to 5 s, 'a few seconds' under 45 s,
 * minutes up to 45 min, hours up to 22 h, days up to 26 days, 'a month' up to 45 days, months up to
 * 320 days, 'a year' up to 548 days, then years.
 */
export function relativeTime(iso: string, now: number): string {
  const seconds = Math.round((now - Date.parse(iso)) / 1000);
  const future = seconds < 0;
  const s = Math.abs(seconds);
  const ago = (text: string) => (future ? `in ${text}` : `${text} ago`);
  if (s <= 5) return "just now";
  if (s < 45) return ago("a few seconds");
  const minutes = Math.round(s / 60);
  if (s < 45 * 60) return ago(minutes <= 1 ? "a minute" : `${minutes} minutes`);
  const hours = Math.round(s / 3600);
  if (s < 22 * 3600) return ago(hours <= 1 ? "an hour" : `${hours} hours`);
  const days = Math.round(s / 86_400);
  if (days <= 26) return ago(days <= 1 ? "a day" : `${days} days`);
  if (days <= 45) return ago("a month");
  if (days <= 320) return ago(`${Math.max(2, Math.round(days / 30))} months`);
  if (days <= 548) return ago("a year");
  return ago(`${Math.max(2, Math.round(days / 365))} years`);
}

/** The full date for a tooltip, in UTC so server and browser agree. */
export const fullDate = (iso: string) =>
  new Intl.DateTimeFormat("en", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso)) +
  " UTC";
