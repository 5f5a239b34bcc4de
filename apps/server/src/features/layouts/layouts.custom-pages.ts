import type { LayoutWidget } from "@parley/contracts";
import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";
import { validationFailed } from "../../platform/errors.ts";
import { checkLayout } from "./layouts.catalog.ts";
import { customPageDefaultLayout } from "./layouts.defaults.ts";
import { createLayoutsRepo } from "./layouts.repo.ts";

/**
 * The layouts of custom pages (issue 38), for the custom pages feature: each page owns one layout of view type
 * `customPage`, written in the page's own transaction, with its first revision like any layout's.
 */
export function createCustomPageLayouts(db: Kysely<DB>) {
  const repo = createLayoutsRepo(db);
  return {
    /** The widgets of `layout` checked against the `customPage` catalogue (422 per field under `base`). */
    check(layout: readonly unknown[] | undefined, base: string): LayoutWidget[] {
      if (layout === undefined) return customPageDefaultLayout();
      const { widgets, errors } = checkLayout("customPage", layout, base);
      if (errors.length) throw validationFailed(errors);
      return widgets;
    },

    /** Writes the page's layout and its first revision in the transaction `trx`; its id. */
    async insert(
      trx: Kysely<DB>,
      values: { name: string; widgets: LayoutWidget[]; userID: number; now: string },
    ): Promise<number> {
      const scoped = repo.withTransaction(trx);
      const row = { name: values.name, layout: JSON.stringify(values.widgets) };
      const layoutID = await scoped.insert({
        ...row,
        layoutViewType: "customPage",
        insertUserID: values.userID,
        dateInserted: values.now,
        updateUserID: null,
        dateUpdated: null,
      });
      await scoped.insertRevision({ ...row, layoutID, insertUserID: values.userID, dateInserted: values.now });
      return layoutID;
    },

    /** Saves new widgets (or a new name) as a revision of the page's layout, in `trx`. */
    async update(
      trx: Kysely<DB>,
      layoutID: number,
      values: { name: string; widgets?: LayoutWidget[]; userID: number; now: string },
    ): Promise<void> {
      const scoped = repo.withTransaction(trx);
      const current = await scoped.find(layoutID);
      if (!current) return;
      const row = { name: values.name, layout: values.widgets ? JSON.stringify(values.widgets) : current.layout };
      await scoped.update(layoutID, { ...row, updateUserID: values.userID, dateUpdated: values.now });
      await scoped.insertRevision({ ...row, layoutID, insertUserID: values.userID, dateInserted: values.now });
    },

    /** Deletes the page's layout and its revisions, in `trx`. */
    remove: (trx: Kysely<DB>, layoutID: number) => repo.withTransaction(trx).remove(layoutID),

    /** The page's layout as it was saved. */
    async find(layoutID: number): Promise<{ layoutID: number; widgets: LayoutWidget[] } | null> {
      const row = await repo.find(layoutID);
      return row ? { layoutID: row.layoutID, widgets: JSON.parse(row.layout) as LayoutWidget[] } : null;
    },
  };
}

export type CustomPageLayouts = ReturnType<typeof createCustomPageLayouts>;
