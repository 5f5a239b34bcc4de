import ipaddr from "ipaddr.js";
import { spamMessages } from "@parley/contracts";
import type { SpamConfig } from "../../platform/config.ts";
import type { Platform } from "../../platform/context.ts";
import { fieldError, validationFailed } from "../../platform/errors.ts";
import { normalizeFormat, readableText, toPlainText } from "../../platform/render/index.ts";
import type { ContentScreen, ScreenInput, ScreenResult, ScreenVerdict } from "../../platform/screening.ts";
import type { ReportsService } from "./spam.deps.ts";
import { banAutomatically, systemUserID } from "./spam.deps.ts";
import type { SpamCheck, SpamResult } from "./spam.check.ts";
import { fingerprint } from "./spam.fingerprint.ts";
import { premoderationReasons } from "./spam.premoderation.ts";
import { spamPolicy } from "./spam.policy.ts";
import type { SpamRepo } from "./spam.repo.ts";
import type { WordList, WordMatch } from "./spam.words.ts";

const TEN_MINUTES = 10 * 60_000;

/**
 * Whether an address tells one member from another: not a loopback, private or link-local one, which is what
 * every visitor has when no proxy passes the real address on (or everyone behind one network), so other
 * accounts' spam there says nothing about this member.
 */
const SHARED_RANGES = new Set(["unspecified", "loopback", "private", "linkLocal", "uniqueLocal", "carrierGradeNat"]);

function isPublicAddress(ip: string): boolean {
  return ipaddr.isValid(ip) && !SHARED_RANGES.has(ipaddr.process(ip).range());
}
const POSTS = new Set(["discussion", "comment", "message"]);
/** A post or a private message: what a report may point at. */
const isReportable = (kind: string): kind is "discussion" | "comment" | "message" => POSTS.has(kind);
const POST_FIELDS = new Set(["body", "initialBody", "signature", "about"]);

export interface ScreenDeps {
  repo: SpamRepo;
  platform: Platform;
  words: WordList;
  check: SpamCheck;
  config: SpamConfig;
  /** Files an automatic report (the reports feature), once it is registered. */
  reports: () => ReportsService | null;
}

/**
 * The screen every write of member text passes (installed as `platform.screening`): watched words first (a
 * `block` word refuses the write with a 422 naming the field and the word), then, for new posts, the spam
 * check and the premoderation rules (`spam.premoderation.ts`), on new posts and edits of them alike. Its verdict is what the premoderation queue
 * does: `approval` (held for approval), `spam` (held as spam) or `allow`. `recorded` keeps the spam check's
 * verdict (`spamVerdicts`), files an automatic report for moderators on a published post that matched a flag
 * word (or that a moderator wrote with words that would otherwise hold it), and on a private message that matched
 * a flag or approval word or that the spam check found maybe or spam (messages are not held: they are delivered
 * and reported), and bans an account past
 * `banAfter` spam verdicts (held posts count too).
 */
/**
 * A post in a rich format (`rich`, `rich2`: JSON) as the spam check and the link rule read it: its text and its
 * outside addresses (`readableText`), never its JSON, whose keys and ids would score as stuffing or phone numbers
 * (so a post's verdict does not depend on whether its author's editor had loaded). Other formats are read as written.
 */
function readable(input: ScreenInput): ScreenInput {
  const format = input.format ? normalizeFormat(input.format) : null;
  if (format !== "rich" && format !== "rich2") return input;
  const fields = Object.fromEntries(
    Object.entries(input.fields).map(([field, value]) => [
      field,
      value && POST_FIELDS.has(field) ? readableText(value, format, input.context.origin) : value,
    ]),
  );
  return { ...input, fields, format: "text" };
}

export function createScreen(deps: ScreenDeps): ContentScreen {
  const { repo, platform, words } = deps;

  async function matchFields(input: ScreenInput): Promise<Array<WordMatch & { field: string }>> {
    const found: Array<WordMatch & { field: string }> = [];
    for (const [field, value] of Object.entries(input.fields)) {
      if (!value) continue;
      // A post's words as readers see them (no markup or rich-text JSON to match or to hide a word in).
      const format = POST_FIELDS.has(field) && input.format ? normalizeFormat(input.format) : null;
      const text = format ? toPlainText(value, format) : value;
      for (const match of await words.find(text)) found.push({ ...match, field });
    }
    return found;
  }

  type Author = Awaited<ReturnType<SpamRepo["author"]>>;
  async function spamCheck(
    input: ScreenInput,
    userID: number,
    author: Author,
  ): Promise<(SpamResult & { fingerprint: string }) | null> {
    if (!POSTS.has(input.kind) || userID === 0) return null;
    // Moderators and site managers are not checked (Vanilla's bypass of spam checks for moderation roles).
    if (!author || author.bypassSpam === 1 || author.isAdmin >= 1 || spamPolicy.skipsSpamCheck(input.context.viewer))
      return null;
    const now = platform.clock.now();
    const ip = input.context.ip || null;
    const text = Object.values(input.fields).filter(Boolean).join("\n");
    const result = await deps.check.check(
      {
        kind: input.kind,
        ...(input.fields.name ? { name: input.fields.name } : {}),
        body: input.fields.body ?? text,
        format: input.format ?? "text",
      },
      { userID, name: author.name, email: author.email, dateInserted: new Date(author.dateInserted).toISOString() },
      {
        now,
        ip,
        siteUrl: input.context.origin,
        // An edit is no new post: not "the same text posted again" (of its own post, held or published), nor speed.
        recentFingerprints: input.edit ? [] : await repo.recentFingerprints(userID, 20),
        recentPosts: input.edit
          ? 0
          : await repo.checksSince(userID, new Date(now.getTime() - TEN_MINUTES).toISOString()),
        flaggedAccountsAtIp: ip && isPublicAddress(ip) ? await repo.flaggedAccountsAt(ip, userID) : 0,
        spamVerdicts: await repo.spamCount(userID),
      },
    );
    return { ...result, fingerprint: fingerprint(text) };
  }

  return {
    async screen(input: ScreenInput): Promise<ScreenResult> {
      const found = await matchFields(input);
      const blocked = found.filter((match) => match.action === "block");
      if (blocked.length)
        throw validationFailed(
          blocked.map((match) =>
            fieldError(match.field, "invalid", spamMessages.blocked.replace("{word}", match.word), 422),
          ),
        );
      const userID = input.context.viewer.userID;
      const author = POSTS.has(input.kind) && userID !== 0 ? await repo.author(userID) : undefined;
      const read = readable(input);
      const spam = await spamCheck(read, userID, author);
      const approval = found.filter((match) => match.action === "approval");
      const flagged = found.filter((match) => match.action === "flag");
      // The premoderation queue's rules (moderators are never held); spam when the spam check says so.
      const premoderation = await premoderationReasons(platform, read, author, approval, spam);
      const verdict: ScreenVerdict = !premoderation.length ? "allow" : spam?.verdict === "spam" ? "spam" : "approval";
      const reasons = [
        ...approval.map((match) => `watched word (require approval): ${match.word}`),
        ...flagged.map((match) => `watched word (flag): ${match.word}`),
        ...(spam && spam.verdict !== "ham"
          ? [`spam check ${spam.verdict} (${spam.score}): ${spam.reasons.join("; ")}`]
          : []),
      ];

      return {
        verdict,
        reasons,
        premoderation,
        async recorded(recordID, authorID = userID, heldEditOf) {
          if (spam)
            await repo.insertVerdict({
              userID: authorID,
              recordType: input.kind,
              recordID: recordID ?? heldEditOf ?? null,
              verdict: spam.verdict,
              score: spam.score,
              reasons: JSON.stringify(spam.reasons),
              checker: deps.check.name,
              fingerprint: spam.fingerprint,
              ipAddress: input.context.ip || null,
              dateInserted: platform.clock.nowIso(),
            });
          // A member's own text that is no post (a name, a signature, a profile field): no report can point at
          // it, so a flagged or approval word is kept as a verdict against the member (`maybe`).
          else if (reasons.length && !POSTS.has(input.kind))
            await repo.insertVerdict({
              userID: authorID,
              recordType: input.kind,
              recordID,
              verdict: "maybe",
              score: 0,
              reasons: JSON.stringify(reasons),
              checker: "watched-words",
              fingerprint: null,
              ipAddress: input.context.ip || null,
              dateInserted: platform.clock.nowIso(),
            });
          const reports = deps.reports();
          if (reasons.length && recordID !== null && reports && isReportable(input.kind))
            await reports.fileAutomatic(
              {
                recordType: input.kind,
                recordID,
                reportReasonIDs: [spam && spam.verdict !== "ham" ? "spam" : "inappropriate"],
                noteBody: reasons.join(" · "),
              },
              input.context,
              await systemUserID(platform),
            );
          if (spam?.verdict === "spam" && deps.config.banAfter > 0) {
            const count = await repo.spamCount(authorID);
            if (count >= deps.config.banAfter)
              await banAutomatically(platform, authorID, `Automatic: ${count} posts judged spam.`);
          }
        },
      };
    },
  };
}
