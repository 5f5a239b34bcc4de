import { premoderationSettingKeys, type PremoderationReason } from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import type { ScreenInput } from "../../platform/screening.ts";
import type { SpamResult } from "./spam.check.ts";
import { linksOf } from "./spam.filter.ts";
import { spamPolicy } from "./spam.policy.ts";
import type { WordMatch } from "./spam.words.ts";

const HELD_KINDS = new Set(["discussion", "comment"]);

/** What the rules need of the author (the spam repo's `author`). */
interface PostAuthor {
  isAdmin: number;
  countDiscussions: number;
  countComments: number;
}

/**
 * Why a new discussion or comment is held for a moderator (the premoderation queue, issue 30), in Vanilla's
 * terms: the author's role requires approval (`approval.require`); the author is new (fewer published posts
 * than `premoderation.newMemberPosts`); the post has more links than `premoderation.maxLinks`; a watched word
 * requires approval; the spam check said maybe or spam. Moderators (community.moderate, or posts.moderate in
 * the post's category) and administrators are never held. An edit of a published post is held for its new
 * text only (links, watched words, the spam check; `input.fields` are the fields it changes).
 */
export async function premoderationReasons(
  platform: Platform,
  input: ScreenInput,
  author: PostAuthor | undefined,
  approvalWords: WordMatch[],
  spam: SpamResult | null,
): Promise<PremoderationReason[]> {
  const { viewer } = input.context;
  if (!HELD_KINDS.has(input.kind) || !author || viewer.userID === 0) return [];
  if (
    author.isAdmin >= 1 ||
    spamPolicy.skipsPremoderation(viewer) ||
    (input.categoryID !== undefined && spamPolicy.moderatesPostsIn(viewer, input.categoryID))
  )
    return [];
  const reasons: PremoderationReason[] = [];
  // An edit (Vanilla's `isPendingUpdate`) is held for what its new text says, not for who wrote it.
  const edit = input.edit === true;
  if (!edit && spamPolicy.requiresApproval(viewer))
    reasons.push({ premoderationType: "premoderatedRole", description: "The author's role requires approval." });
  const [newMemberPosts, maxLinks] = await Promise.all([
    platform.siteConfig.get(premoderationSettingKeys.newMemberPosts),
    platform.siteConfig.get(premoderationSettingKeys.maxLinks),
  ]);
  const published = author.countDiscussions + author.countComments;
  if (!edit && newMemberPosts > 0 && published < newMemberPosts)
    reasons.push({
      premoderationType: "premoderatedNewMember",
      description: `A new member: ${published} published posts (fewer than ${newMemberPosts}).`,
    });
  const links = linksOf(Object.values(input.fields).filter(Boolean).join("\n")).links;
  if (maxLinks > 0 && links > maxLinks)
    reasons.push({ premoderationType: "premoderatedLinks", description: `${links} links (more than ${maxLinks}).` });
  if (approvalWords.length)
    reasons.push({
      premoderationType: "premoderatedKeyword",
      description: `Watched words requiring approval: ${[...new Set(approvalWords.map((match) => match.word))].join(", ")}.`,
    });
  if (spam && spam.verdict !== "ham")
    reasons.push({
      premoderationType: "premoderatedSpam",
      description: `The spam check says ${spam.verdict}: ${spam.reasons.join("; ")}.`,
    });
  return reasons;
}
