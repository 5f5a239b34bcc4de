import type {
  LayoutLookupQuery,
  LayoutCatalog,
  LayoutHydrateBody,
  LayoutHydrateQuery,
  LayoutLookupAssetsQuery,
  LayoutPatch,
  LayoutPost,
  LayoutRecord,
  LayoutRevision,
  LayoutView,
  LayoutViewsPut,
  LayoutViewType,
  LayoutWidget,
} from "@parley/contracts";
import type { Kysely } from "kysely";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Clock } from "../../platform/clock.ts";
import type { ContentChanges } from "../../platform/content-changes.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import type { DB } from "../../platform/db/schema.ts";
import { conflict, fieldError, HttpError, notFound, validationFailed } from "../../platform/errors.ts";
import type { EventBus } from "../../platform/events.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { INTEGER_RANGE } from "../../platform/http/request-schemas.ts";
import { catalogOf, checkLayout, isLayoutViewType, layoutSchemaOf } from "./layouts.catalog.ts";
import { layoutsPolicy } from "./layouts.policy.ts";
import type { LayoutRow, LayoutsRepo, LayoutViewRow } from "./layouts.repo.ts";
import type { LayoutsService, StoredLayout } from "./layouts.service.ts";

declare module "../../platform/events.ts" {
  interface EventMap {
    /** An operator's layout or a page's assignment changed: pages rendered before show the old layout. */
    "layout.changed": { layoutID: number };
  }
}

/** The record types a layout is assigned to: a view type's every page, or one category's pages of it. */
const GLOBAL = "global";
const CATEGORY = "category";
/** The view types whose pages belong to a category (its page, its discussions, its new-post form). */
const categoryViews: readonly LayoutViewType[] = ["categoryList", "post", "createPost"];

/**
 * The layouts assigned to pages, read once and kept until a layout or an assignment changes (here or, through
 * the content changes' Redis channel, on another process): the lookup costs no query.
 */
export function createLayoutAssignments(repo: LayoutsRepo, changes: ContentChanges, events: EventBus) {
  let loaded: Promise<Map<string, StoredLayout>> | null = null;
  let generation = 0;
  const key = (viewType: string, recordType: string, recordID: number) => `${viewType}:${recordType}:${recordID}`;
  const clear = () => {
    generation += 1;
    loaded = null;
  };
  changes.on(clear);
  events.on("layout.changed", clear);
  const load = () => {
    const started = generation;
    const pending = repo
      .assignments()
      .then(
        (rows) =>
          new Map(
            rows.map((row) => [
              key(row.layoutViewType, row.recordType, row.recordID),
              { layoutID: row.layoutID, widgets: JSON.parse(row.layout) as LayoutWidget[] },
            ]),
          ),
      );
    // A change while reading: the next lookup reads again.
    pending.then(
      () => {
        if (started !== generation && loaded === pending) loaded = null;
      },
      () => {
        if (loaded === pending) loaded = null;
      },
    );
    return pending;
  };
  return {
    async find(viewType: LayoutViewType, categoryID: number | null): Promise<StoredLayout | null> {
      loaded ??= load();
      const assigned = await loaded;
      return (
        (categoryID !== null ? assigned.get(key(viewType, CATEGORY, categoryID)) : undefined) ??
        assigned.get(key(viewType, GLOBAL, -1)) ??
        null
      );
    },
  };
}

export interface LayoutsManageDeps {
  db: Kysely<DB>;
  repo: LayoutsRepo;
  clock: Clock;
  events: EventBus;
  pages: LayoutsService;
  /** A category's name and address, or null when there is none. */
  category(categoryID: number): Promise<{ name: string; url: string } | null>;
}

const fileLayoutNames: Record<LayoutViewType, string> = {
  home: "Home",
  subcommunityHome: "Subcommunity Home",
  discussionList: "Discussions",
  categoryList: "Categories",
  post: "Post",
  createPost: "New Post",
  customPage: "Custom Page",
};

const invalid = (field: string, message: string) => validationFailed([fieldError(field, "invalid", message, 422)]);

function viewTypeOf(value: string | undefined, field: string): LayoutViewType {
  if (value === undefined) throw validationFailed([fieldError(field, "missingField", `${field} is required.`, 422)]);
  if (!isLayoutViewType(value)) throw invalid(field, `There is no layout view type "${value}".`);
  return value;
}

function checked(viewType: LayoutViewType, layout: readonly unknown[]): LayoutWidget[] {
  const { widgets, errors } = checkLayout(viewType, layout);
  if (errors.length) throw validationFailed(errors);
  return widgets;
}

/** A layout id: a stored layout's number, or a view type's name (its default, "file-based" as Vanilla's). */
type LayoutKey = { stored: number } | { file: LayoutViewType };
function parseKey(layoutID: string): LayoutKey {
  // A number past the integer column's range is no stored layout (PostgreSQL refuses it in a query: 500).
  if (/^[1-9]\d{0,9}$/.test(layoutID) && Number(layoutID) <= INTEGER_RANGE.maximum) return { stored: Number(layoutID) };
  if (isLayoutViewType(layoutID)) return { file: layoutID };
  throw notFound("Layout");
}

const immutable = () =>
  new HttpError(422, "The default layouts can't be changed: create a layout of their view type instead.", {
    description: null,
  });

/**
 * `/layouts` (issue 38, Vanilla's `dashboard-layouts.yml`): operators' layouts, their revisions (Parley's own) and
 * the pages they are assigned to; previews of unsaved and unassigned layouts. Managing needs site.manage.
 */
export function createLayoutsManager(deps: LayoutsManageDeps) {
  const { db, repo, clock, events, pages } = deps;

  const changed = (layoutID: number) => events.emit("layout.changed", { layoutID });

  const presentView = async (row: LayoutViewRow, expand: boolean): Promise<LayoutView> => {
    const record =
      row.recordType === CATEGORY
        ? await deps.category(row.recordID)
        : { name: fileLayoutNames[row.layoutViewType as LayoutViewType], url: "/" };
    return {
      layoutViewID: row.layoutViewID,
      layoutID: row.layoutID,
      layoutViewType: row.layoutViewType as LayoutViewType,
      recordType: row.recordType,
      recordID: row.recordID,
      insertUserID: row.insertUserID,
      dateInserted: toRfc3339(row.dateInserted),
      ...(expand && record ? { record } : {}),
    };
  };

  const presentStored = async (row: LayoutRow, views: LayoutViewRow[], withLayout: boolean, expand: boolean) => {
    const own = views.filter((view) => view.layoutID === row.layoutID);
    const viewType = row.layoutViewType as LayoutViewType;
    return {
      layoutID: row.layoutID,
      name: row.name,
      layoutViewType: viewType,
      layoutType: viewType,
      isDefault: false,
      isActive: own.length > 0,
      ...(withLayout ? { layout: JSON.parse(row.layout) as unknown[] } : {}),
      dateInserted: toRfc3339(row.dateInserted),
      insertUserID: row.insertUserID,
      dateUpdated: row.dateUpdated === null ? null : toRfc3339(row.dateUpdated),
      updateUserID: row.updateUserID,
      ...(expand ? { layoutViews: await Promise.all(own.map((view) => presentView(view, false))) } : {}),
    } satisfies LayoutRecord;
  };

  /** A default layout: active where no layout of its view type is assigned to every page. */
  const presentFile = async (viewType: LayoutViewType, views: LayoutViewRow[], withLayout: boolean) =>
    ({
      layoutID: viewType,
      name: fileLayoutNames[viewType],
      layoutViewType: viewType,
      layoutType: viewType,
      isDefault: true,
      isActive: !views.some((view) => view.layoutViewType === viewType && view.recordType === GLOBAL),
      ...(withLayout ? { layout: await pages.defaultLayout(viewType) } : {}),
      dateInserted: null,
      insertUserID: null,
      dateUpdated: null,
      updateUserID: null,
    }) satisfies LayoutRecord;

  const storedOrThrow = async (id: number, scoped = repo) => {
    const row = await scoped.find(id);
    if (!row) throw notFound("Layout");
    return row;
  };

  const manage = (context: RequestContext) => requireAccess(context.viewer, layoutsPolicy.canManage);

  const wantsExpand = (expand: string | string[] | undefined, field: string) =>
    [expand ?? []]
      .flat()
      .flatMap((value) => value.split(","))
      .some((value) => value === field || value === "all");

  /** The page a layout is hydrated for: its record (a view type's whole site by default) and params. */
  const pageQuery = (viewType: LayoutViewType, query: LayoutHydrateQuery) => ({
    layoutViewType: viewType,
    recordType: query.recordType ?? "siteSection",
    recordID: query.recordID ?? "0",
    ...(query.params ? { params: query.params } : {}),
  });

  /** A stored layout's page: an assigned one is what visitors see; an unassigned one, a preview for managers. */
  const hydratable = async (layoutID: string, context: RequestContext) => {
    const key = parseKey(layoutID);
    if ("file" in key) return { viewType: key.file, stored: null };
    const row = await storedOrThrow(key.stored);
    if (!layoutsPolicy.canManage(context.viewer)) {
      const assigned = (await repo.views(row.layoutID)).length > 0;
      if (!assigned) requireAccess(context.viewer, layoutsPolicy.canManage);
    }
    return {
      viewType: row.layoutViewType as LayoutViewType,
      stored: { layoutID: row.layoutID, widgets: JSON.parse(row.layout) as LayoutWidget[] },
    };
  };

  return {
    /** `GET /layouts`: the defaults, then the site's own, oldest first. */
    async list(expand: string | string[] | undefined, context: RequestContext): Promise<LayoutRecord[]> {
      manage(context);
      const [rows, views] = await Promise.all([repo.list(), repo.views()]);
      const withViews = wantsExpand(expand, "layoutViews");
      return [
        ...(await Promise.all(
          (Object.keys(fileLayoutNames) as LayoutViewType[]).map((viewType) => presentFile(viewType, views, false)),
        )),
        ...(await Promise.all(rows.map((row) => presentStored(row, views, false, withViews)))),
      ];
    },

    /** `GET /layouts/{id}` and `GET /layouts/{id}/edit`: a layout with its widgets. */
    async get(layoutID: string, expand: string | string[] | undefined, context: RequestContext) {
      manage(context);
      const key = parseKey(layoutID);
      const views = await repo.views();
      if ("file" in key) return presentFile(key.file, views, true);
      return presentStored(await storedOrThrow(key.stored), views, true, wantsExpand(expand, "layoutViews"));
    },

    /** `GET /layouts/{id}/edit`: what the editor changes (a default can't be: 422, as Vanilla). */
    async edit(layoutID: string, context: RequestContext) {
      manage(context);
      const key = parseKey(layoutID);
      if ("file" in key) throw immutable();
      return presentStored(await storedOrThrow(key.stored), await repo.views(key.stored), true, false);
    },

    /** `POST /layouts`: a layout of a view type, checked against the catalogue; its first revision. */
    async create(body: LayoutPost, context: RequestContext) {
      manage(context);
      const viewType = viewTypeOf(body.layoutViewType ?? body.layoutType, "layoutViewType");
      const widgets = checked(viewType, body.layout);
      const now = clock.nowIso();
      const userID = context.viewer.userID;
      const layoutID = await db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        const row = { name: body.name.trim(), layout: JSON.stringify(widgets) };
        const id = await scoped.insert({
          ...row,
          layoutViewType: viewType,
          insertUserID: userID,
          dateInserted: now,
          updateUserID: null,
          dateUpdated: null,
        });
        await scoped.insertRevision({ ...row, layoutID: id, insertUserID: userID, dateInserted: now });
        return id;
      });
      return presentStored(await storedOrThrow(layoutID), [], true, false);
    },

    /** `PATCH /layouts/{id}`: a new name or widgets, kept as a new revision. */
    async update(layoutID: string, body: LayoutPatch, context: RequestContext) {
      manage(context);
      const key = parseKey(layoutID);
      if ("file" in key) throw immutable();
      const id = key.stored;
      await save(id, context, async (row) => ({
        name: body.name?.trim() ?? row.name,
        layout:
          body.layout === undefined
            ? row.layout
            : JSON.stringify(checked(row.layoutViewType as LayoutViewType, body.layout)),
      }));
      return presentStored(await storedOrThrow(id), await repo.views(id), true, false);
    },

    /** `DELETE /layouts/{id}`: a layout no page shows (409 while assigned; 422 for a default). */
    async remove(layoutID: string, context: RequestContext): Promise<void> {
      manage(context);
      const key = parseKey(layoutID);
      if ("file" in key) throw immutable();
      await db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        const row = await storedOrThrow(key.stored, scoped);
        if (row.layoutViewType === "customPage")
          throw conflict("This layout is a custom page's: delete the page instead.");
        if ((await scoped.views(key.stored)).length > 0)
          throw conflict(
            "This layout is assigned to pages: assign another layout to them, or remove its views, before deleting it.",
          );
        await scoped.remove(key.stored);
      });
    },

    /** `GET /layouts/{id}/revisions` (Parley's own): every save, newest first. */
    async revisions(layoutID: string, context: RequestContext): Promise<LayoutRevision[]> {
      manage(context);
      const key = parseKey(layoutID);
      if ("file" in key) return [];
      await storedOrThrow(key.stored);
      return (await repo.revisions(key.stored)).map((row) => ({
        revisionID: row.revisionID,
        layoutID: row.layoutID,
        name: row.name,
        layout: JSON.parse(row.layout) as unknown[],
        insertUserID: row.insertUserID,
        dateInserted: toRfc3339(row.dateInserted),
      }));
    },

    /** `POST /layouts/{id}/revisions/{revisionID}/restore` (Parley's own): a revision's name and widgets, saved again. */
    async restore(layoutID: string, revisionID: number, context: RequestContext) {
      manage(context);
      const key = parseKey(layoutID);
      if ("file" in key) throw immutable();
      await save(key.stored, context, async (_row, scoped) => {
        const revision = await scoped.findRevision(key.stored, revisionID);
        if (!revision) throw notFound("Layout revision");
        return { name: revision.name, layout: revision.layout };
      });
      return presentStored(await storedOrThrow(key.stored), await repo.views(key.stored), true, false);
    },

    /** `GET /layouts/{id}/views`. */
    async views(layoutID: string, expand: string | string[] | undefined, context: RequestContext) {
      manage(context);
      const key = parseKey(layoutID);
      if ("file" in key) return [];
      await storedOrThrow(key.stored);
      const withRecord = wantsExpand(expand, "record");
      return Promise.all((await repo.views(key.stored)).map((view) => presentView(view, withRecord)));
    },

    /**
     * `PUT /layouts/{id}/views`: the layout shown on these pages (`global`, -1: every page of its view type;
     * `category` and its id: that category's, for category pages, their posts and new-post forms), in place of
     * the layout they showed.
     */
    async assign(layoutID: string, body: LayoutViewsPut, context: RequestContext) {
      manage(context);
      const key = parseKey(layoutID);
      if ("file" in key)
        throw invalid("layoutID", "A default layout shows where no layout is assigned: remove the assignment instead.");
      const row = await storedOrThrow(key.stored);
      const viewType = row.layoutViewType as LayoutViewType;
      // A custom page's layout is its own page's: it is not assigned to others.
      if (viewType === "customPage") throw invalid("layoutID", "A custom page's layout shows on its own page only.");
      const errors = [];
      for (const [index, view] of body.entries()) {
        if (view.recordType === GLOBAL) {
          if (view.recordID !== -1 && view.recordID !== 0)
            errors.push(fieldError(`[${index}].recordID`, "invalid", "A global view's recordID is -1.", 422));
        } else if (view.recordType === CATEGORY) {
          if (!categoryViews.includes(viewType))
            errors.push(
              fieldError(`[${index}].recordType`, "invalid", `A ${viewType} layout can't be a category's.`, 422),
            );
          else if (!(await deps.category(view.recordID)))
            errors.push(fieldError(`[${index}].recordID`, "invalid", `There is no category ${view.recordID}.`, 422));
        } else
          errors.push(fieldError(`[${index}].recordType`, "invalid", "recordType must be global or category.", 422));
      }
      if (errors.length) throw validationFailed(errors);
      const now = clock.nowIso();
      await db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        for (const view of body)
          await scoped.assign({
            layoutID: row.layoutID,
            layoutViewType: viewType,
            recordType: view.recordType,
            recordID: view.recordType === GLOBAL ? -1 : view.recordID,
            insertUserID: context.viewer.userID,
            dateInserted: now,
          });
      });
      await changed(row.layoutID);
      return Promise.all((await repo.views(row.layoutID)).map((view) => presentView(view, false)));
    },

    /** `DELETE /layouts/{id}/views?layoutViewIDs=`: those pages show their default (or their view type's) again. */
    async unassign(layoutID: string, ids: string | string[], context: RequestContext): Promise<void> {
      manage(context);
      const key = parseKey(layoutID);
      const viewIDs = [ids]
        .flat()
        .flatMap((value) => value.split(","))
        .map((value) => value.trim());
      if (!viewIDs.length || viewIDs.some((value) => !/^[1-9]\d{0,9}$/.test(value)))
        throw invalid("layoutViewIDs", "layoutViewIDs must be layout view ids.");
      if ("file" in key) throw notFound("Layout view");
      await storedOrThrow(key.stored);
      const removed = await db
        .transaction()
        .execute((trx) => repo.withTransaction(trx).unassign(key.stored, viewIDs.map(Number)));
      if (removed === 0) throw notFound("Layout view");
      await changed(key.stored);
    },

    /**
     * `GET /layouts/lookup-hydrate`: the page's layout; with `params[layoutPreview]` (the page's `?layoutPreview=` address),
     * a site manager sees that stored layout of the page's view type in its place, published or not (the editor's
     * "Preview on the site"). Anyone else, or a layout of another view type, gets the page's own.
     */
    async lookup(query: LayoutLookupQuery, context: RequestContext) {
      const preview = query.params?.["layoutPreview"];
      if (typeof preview === "string" && /^\d{1,9}$/.test(preview) && layoutsPolicy.canManage(context.viewer)) {
        const row = await repo.find(Number(preview));
        if (row && row.layoutViewType === query.layoutViewType) {
          return pages.hydrateWith(query, context, {
            layoutID: row.layoutID,
            widgets: JSON.parse(row.layout) as LayoutWidget[],
          });
        }
      }
      return pages.lookup(query, context);
    },

    /** `GET /layouts/{id}/hydrate`: a layout for a page (a stored, unassigned one only for managers). */
    async hydrate(layoutID: string, query: LayoutHydrateQuery, context: RequestContext) {
      const { viewType, stored } = await hydratable(layoutID, context);
      return pages.hydrateWith(pageQuery(viewType, query), context, stored);
    },

    /** `GET /layouts/{id}/hydrate-assets`: a layout's own scripts and styles (none). */
    async hydrateAssets(layoutID: string, context: RequestContext) {
      await hydratable(layoutID, context);
      return { js: [], css: [] };
    },

    /** `GET /layouts/lookup-hydrate-assets`: the same, for the layout a page shows. */
    lookupAssets(query: LayoutLookupAssetsQuery) {
      viewTypeOf(query.layoutViewType, "layoutViewType");
      return { js: [], css: [] };
    },

    /** `POST /layouts/hydrate`: an unsaved layout for a page (the editor's preview). */
    async preview(body: LayoutHydrateBody, context: RequestContext) {
      manage(context);
      const viewType = viewTypeOf(body.layoutViewType, "layoutViewType");
      const widgets = checked(viewType, body.layout);
      return pages.hydrateWith(pageQuery(viewType, body), context, { layoutID: 0, widgets });
    },

    /** `GET /layouts/catalog?layoutViewType=`. */
    catalog(layoutViewType: string, context: RequestContext): LayoutCatalog {
      manage(context);
      return catalogOf(viewTypeOf(layoutViewType, "layoutViewType"));
    },

    /** `GET /layouts/schema?layoutViewType=`. */
    schema(layoutViewType: string, context: RequestContext) {
      manage(context);
      return layoutSchemaOf(viewTypeOf(layoutViewType, "layoutViewType"));
    },
  };

  /** Saves a stored layout (in one transaction) as `next` says, with a revision of what it saved. */
  async function save(
    layoutID: number,
    context: RequestContext,
    next: (row: LayoutRow, scoped: LayoutsRepo) => Promise<{ name: string; layout: string }>,
  ): Promise<void> {
    const now = clock.nowIso();
    const userID = context.viewer.userID;
    await db.transaction().execute(async (trx) => {
      const scoped = repo.withTransaction(trx);
      const row = await storedOrThrow(layoutID, scoped);
      const values = await next(row, scoped);
      await scoped.update(layoutID, { ...values, updateUserID: userID, dateUpdated: now });
      await scoped.insertRevision({ ...values, layoutID, insertUserID: userID, dateInserted: now });
    });
    await changed(layoutID);
  }
}

export type LayoutsManager = ReturnType<typeof createLayoutsManager>;
