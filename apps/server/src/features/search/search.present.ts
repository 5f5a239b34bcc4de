import {
  groupPaths,
  groupPrivacies,
  knowledgePaths,
  profilePath,
  type GroupPrivacy,
  type SearchRecordType,
  type SearchResult,
  type UserFragment,
} from "@parley/contracts";
import { escapeHtml } from "../../platform/render/escape.ts";
import { censorText } from "../../platform/render/index.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import type { CategoryNode } from "../categories/index.ts";
import { categoryUrl } from "../categories/index.ts";
import { discussionUrl, slugify } from "../discussions/index.ts";
import type { SearchDetails, SearchHit } from "./search.driver.ts";
import { MARK_END, MARK_START } from "./search.text.ts";

const START = MARK_START.charCodeAt(0);
const END = MARK_END.charCodeAt(0);
const WHITESPACE = /\s+/g;

/** The excerpt as HTML: the text escaped, the driver's markers turned into `<mark>` (balanced). */
export function excerptHtml(excerpt: string): string {
  let open = false;
  let html = "";
  let from = 0;
  for (let at = 0; at <= excerpt.length; at++) {
    const code = at < excerpt.length ? excerpt.charCodeAt(at) : -1;
    if (code !== START && code !== END && code !== -1) continue;
    if (at > from) html += escapeHtml(excerpt.slice(from, at).replace(WHITESPACE, " "));
    from = at + 1;
    if (code === START) {
      if (!open) html += "<mark>";
      open = true;
    } else if (code === END) {
      if (open) html += "</mark>";
      open = false;
    }
  }
  return open ? `${html}</mark>` : html.trim();
}

type Crumb = { name: string; url: string };

/** A group's page (its slug as the groups' pages make it). */
const groupUrl = (origin: string, groupID: number, name: string) =>
  `${origin}${groupPaths.group(groupID, slugify(name) || "group")}`;

/**
 * Home › Groups, and the group when given: where groups and the posts in a group sit (as a group
 * discussion's own trail shows them).
 */
export function groupsTrail(origin: string, group: { groupID: number; name: string } | null): Crumb[] {
  const trail = [
    { name: "Home", url: `${origin}/` },
    { name: "Groups", url: `${origin}${groupPaths.list}` },
  ];
  if (group) trail.push({ name: group.name, url: groupUrl(origin, group.groupID, group.name) });
  return trail;
}

const isPrivacy = (value: string): value is GroupPrivacy => (groupPrivacies as readonly string[]).includes(value);

export interface SearchPresentContext {
  origin: string;
  categories: Map<number, CategoryNode>;
  breadcrumbs: Map<number, Crumb[]> | null;
  /** The page's groups' privacy and own category, by group. */
  groups: Map<number, { privacy: string; categoryID: number }>;
  users: Map<number, UserFragment> | null;
  details: Map<number, SearchDetails>;
  withBody: boolean;
  /** `expand=excerpt`: the excerpt again under its own name (Vanilla sends it only when asked). */
  withExcerpt: boolean;
}

/** Discussion types shown as labels (a plain discussion has none). */
const LABELLED_TYPES = new Set(["question", "idea", "poll"]);

export function presentSearchResult(hit: SearchHit, context: SearchPresentContext): SearchResult {
  const { origin } = context;
  const details = context.details.get(hit.docID);
  const excerpt = details ? excerptHtml(details.excerpt) : "";
  let name = hit.name;
  let url: string;
  if (hit.recordType === "comment") {
    name = details?.discussionName ?? "";
    url = `${origin}/discussion/comment/${hit.recordID}#Comment_${hit.recordID}`;
  } else if (hit.recordType === "discussion") {
    url = discussionUrl(origin, { discussionID: hit.recordID, name: hit.name });
  } else if (hit.recordType === "user") {
    url = `${origin}${profilePath(hit.name)}`;
  } else if (hit.recordType === "article") {
    url = `${origin}${knowledgePaths.article(hit.recordID, slugify(hit.name))}`;
  } else if (hit.recordType === "group") {
    url = groupUrl(origin, hit.recordID, hit.name);
  } else {
    const node = context.categories.get(hit.recordID);
    url = node ? categoryUrl(origin, node) : `${origin}/categories/${hit.recordID}`;
  }
  const isGroup = hit.recordType === "group";
  const group = isGroup ? context.groups.get(hit.recordID) : undefined;
  const groupOfCategory = hit.categoryID === null ? null : (context.categories.get(hit.categoryID)?.groupID ?? null);
  const result: SearchResult = {
    recordID: hit.recordID,
    recordType: hit.recordType as SearchRecordType,
    type: hit.type,
    // A discussion's title (a comment's result is named by it) with censored words masked, as discussions show it.
    name: hit.recordType === "discussion" || hit.recordType === "comment" ? censorText(name) : name,
    url,
    // A group's document names the category that decides who finds it; the result names the group's own.
    categoryID: isGroup ? (group?.categoryID ?? null) : hit.categoryID,
    discussionID: hit.discussionID,
    commentID: hit.recordType === "comment" ? hit.recordID : null,
    groupID: isGroup ? hit.recordID : groupOfCategory !== null && groupOfCategory > 0 ? groupOfCategory : null,
    insertUserID: hit.insertUserID,
    dateInserted: toRfc3339(hit.dateInserted),
    dateUpdated: hit.dateUpdated ? toRfc3339(hit.dateUpdated) : null,
    score: hit.score,
    labelCodes: LABELLED_TYPES.has(hit.type) ? [hit.type] : [],
    isForeign: false,
  };
  if (group && isPrivacy(group.privacy)) result.privacy = group.privacy;
  if (context.withBody) result.body = excerpt;
  if (context.withExcerpt) result.excerpt = excerpt;
  if (context.breadcrumbs && isGroup) result.breadcrumbs = groupsTrail(origin, null);
  else if (context.breadcrumbs && hit.categoryID !== null)
    result.breadcrumbs = context.breadcrumbs.get(hit.categoryID) ?? [];
  if (context.users && hit.insertUserID !== null) {
    const user = context.users.get(hit.insertUserID);
    if (user) result.insertUser = user;
  }
  return result;
}
