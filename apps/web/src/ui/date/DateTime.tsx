import { fullDate, relativeTime } from "../../lib/dates.ts";
import { useNow } from "../../lib/now.tsx";

/** A date as '3 hours ago', with the full date as its tooltip and machine-readable `dateTime`. */
export function DateTime({ date }: { date: string }) {
  const now = useNow();
  return (
    <time dateTime={date} title={fullDate(date)}>
      {relativeTime(date, now)}
    </time>
  );
}
