import { useEffect, useRef, type ReactNode } from "react";
import { formStyles } from "../../../ui/forms/Form.tsx";

/**
 * What an action did ('Your changes have been saved.'): a status message that takes the focus when it
 * appears, so a keyboard or screen reader user hears it and continues from there.
 */
export function ActionStatus({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [children]);
  return (
    <p ref={ref} role="status" tabIndex={-1} className={`${formStyles.alert} ${formStyles.success}`}>
      {children}
    </p>
  );
}
