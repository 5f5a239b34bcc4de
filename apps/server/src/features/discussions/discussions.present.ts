import {
  ideaStatusOf,
  type Discussion,
  type IdeaAttributes,
  type IdeaStatus,
  type IdeaVote,
  type Poll,
  type QuestionAttributes,
  type QuestionStatus,
  type UserFragment,
} from "@parley/contracts";
import { toRfc3339 } from "../../platform/dates.ts";
import { parseAttributes } from "../../platform/records.ts";
import { censorText, renderBody, renderExcerpt, type PostFormat } from "../../platform/render/index.ts";
import type { CategoryNode } from "../categories/index.ts";
import { categoryUrl, unknownUser } from "./discussions.deps.ts";
import type { DiscussionRow, UserDiscussionRow } from "./discussions.repo.ts";

/**
 * Slugs made before, by title: every list and page makes one per discussion, and the Unicode normalising and
 * replacing was 4% of a member's list's CPU. Titles are short (a long name is not kept); the map starts over past
 * its bound.
 */
const slugs = new Map<string, string>();
const SLUGS_KEPT = 10_000;

/** `my-discussion-title` from a title: letters and digits, dashes between words, 80 characters at most. */
export function slugify(name: string): string {
  let slug = slugs.get(name);
  if (slug === undefined) {
    slug =
      name
        .normalize("NFKD")
        .replace(/[\u0300-\u036f]/g, "")
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, "-")
        .replace(/^-+|-+$/g, "")
        .slice(0, 80)
        .replace(/-+$/, "") || "discussion";
    if (name.length <= 500) {
      if (slugs.size >= SLUGS_KEPT) slugs.clear();
      slugs.set(name, slug);
    }
  }
  return slug;
}

export const discussionUrl = (origin: string, row: Pick<DiscussionRow, "discussionID" | "name">) =>
  `${origin}/discussion/${row.discussionID}/${slugify(censorText(row.name))}`;

/** Which expands a request asked for (reference §3's names; `all` for everything; `-x` drops a default one). */
export class Expansions {
  private readonly names: Set<string>;
  private readonly all: boolean;
  constructor(expand: string[] | undefined) {
    this.names = new Set(expand ?? []);
    this.all = this.names.has("all") || this.names.has("true") || this.names.has("1");
  }
  has(name: string): boolean {
    return this.all || this.names.has(name);
  }
  /** Included unless `-name` was passed (insertUser, lastUser, body). */
  hasDefault(name: string): boolean {
    return !this.names.has(`-${name}`);
  }
}

export interface DiscussionPresentContext {
  origin: string;
  expand: Expansions;
  category: CategoryNode | undefined;
  users: Map<number, UserFragment>;
  userState: UserDiscussionRow | undefined;
  signedIn: boolean;
  tags?: Array<{ tagID: number; name: string; urlcode: string }>;
  lastComment?: { commentID: number; insertUserID: number; dateInserted: string; body: string; format: string };
  breadcrumbs?: Array<{ name: string; url: string }>;
  permissions?: Record<string, boolean>;
  excerptLength?: number;
  reactions?: Discussion["reactions"];
  /** The QnA add-on is on: a question's record carries `attributes.question`. */
  questions?: boolean;
  /** The ideation add-on is on: an idea's record carries `attributes.idea`, with the viewer's vote when given. */
  ideas?: boolean;
  /** The idea statuses by ID (loaded once a list holds an idea); an idea without one has the default. */
  ideaStatuses?: Map<number, IdeaStatus>;
  ideaVote?: IdeaVote;
  /** The polls add-on is on and this is a poll: its record carries `attributes.poll`, as the viewer sees it. */
  poll?: Poll;
  /** The viewer triages (staff.allow): the record carries `resolved`, `resolvedUserID` and `dateResolved`. */
  triage?: boolean;
}

const date = (value: string | null) => (value === null ? null : toRfc3339(value));

/** The fields of a discussion record that are the viewer's own: read or not, bookmarked, muted, dismissed. */
export type ViewerFields = Pick<Discussion, "unread" | "countUnread" | "bookmarked" | "muted" | "dismissed">;

/** The viewer's own fields of a record, from their state of the discussion (`countUnread` for members only). */
export function viewerFields(
  row: Pick<DiscussionRow, "dateLastComment" | "countComments">,
  userState: UserDiscussionRow | undefined,
  signedIn: boolean,
): ViewerFields {
  const unread = signedIn && (!userState?.dateLastViewed || userState.dateLastViewed < row.dateLastComment);
  const fields: ViewerFields = {
    unread,
    bookmarked: userState?.bookmarked === 1,
    muted: userState?.muted === 1,
    dismissed: userState?.dismissed === 1,
  };
  if (signedIn) fields.countUnread = Math.max(0, unread ? row.countComments - (userState?.countComments ?? 0) : 0);
  return fields;
}

/** A discussion row → the API record, with the expands that were asked for. */
export function presentDiscussion(row: DiscussionRow, context: DiscussionPresentContext): Discussion {
  const { origin, expand, users, userState } = context;
  const url = discussionUrl(origin, row);
  const format = row.format as PostFormat;
  const user = (id: number | null) => (id === null ? unknownUser(origin) : (users.get(id) ?? unknownUser(origin)));
  const own = viewerFields(row, userState, context.signedIn);
  // Watched words to censor are masked in the title as in the body (the stored title keeps them).
  const name = censorText(row.name);
  const discussion: Discussion = {
    discussionID: row.discussionID,
    type: row.type,
    name,
    categoryID: row.categoryID,
    groupID: row.groupID ?? null,
    url,
    canonicalUrl: row.canonicalUrl ?? url,
    dateInserted: toRfc3339(row.dateInserted),
    dateUpdated: date(row.dateUpdated),
    dateLastComment: date(row.dateLastComment),
    insertUserID: row.insertUserID,
    updateUserID: row.updateUserID,
    lastUserID: row.lastUserID,
    countComments: row.countComments,
    countViews: row.countViews,
    unread: own.unread,
    closed: row.closed === 1,
    sink: row.sink === 1,
    pinned: row.announce > 0,
    pinLocation: row.announce === 1 ? "category" : row.announce === 2 ? "recent" : null,
    announce: row.announce > 0,
    score: row.score,
    bookmarked: own.bookmarked,
    muted: own.muted,
    dismissed: own.dismissed,
    attributes: parseAttributes(row.attributes),
  };
  if (context.triage) {
    discussion.resolved = row.resolved === 1;
    discussion.resolvedUserID = row.resolvedUserID;
    discussion.dateResolved = date(row.dateResolved);
  }
  if (context.questions && row.type === "question") {
    const question: QuestionAttributes = {
      status: (row.questionStatus ?? "unanswered") as QuestionStatus,
      dateAnswered: date(row.dateAnswered),
      dateAccepted: date(row.dateAccepted),
    };
    discussion.attributes = { ...discussion.attributes, question };
  }
  if (context.ideas && row.type === "idea") {
    const statuses = context.ideaStatuses ?? new Map<number, IdeaStatus>();
    const status =
      statuses.get(row.ideaStatusID ?? 0) ??
      [...statuses.values()].find((item) => item.isDefault) ??
      ideaStatusOf(row.ideaStatusID);
    const idea: IdeaAttributes = {
      statusID: status.statusID,
      status: { name: status.name, state: status.state },
      statusNotes: row.ideaStatusNotes,
      type: context.category?.ideationType === "up-down" ? "up-down" : "up",
      ...(context.ideaVote ? { vote: context.ideaVote } : {}),
    };
    discussion.attributes = { ...discussion.attributes, idea };
  }
  if (context.poll && row.type === "poll") discussion.attributes = { ...discussion.attributes, poll: context.poll };
  if (own.countUnread !== undefined) discussion.countUnread = own.countUnread;
  if (expand.hasDefault("body")) discussion.body = renderBody(row.body, format, { origin });
  if (expand.hasDefault("insertUser")) discussion.insertUser = user(row.insertUserID);
  if (expand.hasDefault("lastUser")) discussion.lastUser = user(row.lastUserID ?? row.insertUserID);
  if (expand.has("category") && context.category) {
    discussion.category = {
      categoryID: context.category.categoryID,
      name: context.category.name,
      url: categoryUrl(origin, context.category),
    };
  }
  if (expand.has("excerpt")) discussion.excerpt = renderExcerpt(row.body, format, context.excerptLength ?? 200);
  if (context.tags && (expand.has("tags") || expand.has("tagIDs"))) {
    if (expand.has("tags")) discussion.tags = context.tags;
    discussion.tagIDs = context.tags.map((tag) => tag.tagID);
  }
  if (expand.has("breadcrumbs") && context.breadcrumbs) discussion.breadcrumbs = context.breadcrumbs;
  if (expand.has("permissions") && context.permissions) discussion.permissions = context.permissions;
  if (context.reactions) discussion.reactions = context.reactions;
  if (expand.has("lastPost")) {
    const last = context.lastComment;
    discussion.lastPost = last
      ? {
          discussionID: row.discussionID,
          commentID: last.commentID,
          name: `Re: ${name}`,
          url: `${origin}/discussion/comment/${last.commentID}#Comment_${last.commentID}`,
          dateInserted: toRfc3339(last.dateInserted),
          insertUserID: last.insertUserID,
          ...(expand.has("lastPost.insertUser") || expand.hasDefault("insertUser")
            ? { insertUser: user(last.insertUserID) }
            : {}),
          ...(expand.has("lastPost.body")
            ? { body: renderBody(last.body, last.format as PostFormat, { origin }) }
            : {}),
        }
      : {
          discussionID: row.discussionID,
          name,
          url,
          dateInserted: toRfc3339(row.dateInserted),
          insertUserID: row.insertUserID,
          ...(expand.hasDefault("insertUser") ? { insertUser: user(row.insertUserID) } : {}),
        };
  }
  return discussion;
}
