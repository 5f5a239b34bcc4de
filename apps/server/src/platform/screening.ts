/**
 * Screening writes before they are stored (issue 30): the hook every service that stores member-written text
 * calls (discussions, comments, private messages, names at registration and rename, signatures, profile fields). The platform
 * knows no feature: the spam feature installs the screen (watched words and the spam check); until one is
 * installed everything passes.
 *
 * A service calls `screen()` before its transaction: a blocked word throws (422 naming the field and the word);
 * otherwise the answer's `verdict` says what the premoderation queue does with the post (`approval` or
 * `spam`: hold it). Discussions and comments then call `holdIfFlagged(post)`: a held post goes to the queue
 * (the reports feature installs it) and the write stops with {@link PostHeld} (a 202 answer); nothing is
 * written. Edits of discussions and comments do the same with `post.edit` set: the published post keeps its
 * text. Otherwise, after the write commits, the service calls `recorded(recordID)` so the screen files
 * what it found (automatic reports, spam verdicts, a ban after too many).
 */
import type { PostPremoderation, PremoderationReason } from "@parley/contracts";
import { HttpError } from "./errors.ts";
import type { RequestContext } from "./http/request-context.ts";
import type { PostingRestrictions } from "./restrictions.ts";

type ScreenedKind = "discussion" | "comment" | "message" | "name" | "signature" | "profile";

export interface ScreenInput {
  kind: ScreenedKind;
  /** The member-written fields by their API names (`name`, `body`, `signature`); absent ones are skipped. */
  fields: Record<string, string | null | undefined>;
  format?: string;
  /** The write's context: its author is the viewer (when registering, a guest: the account does not exist yet). */
  context: RequestContext;
  /**
   * An edit: only its changed fields are given (an edit that changes no text is not screened). An edit of a
   * discussion or comment is held as a new post is for a watched word requiring approval, too many links or the
   * spam check, not for its author's role or being new. A read-only member (warnings) may not edit a post either.
   */
  edit?: boolean;
  /** Where a new post goes, or the edited post is (moderators there are never held). */
  categoryID?: number;
  /** A held post a moderator approved, now written: nothing is screened again. */
  approved?: boolean;
}

/** A new discussion or comment as posted, for the premoderation queue to keep until a moderator decides. */
export interface HeldPost {
  kind: "discussion" | "comment";
  categoryID: number;
  discussionID: number | null;
  name: string | null;
  body: string;
  format: string;
  /** The write's whole input (the API body), written as posted when the post is approved. */
  input: Record<string, unknown>;
  /**
   * An edit of a published post (Vanilla's `isPendingUpdate`): the post and its text now, which it keeps until a
   * moderator approves the edit (`input` is then the PATCH body).
   */
  edit?: { recordID: number; name: string | null; body: string; format: string };
}

/** The queue's part: keep the post with its author, address and date and why it was held; answer its report. */
export interface PremoderationQueue {
  hold(
    post: HeldPost & { queue: "approval" | "spam"; reasons: PremoderationReason[]; notes: string[] },
    context: RequestContext,
  ): Promise<PostPremoderation>;
}

/** A write stopped because its post is held: the API answers 202 with `answer` (Vanilla's PostPremoderation). */
export class PostHeld extends HttpError {
  constructor(readonly answer: PostPremoderation) {
    super(202, answer.message, { description: answer.description });
    this.name = "PostHeld";
  }
}

/** What a premoderation queue should do: publish, hold for approval, hold as spam. */
export type ScreenVerdict = "allow" | "approval" | "spam";

interface Screening {
  verdict: ScreenVerdict;
  reasons: string[];
  /** Why the post would be held (empty when it is not). */
  premoderation: PremoderationReason[];
  /**
   * A new discussion or comment: when the verdict holds it (and a queue is installed), queues it and throws
   * {@link PostHeld}; otherwise returns and the write goes on.
   */
  holdIfFlagged(post: HeldPost): Promise<void>;
  /**
   * After the write commits: records what was found against the stored record (its ID; null for a name or a
   * signature) and its author (the new account's ID at registration). A held edit's verdict is kept against the
   * post it would change (`heldEditOf`), with no report.
   */
  recorded(recordID: number | null, userID?: number, heldEditOf?: number): Promise<void>;
}

/** What a screen answers; the hook adds `holdIfFlagged`. */
export type ScreenResult = Omit<Screening, "holdIfFlagged">;

export interface ContentScreen {
  screen(input: ScreenInput): Promise<ScreenResult>;
}

const passed: ScreenResult = { verdict: "allow", reasons: [], premoderation: [], recorded: async () => {} };

export interface ScreeningHook {
  screen(input: ScreenInput): Promise<Screening>;
  /** Installs the screen (one per app). */
  use(screen: ContentScreen): void;
  /** Installs the premoderation queue (one per app). */
  useQueue(queue: PremoderationQueue): void;
}

/**
 * Posts, not names, signatures or profile fields: a member who may not post for now (`restrictions.ts`) is refused
 * first, a new post and an edit of one alike (Vanilla's read-only members neither post nor edit).
 */
const postKinds = new Set<ScreenedKind>(["discussion", "comment", "message"]);

export function createScreeningHook(restrictions: PostingRestrictions): ScreeningHook {
  let installed: ContentScreen | null = null;
  let queue: PremoderationQueue | null = null;
  return {
    use(screen) {
      installed = screen;
    },
    useQueue(installedQueue) {
      queue = installedQueue;
    },
    async screen(input) {
      // A member made read-only (warnings) may not post or edit a post; a held post a moderator approves is
      // theirs to publish.
      if (postKinds.has(input.kind) && !input.approved) await restrictions.assertMayPost(input.context.viewer);
      const unchanged = input.edit === true && Object.values(input.fields).every((value) => value == null);
      const result = installed && !input.approved && !unchanged ? await installed.screen(input) : passed;
      return {
        ...result,
        async holdIfFlagged(post) {
          if (result.verdict === "allow" || !queue) return;
          // The verdict is kept, with no record (a new post does not exist; an edited one is not changed); no
          // automatic report beside the queue's.
          await result.recorded(null, undefined, post.edit?.recordID);
          const answer = await queue.hold(
            { ...post, queue: result.verdict, reasons: result.premoderation, notes: result.reasons },
            input.context,
          );
          throw new PostHeld(answer);
        },
      };
    },
  };
}
