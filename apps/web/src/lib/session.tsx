import { createContext, useContext, type ReactNode } from "react";

/** The session's transient key (CSRF), for hidden form fields that work without JavaScript. */
const SessionContext = createContext<{ transientKey: string | null }>({ transientKey: null });

export function SessionProvider({ transientKey, children }: { transientKey: string | null; children: ReactNode }) {
  return <SessionContext.Provider value={{ transientKey }}>{children}</SessionContext.Provider>;
}

/** The hidden `transientKey` field every signed-in form carries. */
export function TransientKeyField() {
  const { transientKey } = useContext(SessionContext);
  return transientKey ? <input type="hidden" name="transientKey" value={transientKey} /> : null;
}

/** The session's transient key, for a form a script builds (a drop saved as the page's form would be). */
export const useTransientKey = () => useContext(SessionContext).transientKey;
