import { useEffect, type ComponentProps } from "react";
import { onDemand, useOnDemand } from "../../../ui/on-demand.ts";
import type * as PollPartsModule from "./PollParts.tsx";

/**
 * The poll's panel (its form, its results as a chart and a table) comes on demand, so that other pages' scripts do
 * not carry it: the server renders it, and the browser loads it before hydrating a page that has it.
 */
const pollParts = onDemand<typeof PollPartsModule>(() => import("./PollParts.tsx"), {
  rendered: "[data-part^=poll-]",
});

type Parts = Pick<typeof PollPartsModule, "PollPanel">;

/** One of the poll parts, once loaded (nothing before). */
export function PollPart<K extends keyof Parts>({ part, ...props }: { part: K } & ComponentProps<Parts[K]>) {
  const { module, preload } = useOnDemand(pollParts);
  useEffect(preload, [preload]);
  const Part = module?.[part] as ((props: object) => React.ReactNode) | undefined;
  return Part ? <Part {...props} /> : null;
}
