import {
  dirtyRecordRules,
  limits,
  resourceRecordTypes,
  type DirtyRecord,
  type DirtyRecordListQuery,
  type Resource,
  type ResourceFragment,
  type ResourceRecordType,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Clock } from "../../platform/clock.ts";
import { notFound } from "../../platform/errors.ts";
import { parseDateFilter } from "../../platform/http/filters.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { resourcesPolicy as policy } from "./resources.policy.ts";
import type { ResourcesRepo } from "./resources.repo.ts";

/** A record type's ids, from the table's owner: lowest, highest and how many. */
type IdRange = () => Promise<{ min: number; max: number; count: number }>;

/** How each crawlable record type is crawled: the list (its path and query), the id it pages by, its ids. */
export type CrawlSources = Partial<Record<ResourceRecordType, { path: string; parameter: string; range: IdRange }>>;

const isRecordType = (value: string): value is ResourceRecordType =>
  (resourceRecordTypes as readonly string[]).includes(value);

/** `/resources`: the record types, how to crawl them, and their dirty records (site managers). */
export function createResourcesService(repo: ResourcesRepo, crawl: CrawlSources, clock: Clock) {
  const recordTypeOf = (value: string): ResourceRecordType => {
    if (!isRecordType(value)) throw notFound("Resource");
    return value;
  };

  return {
    /** Marks a record dirty (the event listeners); unknown types are not resources. */
    mark: (recordType: ResourceRecordType, recordID: number) => repo.mark(recordType, recordID, clock.nowIso()),

    list(query: { crawlable?: boolean }, context: RequestContext): ResourceFragment[] {
      requireAccess(context.viewer, policy.canRead);
      return resourceRecordTypes
        .map((recordType) => ({
          recordType,
          url: `${context.origin}/api/v2/resources/${recordType}`,
          crawlable: crawl[recordType] !== undefined,
        }))
        .filter((item) => query.crawlable === undefined || item.crawlable === query.crawlable);
    },

    async get(recordType: string, expand: string[] | undefined, context: RequestContext): Promise<Resource> {
      requireAccess(context.viewer, policy.canRead);
      const type = recordTypeOf(recordType);
      const source = crawl[type];
      const wanted = (expand ?? []).some((name) => name === "crawl" || name === "all");
      if (!source || !wanted) return { recordType: type };
      const range = await source.range();
      return {
        recordType: type,
        crawl: { url: `${context.origin}${source.path}`, parameter: source.parameter, ...range },
      };
    },

    async dirtyRecords(recordType: string, query: DirtyRecordListQuery, context: RequestContext) {
      requireAccess(context.viewer, policy.canRead);
      const type = recordTypeOf(recordType);
      const page = query.page ?? limits.api.defaultPage;
      const limit = query.limit ?? dirtyRecordRules.defaultLimit;
      const { rows, total } = await repo.page(type, (page - 1) * limit, limit);
      const items: DirtyRecord[] = rows.map((row) => ({
        recordType: row.recordType,
        recordID: row.recordID,
        dateInserted: new Date(row.dateInserted).toISOString(),
      }));
      return { items, page, limit, total };
    },

    async clear(recordType: string, dateInserted: string | undefined, context: RequestContext): Promise<void> {
      requireAccess(context.viewer, policy.canClear);
      const type = recordTypeOf(recordType);
      const conditions = dateInserted === undefined ? [] : parseDateFilter("dateInserted", dateInserted);
      await repo.clear(type, conditions);
    },
  };
}

export type ResourcesService = ReturnType<typeof createResourcesService>;
