import { limits, type CommentThreadHole, type CommentThreadItem, type UserFragment } from "@parley/contracts";
import type { ReplyRow } from "./comments.repo.ts";

/** A hole before its authors are known: the first five of them by ID, resolved later. */
export type PendingHole = Omit<CommentThreadHole, "insertUsers" | "apiUrl"> & { insertUserIDs: number[] };

interface PendingComment {
  type: "comment";
  commentID: number;
  /** Absent for a comment on the discussion itself, as on the comment's record. */
  parentCommentID?: number;
  depth: number;
  children: PendingItem[];
}

export type PendingItem = PendingComment | PendingHole;

export interface ThreadShape {
  /** The comments of the page, in order: the first level of the structure. */
  top: Array<{ commentID: number; parentCommentID: number | null; insertUserID: number }>;
  /** Every reply under them, at any depth, in the thread's order. */
  replies: ReplyRow[];
  /** The depth of the comment whose replies the page is (0 for a discussion's top-level comments). */
  baseDepth: number;
  /** From this depth (the page's level is 1) replies are folded into holes. */
  collapseChildDepth: number;
  /** Replies shown under a comment above that depth; the rest are folded. */
  collapseChildLimit: number;
  /** Comments that must be shown (a focused comment and the comments above it). */
  focus: ReadonlySet<number>;
}

/**
 * The structure of a thread's page (Vanilla's `/comments/thread`): every comment of the page, then
 * their replies, level by level. Below the page's level a comment shows its first `collapseChildLimit`
 * replies while their level is under `collapseChildDepth`; from there on the rest of its replies, with
 * everything under them, become one hole, which counts them and their authors. A comment of `focus`
 * is never folded (nor are the replies before it). Returns the structure and the comments it shows.
 */
export function buildThread(shape: ThreadShape): { items: PendingItem[]; shownReplyIDs: number[] } {
  const repliesOf = new Map<number, ReplyRow[]>();
  for (const reply of shape.replies) {
    const siblings = repliesOf.get(reply.parentCommentID);
    if (siblings) siblings.push(reply);
    else repliesOf.set(reply.parentCommentID, [reply]);
  }
  const shownReplyIDs: number[] = [];

  /** The replies under these, at any depth, and their authors in order. */
  const under = (rows: ReplyRow[]) => {
    let count = 0;
    const authors: number[] = [];
    const seen = new Set<number>();
    const visit = (row: ReplyRow) => {
      count++;
      if (!seen.has(row.insertUserID)) {
        seen.add(row.insertUserID);
        authors.push(row.insertUserID);
      }
      for (const child of repliesOf.get(row.commentID) ?? []) visit(child);
    };
    rows.forEach(visit);
    return { count, authors };
  };

  const level = (parentCommentID: number, relativeDepth: number): PendingItem[] => {
    const siblings = repliesOf.get(parentCommentID) ?? [];
    let lastFocused = -1;
    siblings.forEach((row, index) => {
      if (shape.focus.has(row.commentID)) lastFocused = index;
    });
    const items: PendingItem[] = [];
    for (let index = 0; index < siblings.length; index++) {
      const row = siblings[index]!;
      const shown =
        (relativeDepth < shape.collapseChildDepth && index < shape.collapseChildLimit) || index <= lastFocused;
      if (!shown) {
        const folded = under(siblings.slice(index));
        items.push({
          type: "hole",
          parentCommentID,
          offset: index,
          depth: shape.baseDepth + relativeDepth,
          countAllComments: folded.count,
          countAllInsertUsers: folded.authors.length,
          insertUserIDs: folded.authors.slice(0, limits.commentThread.holeAuthors),
        });
        break;
      }
      shownReplyIDs.push(row.commentID);
      items.push({
        type: "comment",
        commentID: row.commentID,
        parentCommentID,
        depth: shape.baseDepth + relativeDepth,
        children: level(row.commentID, relativeDepth + 1),
      });
    }
    return items;
  };

  const items: PendingItem[] = shape.top.map((comment) => ({
    type: "comment",
    commentID: comment.commentID,
    ...(comment.parentCommentID === null ? {} : { parentCommentID: comment.parentCommentID }),
    depth: shape.baseDepth + 1,
    children: level(comment.commentID, 2),
  }));
  return { items, shownReplyIDs };
}

/** The authors the structure's holes name (for one query of their fragments). */
export function holeAuthors(items: PendingItem[]): number[] {
  const ids = new Set<number>();
  const visit = (item: PendingItem) => {
    if (item.type === "hole") item.insertUserIDs.forEach((id) => ids.add(id));
    else item.children.forEach(visit);
  };
  items.forEach(visit);
  return [...ids];
}

/** The structure as the API answers it: each hole with its authors and the call that opens it. */
export function finishThread(
  items: PendingItem[],
  users: Map<number, UserFragment>,
  apiUrl: (hole: PendingHole) => string,
): CommentThreadItem[] {
  return items.map((item) => {
    if (item.type === "comment") return { ...item, children: finishThread(item.children, users, apiUrl) };
    const { insertUserIDs, ...hole } = item;
    return {
      ...hole,
      insertUsers: insertUserIDs.flatMap((id) => (users.has(id) ? [users.get(id)!] : [])),
      apiUrl: apiUrl(item),
    };
  });
}
