import type { SpamVerdict } from "@parley/contracts";

/** What a spam check reads of a post: the kind of write, its title (if any), its source text and format. */
export interface SpamPost {
  kind: "discussion" | "comment" | "message" | "name" | "signature" | "profile";
  name?: string;
  body: string;
  format: string;
}

/** Who wrote it. */
export interface SpamAuthor {
  userID: number;
  name: string;
  email: string;
  /** When the account was made (RFC 3339). */
  dateInserted: string;
}

/** What the site knows around the post (loaded by the caller, so checks stay pure and testable). */
export interface SpamContext {
  now: Date;
  ip: string | null;
  userAgent?: string | null;
  /** The page the post is on (Akismet's `permalink`), and the site's address (`blog`). */
  permalink?: string;
  siteUrl: string;
  /** The author's fingerprints of recent posts (`spam.fingerprint.ts`), the latest first. */
  recentFingerprints: string[];
  /** The author's posts checked in the last ten minutes. */
  recentPosts: number;
  /** Other accounts seen at the same address with a spam verdict or a ban. */
  flaggedAccountsAtIp: number;
  /** The author's earlier spam verdicts. */
  spamVerdicts: number;
}

export interface SpamResult {
  verdict: SpamVerdict;
  score: number;
  /** Short reasons, for moderators ("3 links to 3 sites", "phrase: buy now"). */
  reasons: string[];
}

/** A spam check: the offline scoring filter, or a service such as Akismet. */
export interface SpamCheck {
  readonly name: string;
  check(post: SpamPost, author: SpamAuthor, context: SpamContext): Promise<SpamResult>;
}
