import { useEffect, type ComponentProps } from "react";
import { useQuery } from "../../../lib/query.ts";
import { useApi } from "../../../lib/api-context.tsx";
import { onDemand, useOnDemand } from "../../../ui/on-demand.ts";
import { meQuery } from "../../users/index.ts";
import { canTranslate } from "./canTranslate.ts";
import type { TranslateCategoryButton as Implementation } from "./TranslateCategoryButton.tsx";

/**
 * The translate button, on demand: before hydrating when the server rendered it (a translator's page),
 * else once a translator's page shows a category; readers' pages never load it or its queries.
 */
const translateButton = onDemand(() => import("./TranslateCategoryButton.tsx"), {
  rendered: "[data-part=translate-category]",
});

/** The translate icon of a category (spec §2), for those who translate content. */
export function TranslateCategoryButton(props: ComponentProps<typeof Implementation>) {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  const allowed = Boolean(me && canTranslate(me));
  const { module, preload } = useOnDemand(translateButton);
  useEffect(() => {
    if (allowed) preload();
  }, [allowed, preload]);
  if (!allowed || !module) return null;
  return <module.TranslateCategoryButton {...props} />;
}
