import { useEffect, useState } from "react";
import { relativeTimeRefreshMs } from "@parley/contracts/shell-limits";
import { formatDate, fullDate, relativeTime, toIsoDate, type DateInput, type DateType } from "../../lib/dates.ts";
import { useNow } from "../../lib/now.tsx";
import { useHydrated } from "../hydrated.ts";

export interface DateTimeProps {
  /** ISO 8601 string (as the API sends), milliseconds, or a Date. */
  date: DateInput;
  /** 'relative' ('3 hours ago', refreshed every 30 s) by default, or 'fixed'. */
  mode?: "relative" | "fixed";
  /** The fixed format (and the fallback when no clock is known). */
  type?: DateType;
  /** An IANA zone; by default the reader's own (UTC in the server's HTML until hydration). */
  timezone?: string;
  className?: string;
}

/**
 * "Now" for relative dates: the NowProvider's (the server's render time while hydrating, then the
 * browser's clock every 30 s); without a provider, the component's own clock after mounting.
 */
function useRelativeNow(): number {
  const providerNow = useNow();
  const [ownNow, setOwnNow] = useState(0);
  useEffect(() => {
    if (providerNow) return;
    setOwnNow(Date.now());
    const timer = setInterval(() => setOwnNow(Date.now()), relativeTimeRefreshMs);
    return () => clearInterval(timer);
  }, [providerNow]);
  return providerNow || ownNow;
}

/**
 * A date in a `<time>` with its machine-readable `dateTime` and the full date as its title (spec §3
 * "Date display"). Server and first client render agree: relative text from the shared "now", fixed
 * text in UTC (or the given zone), then the reader's zone after hydration.
 */
export function DateTime({ date, mode = "relative", type = "default", timezone, className }: DateTimeProps) {
  const now = useRelativeNow();
  const hydrated = useHydrated();
  const timeZone = timezone ?? (hydrated ? undefined : "UTC");
  const text = mode === "relative" && now ? relativeTime(date, now) : formatDate(date, type, { timeZone });
  return (
    <time className={className} dateTime={toIsoDate(date)} title={fullDate(date, { timeZone })}>
      {text}
    </time>
  );
}
