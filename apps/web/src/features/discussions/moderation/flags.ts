import type { Discussion } from "@parley/contracts";
import { updateDiscussionEverywhere } from "../components/discussionCache.ts";
import { errorText } from "../components/errorText.ts";
import { discussionKeys } from "../discussions.queries.ts";
import type { DiscussionActionTools } from "./actions.registry.ts";

/** The fields a moderation call may change on the cached record. */
const changedFields = [
  "closed",
  "sink",
  "resolved",
  "pinned",
  "pinLocation",
  "announce",
  "dismissed",
  "categoryID",
  "category",
  "type",
  "tags",
  "tagIDs",
  "dateLastComment",
] as const satisfies ReadonlyArray<keyof Discussion>;

/** Only the changed fields of a record the server answered (its expands may differ from the cached one). */
const pickChanges = (record: Partial<Discussion>): Partial<Discussion> =>
  Object.fromEntries(changedFields.filter((field) => record[field] !== undefined).map((f) => [f, record[f]]));

interface ToggleOptions {
  /** The toast id (one per kind and discussion: a new one replaces the last). */
  toastID: string;
  /** The success toast (translated), when the spec has one. */
  success?: string;
}

/**
 * A discussion toggle (spec §4): the call, then the new flags wherever the discussion is cached and a
 * refresh; a failure is a persistent dismissible toast with the error's description or message (spec §8).
 */
export async function runToggle(
  tools: Pick<DiscussionActionTools, "queryClient" | "addToast">,
  discussionID: number,
  call: () => Promise<Partial<Discussion>>,
  { toastID, success }: ToggleOptions,
): Promise<boolean> {
  try {
    const changes = pickChanges(await call());
    updateDiscussionEverywhere(tools.queryClient, discussionID, (discussion) => ({ ...discussion, ...changes }));
    void tools.queryClient.invalidateQueries({ queryKey: discussionKeys.all });
    if (success) tools.addToast({ toastID, body: success });
    return true;
  } catch (error) {
    tools.addToast({ toastID, body: errorText(error), persistent: true, dismissible: true });
    return false;
  }
}
