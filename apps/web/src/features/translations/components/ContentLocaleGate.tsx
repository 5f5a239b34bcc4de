import { useEffect } from "react";
import { onDemand, useOnDemand } from "../../../ui/on-demand.ts";

/** The picker, on demand: only sites with more than one content locale show it (and load it). */
const picker = onDemand(() => import("./ContentLocalePicker.tsx"), { rendered: "[data-part=content-locale]" });

/** The reader's choice of content locale, when the site has more than one. */
export function ContentLocalePicker({ locales }: { locales: readonly string[] }) {
  const shown = locales.length >= 2;
  const { module, preload } = useOnDemand(picker);
  useEffect(() => {
    if (shown) preload();
  }, [shown, preload]);
  if (!shown || !module) return null;
  return <module.ContentLocalePicker locales={locales} />;
}
