/**
 * Screening writes before they are stored (issue 30): the hook every service that stores member-written text
 * calls (discussions, comments, private messages, names at registration and rename, signatures). The platform
 * knows no feature: the spam feature installs the screen (watched words and the spam check); until one is
 * installed everything passes.
 *
 * A service calls `screen()` before its transaction: a blocked word throws (422 naming the field and the word);
 * otherwise the answer's `verdict` says what a premoderation queue should do with the post (`approval` or
 * `spam`: hold it), and after the write commits the service calls `recorded(recordID)` so the screen files
 * what it found (automatic reports, spam verdicts, a ban after too many).
 */
import type { RequestContext } from "./http/request-context.ts";
import type { PostingRestrictions } from "./restrictions.ts";

type ScreenedKind = "discussion" | "comment" | "message" | "name" | "signature";

export interface ScreenInput {
  kind: ScreenedKind;
  /** The member-written fields by their API names (`name`, `body`, `signature`); absent ones are skipped. */
  fields: Record<string, string | null | undefined>;
  format?: string;
  /** The write's context: its author is the viewer (when registering, a guest: the account does not exist yet). */
  context: RequestContext;
  /** An edit: watched words apply, the spam check (made for new posts) does not. */
  edit?: boolean;
}

/** What a premoderation queue should do: publish, hold for approval, hold as spam. */
export type ScreenVerdict = "allow" | "approval" | "spam";

export interface Screening {
  verdict: ScreenVerdict;
  reasons: string[];
  /**
   * After the write commits: records what was found against the stored record (its ID; null for a name or a
   * signature) and its author (the new account's ID at registration).
   */
  recorded(recordID: number | null, userID?: number): Promise<void>;
}

export interface ContentScreen {
  screen(input: ScreenInput): Promise<Screening>;
}

const passed: Screening = { verdict: "allow", reasons: [], recorded: async () => {} };

export interface ScreeningHook extends ContentScreen {
  /** Installs the screen (one per app). */
  use(screen: ContentScreen): void;
}

/** Posts, not names or signatures: a member who may not post for now (`restrictions.ts`) is refused first. */
const postKinds = new Set<ScreenedKind>(["discussion", "comment", "message"]);

export function createScreeningHook(restrictions: PostingRestrictions): ScreeningHook {
  let installed: ContentScreen | null = null;
  return {
    use(screen) {
      installed = screen;
    },
    async screen(input) {
      if (postKinds.has(input.kind) && !input.edit) await restrictions.assertMayPost(input.context.viewer);
      return installed ? installed.screen(input) : passed;
    },
  };
}
