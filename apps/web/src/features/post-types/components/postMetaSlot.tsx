import { useEffect, type ComponentProps } from "react";
import { onDemand, useOnDemand } from "../../../ui/on-demand.ts";
import type * as PostMetaModule from "./PostMetaValues.tsx";

/**
 * A post's field values come on demand, so that the reading pages' scripts do not carry them (most posts have
 * none): the server renders them, and the browser loads them before hydrating a page that has them.
 */
const postMetaPart = onDemand<typeof PostMetaModule>(() => import("./PostMetaValues.tsx"), {
  rendered: "[data-post-meta]",
});

/** A post's field values, once their code has loaded (nothing before). */
export function PostMetaSlot(props: ComponentProps<typeof PostMetaModule.PostMetaValues>) {
  const { module, preload } = useOnDemand(postMetaPart);
  useEffect(preload, [preload]);
  const Values = module?.PostMetaValues;
  return Values ? <Values {...props} /> : null;
}
