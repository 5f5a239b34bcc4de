import { useEffect } from "react";
import type { Discussion } from "@parley/contracts";
import { onDemand, useOnDemand } from "../../../ui/on-demand.ts";

const bulk = onDemand(() => import("../moderation/BulkActions.tsx"));

/**
 * The bulk selection's checkboxes and toast, loaded only when the viewer may manage one of the listed
 * discussions (its `permissions["discussions.manage"]`), after hydration: guests and members never
 * download them. Once loaded it stays (its checkboxes show only on discussions the viewer manages).
 */
export function useBulkSelection(discussions: Discussion[]) {
  const manages = discussions.some((discussion) => discussion.permissions?.["discussions.manage"]);
  const { module, preload } = useOnDemand(bulk);
  useEffect(() => {
    if (manages) preload();
  }, [manages, preload]);
  return module;
}
