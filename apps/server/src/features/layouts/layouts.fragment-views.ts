import type { FragmentView, LayoutWidget } from "@parley/contracts";
import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";
import { createLayoutsRepo } from "./layouts.repo.ts";

/** The fragments (`react.customFragment`) a layout's widgets place, anywhere in its sections. */
function placedFragments(widgets: readonly LayoutWidget[], found = new Set<string>()): Set<string> {
  for (const widget of widgets) {
    if (widget.$reactComponent === "react.customFragment") found.add(widget.$reactProps.fragmentImpl.fragmentUUID);
    else if (widget.$reactComponent.startsWith("react.section."))
      for (const children of Object.values(widget.$reactProps as Record<string, unknown>))
        if (Array.isArray(children)) placedFragments(children as LayoutWidget[], found);
  }
  return found;
}

/**
 * Where fragments are used (issue 38, Vanilla's `fragmentViews`): for each fragment a stored layout places, the
 * layouts (custom pages' included) that place it. Read from the layouts as saved, so a layout's change shows at once.
 */
export function createFragmentViews(db: Kysely<DB>) {
  const repo = createLayoutsRepo(db);
  return async (): Promise<Map<string, FragmentView[]>> => {
    const views = new Map<string, FragmentView[]>();
    for (const row of await repo.list()) {
      if (!row.layout.includes('"react.customFragment"')) continue;
      let widgets: LayoutWidget[];
      try {
        widgets = JSON.parse(row.layout) as LayoutWidget[];
      } catch {
        continue;
      }
      const view = {
        recordType: "layout" as const,
        recordID: String(row.layoutID),
        recordName: row.name,
        // A custom page's layout is edited with its page; the others in the layout editor.
        recordUrl: row.layoutViewType === "customPage" ? "/dashboard/pages" : `/dashboard/layouts/${row.layoutID}/edit`,
      };
      for (const fragmentUUID of placedFragments(widgets))
        views.set(fragmentUUID, [...(views.get(fragmentUUID) ?? []), view]);
    }
    return views;
  };
}
