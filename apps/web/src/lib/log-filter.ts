/** What a /log/filter address asks for (spec §2's two addresses), with its page. */
export type LogFilter =
  | { kind: "revisions"; discussionID: number; page: number }
  | { kind: "deletedComments"; discussionID: number; page: number };

const id = (raw: string | null) => (raw !== null && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

/**
 * `?recordType=discussion&recordID={id}` (revisions) or
 * `?parentRecordID={id}&recordType=comment&operation=delete` (deleted comments), with `page`
 * (1 by default); null for any other query.
 */
export function readLogFilter(search: URLSearchParams): LogFilter | null {
  const rawPage = search.get("page");
  const page = rawPage === null || rawPage === "" ? 1 : id(rawPage);
  if (page === null) return null;
  const recordType = search.get("recordType");
  if (recordType === "discussion") {
    const discussionID = id(search.get("recordID"));
    return discussionID === null ? null : { kind: "revisions", discussionID, page };
  }
  if (recordType === "comment" && search.get("operation") === "delete") {
    const discussionID = id(search.get("parentRecordID"));
    return discussionID === null ? null : { kind: "deletedComments", discussionID, page };
  }
  return null;
}

/** The address of a filter's page (the canonical one: page 1 has no `page`). */
export function logFilterPath(filter: LogFilter, page = filter.page): string {
  const search =
    filter.kind === "revisions"
      ? `recordType=discussion&recordID=${filter.discussionID}`
      : `parentRecordID=${filter.discussionID}&recordType=comment&operation=delete`;
  return `/log/filter?${search}${page > 1 ? `&page=${page}` : ""}`;
}
