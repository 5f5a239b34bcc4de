import { useEffect, type ComponentProps } from "react";
import { onDemand, useOnDemand } from "../../../ui/on-demand.ts";
import type * as IdeaPartsModule from "./IdeaParts.tsx";

/**
 * The idea parts (the vote buttons, the status and its notes, the moderators' status form) come on demand, so that
 * other pages' scripts do not carry them: the server renders them, and the browser loads them before hydrating a
 * page that has them.
 */
const ideaParts = onDemand<typeof IdeaPartsModule>(() => import("./IdeaParts.tsx"), {
  rendered: "[data-part^=idea-]",
});

type Parts = Pick<typeof IdeaPartsModule, "IdeaPanel">;

/** One of the idea parts, once loaded (nothing before). */
export function IdeaPart<K extends keyof Parts>({ part, ...props }: { part: K } & ComponentProps<Parts[K]>) {
  const { module, preload } = useOnDemand(ideaParts);
  useEffect(preload, [preload]);
  const Part = module?.[part] as ((props: object) => React.ReactNode) | undefined;
  return Part ? <Part {...props} /> : null;
}
