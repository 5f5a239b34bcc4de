import type { Tag, TagListQuery, TagMerge, TagPost } from "@parley/contracts";
import type { Clock } from "../../platform/clock.ts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import { conflict, fieldError, notFound, validationFailed } from "../../platform/errors.ts";
import type { SiteConfig } from "../../platform/site-config.ts";
import { HttpError } from "../../platform/errors.ts";
import type { RequestContext as TagRequestContext } from "../../platform/http/request-context.ts";
import { storableText } from "../../platform/text.ts";
import { tagsPolicy } from "./tags.policy.ts";
import { tagUrlcode, type TagRow, type TagsRepo } from "./tags.repo.ts";

const presentTag = (row: TagRow, origin: string): Tag => ({
  tagID: row.tagID,
  id: row.tagID,
  name: row.name,
  urlcode: row.urlcode,
  urlCode: row.urlcode,
  parentTagID: row.parentTagID,
  type: row.type,
  url: `${origin}/discussions/tagged/${encodeURIComponent(row.urlcode)}`,
  countDiscussions: row.countDiscussions,
  dateInserted: toRfc3339(row.dateInserted),
});

/**
 * A `siteSectionID` filter's categories (a subcommunity's root and its descendants); null for the whole site, a 404
 * for an unknown section.
 */
export type SectionCategories = (siteSectionID: string | undefined) => Promise<readonly number[] | null>;

/** Tags: listing and prefix search for the tag picker, admin upkeep, and tagging discussions. */
export function createTagsService(
  repo: TagsRepo,
  siteConfig: SiteConfig,
  clock: Clock,
  sectionCategories: SectionCategories = async () => null,
) {
  const requireTagging = async () => {
    if (!(await siteConfig.get("tagging.enabled"))) throw new HttpError(403, "Tagging is not enabled.");
  };

  return {
    async list(query: TagListQuery, context: TagRequestContext) {
      const page = query.page ?? 1;
      const limit = query.limit ?? 20;
      const categoryIDs = await sectionCategories(query.siteSectionID);
      const filters = {
        ...(categoryIDs ? { categoryIDs } : {}),
        ...(query.query ? { query: query.query } : {}),
        ...(query.tagID ? { tagIDs: query.tagID } : {}),
        ...(query.excludeNoCountDiscussion ? { excludeEmpty: true } : {}),
      };
      const [rows, total] = await Promise.all([repo.list(filters, (page - 1) * limit, limit), repo.count(filters)]);
      return { items: rows.map((row) => presentTag(row, context.origin)), page, limit, total };
    },

    async get(tagID: number, context: TagRequestContext): Promise<Tag> {
      const row = await repo.findById(tagID);
      if (!row) throw notFound("Tag");
      return presentTag(row, context.origin);
    },

    /** A discussion tag (not a reaction type's) by id, URL code or name, for its list page; null when there is none. */
    async find(idOrCode: number | string): Promise<{ tagID: number; name: string; urlcode: string } | null> {
      const rows =
        typeof idOrCode === "number"
          ? [await repo.findById(idOrCode)]
          : await repo.findByUrlcodes([...new Set([idOrCode, tagUrlcode(idOrCode)])]);
      const row = rows.find((candidate) => candidate?.type === "");
      return row ? { tagID: row.tagID, name: row.name, urlcode: row.urlcode } : null;
    },

    async create(body: TagPost, context: TagRequestContext): Promise<Tag> {
      const { viewer, origin } = context;
      requireAccess(viewer, tagsPolicy.canCreate);
      const urlcode = body.urlcode ?? tagUrlcode(body.name);
      if ((await repo.findByUrlcodes([urlcode])).length) {
        throw validationFailed([fieldError("urlcode", "invalid", "A tag with that URL code already exists.")]);
      }
      const row = await repo.insert({
        name: storableText(body.name).trim(),
        urlcode,
        type: "",
        parentTagID: body.parentTagID ?? null,
        countDiscussions: 0,
        dateInserted: clock.nowIso(),
        insertUserID: viewer.userID,
      });
      return presentTag(row, origin);
    },

    async patch(tagID: number, body: Partial<TagPost>, context: TagRequestContext): Promise<Tag> {
      requireAccess(context.viewer, tagsPolicy.canManage);
      const row = await repo.findById(tagID);
      if (!row) throw notFound("Tag");
      if (
        body.urlcode !== undefined &&
        (await repo.findByUrlcodes([body.urlcode])).some((tag) => tag.tagID !== tagID)
      ) {
        throw validationFailed([fieldError("urlcode", "invalid", "A tag with that URL code already exists.")]);
      }
      await repo.update(tagID, {
        ...(body.name !== undefined ? { name: storableText(body.name).trim() } : {}),
        ...(body.urlcode !== undefined ? { urlcode: body.urlcode } : {}),
        ...(body.parentTagID !== undefined ? { parentTagID: body.parentTagID } : {}),
      });
      return presentTag((await repo.findById(tagID))!, context.origin);
    },

    async remove(tagID: number, context: TagRequestContext): Promise<void> {
      requireAccess(context.viewer, tagsPolicy.canManage);
      const row = await repo.findById(tagID);
      if (!row) throw notFound("Tag");
      if (row.countDiscussions > 0) throw conflict("Tag isn't empty.");
      await repo.remove(tagID);
    },

    /** Merges a tag into another (community.manage): its discussions take the other; answers the other. */
    async merge(tagID: number, body: TagMerge, context: TagRequestContext): Promise<Tag> {
      requireAccess(context.viewer, tagsPolicy.canManage);
      if (body.tagID === tagID)
        throw validationFailed([fieldError("tagID", "invalid", "A tag cannot be merged into itself.")]);
      const [from, to] = await Promise.all([repo.findById(tagID), repo.findById(body.tagID)]);
      if (!from) throw notFound("Tag");
      if (!to) throw validationFailed([fieldError("tagID", "invalid", "The tag to merge into was not found.")]);
      await repo.merge(tagID, body.tagID);
      return presentTag((await repo.findById(body.tagID))!, context.origin);
    },

    /**
     * The tag ids a post asks for: existing ids must exist; new names need tags.add and reuse a tag
     * with the same urlcode when there is one. Runs inside the post's transaction, so it queries only
     * through `scoped`: the caller checks `requireTagging()` before opening the transaction (on SQLite
     * the transaction holds the only connection, and a site-config read outside it would wait forever).
     */
    async resolveForPost(scoped: TagsRepo, viewer: Viewer, tagIDs: number[], newTagNames: string[]): Promise<number[]> {
      if (tagIDs.length === 0 && newTagNames.length === 0) return [];
      const found = await scoped.findByIds(tagIDs);
      const missing = tagIDs.filter((id) => !found.some((tag) => tag.tagID === id));
      if (missing.length)
        throw validationFailed([fieldError("tagIDs", "invalid", `Unknown tag: ${missing.join(", ")}.`)]);
      const ids = new Set(tagIDs);
      if (newTagNames.length) {
        requireAccess(viewer, tagsPolicy.canAddNew);
        for (const name of newTagNames.map((value) => storableText(value).trim()).filter(Boolean)) {
          const urlcode = tagUrlcode(name);
          const existing = (await scoped.findByUrlcodes([urlcode]))[0];
          const tag =
            existing ??
            (await scoped.insert({
              name,
              urlcode,
              type: "",
              parentTagID: null,
              countDiscussions: 0,
              dateInserted: clock.nowIso(),
              insertUserID: viewer.userID,
            }));
          ids.add(tag.tagID);
        }
      }
      return [...ids];
    },
    requireTagging,
  };
}

export type TagsService = ReturnType<typeof createTagsService>;
