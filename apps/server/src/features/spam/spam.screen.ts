import { spamMessages } from "@parley/contracts";
import type { SpamConfig } from "../../platform/config.ts";
import type { Platform } from "../../platform/context.ts";
import { fieldError, validationFailed } from "../../platform/errors.ts";
import { normalizeFormat, toPlainText } from "../../platform/render/index.ts";
import type { ContentScreen, ScreenInput, Screening, ScreenVerdict } from "../../platform/screening.ts";
import type { ReportsService } from "./spam.deps.ts";
import { banAutomatically, systemUserID } from "./spam.deps.ts";
import type { SpamCheck, SpamResult } from "./spam.check.ts";
import { fingerprint } from "./spam.fingerprint.ts";
import { spamPolicy } from "./spam.policy.ts";
import type { SpamRepo } from "./spam.repo.ts";
import type { WordList, WordMatch } from "./spam.words.ts";

const TEN_MINUTES = 10 * 60_000;
const POSTS = new Set(["discussion", "comment", "message"]);
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
 * check. Its verdict is what the premoderation queue will do (`approval`: a `require approval` word or a
 * `maybe`; `spam`). Until that queue exists nothing is held: after the write, `recorded` keeps the verdict
 * (`spamVerdicts`), files an automatic report for moderators (flag and approval words, `maybe` and `spam`
 * posts) and bans an account past `banAfter` spam verdicts.
 */
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

  async function spamCheck(input: ScreenInput, userID: number): Promise<(SpamResult & { fingerprint: string }) | null> {
    if (!POSTS.has(input.kind) || input.edit || userID === 0) return null;
    const author = await repo.author(userID);
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
        recentFingerprints: await repo.recentFingerprints(userID, 20),
        recentPosts: await repo.checksSince(userID, new Date(now.getTime() - TEN_MINUTES).toISOString()),
        flaggedAccountsAtIp: ip ? await repo.flaggedAccountsAt(ip, userID) : 0,
        spamVerdicts: await repo.spamCount(userID),
      },
    );
    return { ...result, fingerprint: fingerprint(text) };
  }

  return {
    async screen(input: ScreenInput): Promise<Screening> {
      const found = await matchFields(input);
      const blocked = found.filter((match) => match.action === "block");
      if (blocked.length)
        throw validationFailed(
          blocked.map((match) =>
            fieldError(match.field, "invalid", spamMessages.blocked.replace("{word}", match.word), 422),
          ),
        );
      const userID = input.context.viewer.userID;
      const spam = await spamCheck(input, userID);
      const approval = found.filter((match) => match.action === "approval");
      const flagged = found.filter((match) => match.action === "flag");
      const verdict: ScreenVerdict =
        spam?.verdict === "spam" ? "spam" : spam?.verdict === "maybe" || approval.length ? "approval" : "allow";
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
        async recorded(recordID, authorID = userID) {
          if (spam)
            await repo.insertVerdict({
              userID: authorID,
              recordType: input.kind,
              recordID,
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
          if (
            reasons.length &&
            recordID !== null &&
            reports &&
            (input.kind === "discussion" || input.kind === "comment")
          )
            await reports.fileAutomatic(
              {
                recordType: input.kind,
                recordID,
                reportReasonIDs: [spam && spam.verdict !== "ham" ? "spam" : "inappropriate"],
                noteBody: `${verdict === "allow" ? "" : verdict === "spam" ? "Would be held as spam. " : "Would be held for approval. "}${reasons.join(" · ")}`,
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
