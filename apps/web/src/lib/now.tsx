import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { relativeTimeRefreshMs } from "@parley/contracts/shell-limits";

/**
 * "Now" for relative dates: the server's render time while hydrating (so both render the same text),
 * then the browser's clock, refreshed every 30 s (spec §9).
 */
const NowContext = createContext<number>(0);

export function NowProvider({ serverNow, children }: { serverNow: number; children: ReactNode }) {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), relativeTimeRefreshMs);
    return () => window.clearInterval(timer);
  }, []);
  return <NowContext.Provider value={now}>{children}</NowContext.Provider>;
}

export const useNow = () => useContext(NowContext);
