import { Type, type Static } from "typebox";
import { Limit, Page } from "./pagination.ts";

/*
 * `/resources` (Vanilla's dashboard-resources.yml): the record types an outside index may crawl, each with where
 * to crawl it, and their "dirty records": records created, changed or deleted since the index last cleared them.
 */

/** The record types a resource answers for, by Vanilla's slugs. */
export const resourceRecordTypes = ["discussion", "comment", "user", "category"] as const;
export type ResourceRecordType = (typeof resourceRecordTypes)[number];

/** Dirty records a page lists at most, and by default. */
export const dirtyRecordRules = { maxLimit: 500, defaultLimit: 100 } as const;

export const ResourceFragment = Type.Object({
  recordType: Type.String({ description: "The record type: the resource's id." }),
  url: Type.String({ format: "uri", description: "The resource's own address (`GET /resources/{recordType}`)." }),
  crawlable: Type.Boolean({ description: "Whether the resource has crawl information." }),
});
export type ResourceFragment = Static<typeof ResourceFragment>;

export const ResourceCrawl = Type.Object({
  url: Type.String({ format: "uri", description: "The list to crawl, in the order of `parameter`." }),
  parameter: Type.String({ description: "The id the crawl pages by (a range: `discussionID=1..100`)." }),
  min: Type.Integer({ description: "The lowest id (0 when there is none)." }),
  max: Type.Integer({ description: "The highest id (0 when there is none)." }),
  count: Type.Integer({ description: "How many records there are." }),
});

export const Resource = Type.Object({
  recordType: Type.String(),
  crawl: Type.Optional(ResourceCrawl),
});
export type Resource = Static<typeof Resource>;

export const ResourceListQuery = Type.Object({
  crawlable: Type.Optional(
    Type.Boolean({ description: "Only the resources with (true) or without (false) crawl information." }),
  ),
});

export const ResourceParams = Type.Object({ recordType: Type.String({ minLength: 1, maxLength: 50 }) });

export const ResourceGetQuery = Type.Object({
  expand: Type.Optional(
    Type.Array(Type.Enum(["all", "crawl"]), { description: "`crawl` (or `all`): the crawl information." }),
  ),
});

export const DirtyRecord = Type.Object({
  recordType: Type.String(),
  recordID: Type.Integer(),
  dateInserted: Type.String({ format: "date-time", description: "When the record last changed." }),
});
export type DirtyRecord = Static<typeof DirtyRecord>;

export const DirtyRecordListQuery = Type.Object({
  page: Type.Optional(Page),
  limit: Type.Optional(Limit(dirtyRecordRules.maxLimit, dirtyRecordRules.defaultLimit)),
});
export type DirtyRecordListQuery = Static<typeof DirtyRecordListQuery>;

export const DirtyRecordDeleteQuery = Type.Object({
  dateInserted: Type.Optional(
    Type.String({
      maxLength: 100,
      description: "Only those dirtied at these dates: a date, `[d1,d2]`, or `<=d` (the records changed since stay).",
    }),
  ),
});
