import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import { fieldError, validationFailed } from "../../platform/errors.ts";
import { normalizeFormat, postMedia } from "../../platform/render/index.ts";
import { usersPolicy } from "./users.policy.ts";

/*
 * Ranks' abilities (the ranks add-on, as Vanilla's): what a member's rank allows beyond the site's rules. A rank may
 * refuse its members' links (Vanilla's "Links") and give them an edit window of its own; moderators and site
 * managers are held to neither. Read from the viewer's rank when the add-on is on; otherwise nothing changes.
 */

interface RankAbilities {
  postLinks: boolean;
  editContentTimeout: number | null;
}

const rankLinksMessage = "Your rank may not post links yet. Take the links out of your post.";

const exempt = (viewer: Viewer) => viewer.user === null || usersPolicy.skipsRankAbilities(viewer);

async function abilitiesOf(
  platform: Pick<Platform, "db" | "siteConfig">,
  viewer: Viewer,
): Promise<RankAbilities | null> {
  const rankID = viewer.user?.rankID ?? null;
  if (rankID === null || !(await platform.siteConfig.get("ranks.enabled"))) return null;
  const row = await platform.db
    .selectFrom("ranks")
    .select(["postLinks", "editContentTimeout"])
    .where("rankID", "=", rankID)
    .executeTakeFirst();
  return row ? { postLinks: row.postLinks === 1, editContentTimeout: row.editContentTimeout } : null;
}

/**
 * How long (seconds, -1 no limit) the viewer may edit their own posts: their rank's edit window when it sets one,
 * otherwise the site's `ui.editContentTimeout`.
 */
export async function editWindowFor(platform: Pick<Platform, "db" | "siteConfig">, viewer: Viewer): Promise<number> {
  const own = exempt(viewer) ? null : ((await abilitiesOf(platform, viewer))?.editContentTimeout ?? null);
  return own ?? (await platform.siteConfig.get("ui.editContentTimeout"));
}

/** Before a discussion or comment is written or edited: a 422 on `body` when it holds a link the rank refuses. */
export async function checkRankLinks(
  platform: Pick<Platform, "db" | "siteConfig">,
  viewer: Viewer,
  post: { body: string; format: string },
): Promise<void> {
  if (exempt(viewer)) return;
  const abilities = await abilitiesOf(platform, viewer);
  if (!abilities || abilities.postLinks) return;
  if (postMedia(post.body, normalizeFormat(post.format) ?? "text").links > 0)
    throw validationFailed([fieldError("body", "invalid", rankLinksMessage, 422)]);
}
