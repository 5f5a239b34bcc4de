import { discussionTypes, groupMessages, type DiscussionPost } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { assertAccountUsable } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { fieldError, HttpError, validationFailed } from "../../platform/errors.ts";
import { normalizeFormat } from "../../platform/render/index.ts";
import type { DiscussionsDeps } from "./discussions.operation.ts";
import { discussionsPolicy as policy } from "./discussions.policy.ts";

/*
 * The rules of a post that creating and editing a discussion share: the category it may go to, its
 * format, how it is pinned, and the categories above it (whose counts it changes).
 */

export const ANNOUNCE = { none: 0, category: 1, recent: 2 } as const;

/** announce from the post's `pinned` / `pinLocation` / `announce` (old-style 0/1/2 or boolean). */
export function announceOf(body: Pick<DiscussionPost, "pinned" | "pinLocation" | "announce">): number | undefined {
  if (body.pinLocation !== undefined) return body.pinLocation === null ? ANNOUNCE.none : ANNOUNCE[body.pinLocation];
  if (body.pinned !== undefined) return body.pinned ? ANNOUNCE.category : ANNOUNCE.none;
  if (body.announce !== undefined) {
    if (typeof body.announce === "boolean") return body.announce ? ANNOUNCE.category : ANNOUNCE.none;
    return body.announce;
  }
  return undefined;
}

/** The category a post may go to: exists, is not the root, takes discussions, and the viewer may post there. */
export async function requirePostableCategory(
  { categories }: Pick<DiscussionsDeps, "categories">,
  categoryID: number,
  viewer: Viewer,
) {
  const node = await categories.get(categoryID);
  if (!node || node.categoryID === -1)
    throw validationFailed([fieldError("categoryID", "invalid", "The category does not exist.")]);
  // A group's category: its members (and groups.moderate) post there.
  if (node.groupID && !policy.canAdd(viewer, categoryID)) {
    assertAccountUsable(viewer);
    throw new HttpError(403, groupMessages.membersOnly);
  }
  requireAccess(viewer, policy.canAdd, categoryID);
  if (node.displayAs === "categories" || node.displayAs === "heading") {
    throw validationFailed([fieldError("categoryID", "invalid", "You cannot post discussions in this category.")]);
  }
  if (node.isArchived) throw new HttpError(403, "This category is archived.");
  return node;
}

/** The discussion types of the posts themselves: any other type asked for is an ordinary discussion. */
export const typeOf = (type: string | undefined, fallback = "discussion"): string =>
  type !== undefined && (discussionTypes as readonly string[]).includes(type) ? type : fallback;

/**
 * A discussion of this type may be in the category: one of the types it takes (`allowedDiscussionTypes`; null: every
 * type). Otherwise a 400 on `field` (the type, or the category it would go to) naming what the category takes.
 */
export function requireAllowedType(
  node: { name: string; allowedDiscussionTypes: string[] | null },
  type: string,
  field: "type" | "categoryID",
): void {
  const allowed = node.allowedDiscussionTypes;
  if (allowed === null || allowed.includes(type)) return;
  throw validationFailed([
    fieldError(
      field,
      "invalid",
      `The category "${node.name}" does not take posts of type "${type}". It takes: ${allowed.join(", ")}.`,
    ),
  ]);
}

/** `categoryID`, or the category of `groupID` (which must then be the same when both are given). */
export async function postCategoryOf(
  { categories }: Pick<DiscussionsDeps, "categories">,
  body: Pick<DiscussionPost, "categoryID" | "groupID">,
): Promise<number> {
  if (body.groupID === undefined) {
    if (body.categoryID === undefined)
      throw validationFailed([fieldError("categoryID", "missingField", "categoryID is required.")]);
    return body.categoryID;
  }
  const [categoryID] = await categories.ofGroups([body.groupID]);
  if (categoryID === undefined) throw new HttpError(404, groupMessages.notFound);
  if (body.categoryID !== undefined && body.categoryID !== categoryID)
    throw validationFailed([fieldError("categoryID", "invalid", "The category is not the group's.")]);
  return categoryID;
}

/** A category and its ancestors, the category first (for the counts up the tree). */
export async function ancestry({ categories }: Pick<DiscussionsDeps, "categories">, categoryID: number) {
  const out: number[] = [];
  let node = await categories.get(categoryID);
  while (node && node.categoryID !== -1) {
    out.push(node.categoryID);
    node = node.parentCategoryID === null ? undefined : await categories.get(node.parentCategoryID);
  }
  return out;
}

export function checkFormat(format: string): string {
  const normalized = normalizeFormat(format);
  if (!normalized) throw validationFailed([fieldError("format", "invalid", "format is not a valid format.")]);
  return normalized;
}
