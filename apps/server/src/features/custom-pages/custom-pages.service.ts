import {
  customPagePathProblem,
  type CustomPage,
  type CustomPageListQuery,
  type CustomPagePatch,
  type CustomPagePost,
  type FieldError,
  type LayoutWidget,
  type NavigationItem,
} from "@parley/contracts";
import type { Kysely } from "kysely";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Clock } from "../../platform/clock.ts";
import type { ContentChanges } from "../../platform/content-changes.ts";
import type { DB } from "../../platform/db/schema.ts";
import { fieldError, notFound, validationFailed } from "../../platform/errors.ts";
import type { EventBus } from "../../platform/events.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import type { CustomPageLayouts } from "../layouts/index.ts";
import { customPagesPolicy } from "./custom-pages.policy.ts";
import { presentCustomPage, rolesOf } from "./custom-pages.present.ts";
import type { CustomPageRow, CustomPagesRepo } from "./custom-pages.repo.ts";

export interface CustomPagesDeps {
  db: Kysely<DB>;
  repo: CustomPagesRepo;
  clock: Clock;
  events: EventBus;
  contentChanges: ContentChanges;
  layouts: CustomPageLayouts;
  /** The ids of the site's roles. */
  roleIDs(): Promise<number[]>;
  /** Whether a subcommunity's address is `/{segment}` (its pages take every address under it). */
  sectionFolder(segment: string): boolean;
}

const invalid = (field: string, message: string) => fieldError(field, "invalid", message, 422);

/** `about` and `/About/` are `/about`: one spelling per address. */
const normalizePath = (value: string) =>
  `/${value
    .trim()
    .toLowerCase()
    .replace(/^\/+|\/+$/g, "")}`;

/**
 * `/custom-pages` (issue 38, Vanilla's dashboard-custom-pages.yml): pages at addresses site managers pick, each with
 * its own layout. Writes and unpublished pages are for site managers; a page another viewer may not see is a 404.
 */
export function createCustomPagesService(deps: CustomPagesDeps) {
  const { db, repo, clock, events, layouts } = deps;

  // The pages the title bar links, read once and kept until a page or any content changes (on any process).
  let navigation: Promise<NavigationItem[]> | null = null;
  deps.contentChanges.on(() => {
    navigation = null;
  });
  const changed = async (layoutID: number) => {
    navigation = null;
    await events.emit("layout.changed", { layoutID });
  };

  const loadOrThrow = async (customPageID: number, scoped = repo) => {
    const row = await scoped.find(customPageID);
    if (!row) throw notFound("Custom page");
    return row;
  };

  /** The checked values of a post or patch, with an error per field (422); `current` is the page patched. */
  async function checkFields(body: CustomPagePatch, current: CustomPageRow | null) {
    const errors: FieldError[] = [];
    let urlcode: string | undefined;
    if (body.urlcode !== undefined) {
      urlcode = normalizePath(body.urlcode);
      const problem = customPagePathProblem(urlcode);
      const section = urlcode.split("/")[1] ?? "";
      if (problem) errors.push(invalid("urlcode", problem));
      else if (deps.sectionFolder(section))
        errors.push(invalid("urlcode", `The address /${section} is a subcommunity's.`));
      else {
        const other = await repo.findByPath(urlcode);
        if (other && other.customPageID !== current?.customPageID)
          errors.push(invalid("urlcode", `Another page has the address ${urlcode}.`));
      }
    }
    if (body.seoTitle !== undefined && !body.seoTitle.trim())
      errors.push(fieldError("seoTitle", "missingField", "The title is required.", 422));
    if (body.roleIDs?.length) {
      const known = new Set(await deps.roleIDs());
      const unknown = body.roleIDs.filter((roleID) => !known.has(roleID));
      if (unknown.length) errors.push(invalid("roleIDs", `There is no role ${unknown.join(", ")}.`));
    }
    let widgets: LayoutWidget[] | undefined;
    try {
      widgets =
        body.layoutData?.layout !== undefined || current === null
          ? layouts.check(body.layoutData?.layout, "layoutData.layout")
          : undefined;
    } catch (error) {
      const fields = (error as { errors?: FieldError[] }).errors;
      if (!Array.isArray(fields)) throw error;
      errors.push(...fields);
    }
    if (errors.length) throw validationFailed(errors);
    return { urlcode, widgets };
  }

  const layoutName = (title: string, name: string | undefined) => (name?.trim() || title.trim()).slice(0, 100);

  /** Whether the viewer may see the page: 404 when not (unknown, unpublished, or other roles'). */
  const visible = (row: CustomPageRow | undefined, viewer: Viewer): CustomPageRow => {
    if (!row || !customPagesPolicy.canView(viewer, { status: row.status, roleIDs: rolesOf(row) }))
      throw notFound("Page");
    return row;
  };

  return {
    /** `GET /custom-pages`: the pages the viewer may see, by address; `status=unpublished` for site managers. */
    async list(query: CustomPageListQuery, { viewer, origin }: RequestContext): Promise<CustomPage[]> {
      const statuses = query.status === undefined ? [] : [query.status].flat();
      if (statuses.includes("unpublished")) requireAccess(viewer, customPagesPolicy.canManage);
      const rows = await repo.list();
      return rows
        .filter((row) => statuses.length === 0 || (statuses as string[]).includes(row.status))
        .filter((row) => customPagesPolicy.canView(viewer, { status: row.status, roleIDs: rolesOf(row) }))
        .map((row) => presentCustomPage(row, origin));
    },

    /** `GET /custom-pages/{id}`: 404 for a page the viewer may not see. */
    async get(customPageID: number, { viewer, origin }: RequestContext): Promise<CustomPage> {
      return presentCustomPage(visible(await repo.find(customPageID), viewer), origin);
    },

    /** `POST /custom-pages`: the page and its own layout (the one given, or an empty one-column section). */
    async create(body: CustomPagePost, context: RequestContext): Promise<CustomPage> {
      requireAccess(context.viewer, customPagesPolicy.canManage);
      const { urlcode, widgets } = await checkFields(body, null);
      const now = clock.nowIso();
      const userID = context.viewer.userID;
      const customPageID = await db.transaction().execute(async (trx) => {
        const layoutID = await layouts.insert(trx, {
          name: layoutName(body.seoTitle, body.layoutData?.name),
          widgets: widgets!,
          userID,
          now,
        });
        return repo.withTransaction(trx).insert({
          urlcode: urlcode!,
          seoTitle: body.seoTitle.trim(),
          seoDescription: body.seoDescription.trim(),
          status: body.status ?? "unpublished",
          siteSectionID: body.siteSectionID ?? "0",
          roleIDs: JSON.stringify([...new Set(body.roleIDs ?? [])]),
          showInNavigation: body.showInNavigation ? 1 : 0,
          layoutID,
          insertUserID: userID,
          dateInserted: now,
          updateUserID: null,
          dateUpdated: null,
        });
      });
      const row = await loadOrThrow(customPageID);
      await changed(row.layoutID);
      return presentCustomPage(row, context.origin);
    },

    /** `PATCH /custom-pages/{id}`: only the fields given; new layout widgets are a new revision of its layout. */
    async update(customPageID: number, body: CustomPagePatch, context: RequestContext): Promise<CustomPage> {
      requireAccess(context.viewer, customPagesPolicy.canManage);
      const current = await loadOrThrow(customPageID);
      const { urlcode, widgets } = await checkFields(body, current);
      const now = clock.nowIso();
      const userID = context.viewer.userID;
      await db.transaction().execute(async (trx) => {
        await repo.withTransaction(trx).update(customPageID, {
          ...(urlcode !== undefined ? { urlcode } : {}),
          ...(body.seoTitle !== undefined ? { seoTitle: body.seoTitle.trim() } : {}),
          ...(body.seoDescription !== undefined ? { seoDescription: body.seoDescription.trim() } : {}),
          ...(body.status !== undefined ? { status: body.status } : {}),
          ...(body.siteSectionID !== undefined ? { siteSectionID: body.siteSectionID } : {}),
          ...(body.roleIDs !== undefined ? { roleIDs: JSON.stringify([...new Set(body.roleIDs)]) } : {}),
          ...(body.showInNavigation !== undefined ? { showInNavigation: body.showInNavigation ? 1 : 0 } : {}),
          updateUserID: userID,
          dateUpdated: now,
        });
        if (widgets || body.layoutData?.name !== undefined)
          await layouts.update(trx, current.layoutID, {
            name: layoutName(body.seoTitle ?? current.seoTitle, body.layoutData?.name),
            ...(widgets ? { widgets } : {}),
            userID,
            now,
          });
      });
      await changed(current.layoutID);
      return presentCustomPage(await loadOrThrow(customPageID), context.origin);
    },

    /** `DELETE /custom-pages/{id}`: the page and its layout. */
    async remove(customPageID: number, context: RequestContext): Promise<void> {
      requireAccess(context.viewer, customPagesPolicy.canManage);
      const current = await loadOrThrow(customPageID);
      await db.transaction().execute(async (trx) => {
        await repo.withTransaction(trx).remove(customPageID);
        await layouts.remove(trx, current.layoutID);
      });
      await changed(current.layoutID);
    },

    /** The page a layout lookup names (`path` and its address, `customPage` and its id), if the viewer may see it. */
    async forPage(recordType: string, recordID: string, viewer: Viewer) {
      const row =
        recordType === "path"
          ? await repo.findByPath(normalizePath(recordID))
          : recordType === "customPage" && /^[1-9]\d{0,9}$/.test(recordID) && Number(recordID) <= 2_147_483_647
            ? await repo.find(Number(recordID))
            : undefined;
      const page = visible(row, viewer);
      return {
        customPageID: page.customPageID,
        layoutID: page.layoutID,
        seoTitle: page.seoTitle,
        seoDescription: page.seoDescription,
        urlcode: page.urlcode,
        published: page.status === "published",
      };
    },

    /** The published pages shown in the title bar's navigation, limited to their roles. */
    navigation(): Promise<NavigationItem[]> {
      navigation ??= repo.list().then((rows) =>
        rows
          .filter((row) => row.status === "published" && row.showInNavigation === 1)
          .map((row) => {
            const roleIDs = rolesOf(row);
            return {
              id: `customPage-${row.customPageID}`,
              name: row.seoTitle,
              url: row.urlcode,
              recordType: "customPage",
              recordID: row.customPageID,
              ...(roleIDs.length ? { roleIDs } : {}),
            };
          }),
      );
      const pending = navigation;
      pending.catch(() => {
        if (navigation === pending) navigation = null;
      });
      return pending;
    },

    /** Every published page everyone may see (no roles named): the sitemap's. */
    async publicPaths(): Promise<string[]> {
      return (await repo.list())
        .filter((row) => row.status === "published" && rolesOf(row).length === 0)
        .map((row) => row.urlcode);
    },

    /** Whether a page's address is `/{folder}` or under it (a subcommunity there would hide it). */
    async takesFolder(folder: string): Promise<boolean> {
      return (await repo.list()).some((row) => row.urlcode === `/${folder}` || row.urlcode.startsWith(`/${folder}/`));
    },
  };
}

export type CustomPagesService = ReturnType<typeof createCustomPagesService>;
