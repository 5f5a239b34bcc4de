import type { SpamVerdict } from "@parley/contracts";
import type { SpamAuthor, SpamCheck, SpamContext, SpamPost, SpamResult } from "./spam.check.ts";
import { distance, fingerprint } from "./spam.fingerprint.ts";
import { spamPhrases } from "./spam.phrases.ts";
import { fold } from "./spam.text.ts";

/** Scores at or past which a post is `maybe` or `spam`. */
const SCORE_MAYBE = 2.5;
const SCORE_SPAM = 4;

const URL = /\b(?:https?:\/\/|www\.)([a-z0-9.-]+\.[a-z]{2,})[^\s"'<>\])]*/giu;
const BARE_DOMAIN =
  /\b([a-z0-9-]+\.(?:com|net|org|info|biz|xyz|top|shop|online|site|store|ru|in|co|io|me|cc|de|uk|us|club|live|pro|vip|win|bet|date|loan))\b/giu;
const PHONE = /(?:\+?\d[\d\s().-]{8,}\d)/u;
const EMAIL = /[\w.+-]+@[\w-]+\.[\w.]+/u;
const phrases = spamPhrases.map((phrase) => ({
  phrase,
  regex: new RegExp(`(?<![\\p{L}\\p{N}])${phrase.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&")}`, "u"),
}));

/** A post's links, and the sites they go to (a bare `example.com` counts as one). */
export function linksOf(text: string): { links: number; domains: Set<string> } {
  const domains = new Set<string>();
  let links = 0;
  for (const match of text.matchAll(URL)) {
    links += 1;
    domains.add(match[1]!.toLowerCase().replace(/^www\./u, ""));
  }
  const withoutUrls = text.replace(URL, " ");
  for (const match of withoutUrls.matchAll(BARE_DOMAIN)) {
    links += 1;
    domains.add(match[1]!.toLowerCase());
  }
  return { links, domains };
}

/** A run of two or three words said three times or more (keyword stuffing), or null. */
function repeatedPhrase(text: string): string | null {
  const words = text.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 2);
  const counts = new Map<string, number>();
  for (let i = 0; i + 1 < words.length; i += 1) {
    const pair = `${words[i]} ${words[i + 1]}`;
    const count = (counts.get(pair) ?? 0) + 1;
    counts.set(pair, count);
    if (count >= 3 && words[i] !== words[i + 1]) return pair;
  }
  return null;
}

/**
 * The offline spam check: a score from signs that forum spam shows and members' posts rarely do: links and
 * the sites they go to, known spam phrases, shouting, phone numbers and addresses to contact, a new
 * account's links or speed, the same text posted again, an address other spam came from, earlier verdicts.
 * `maybe` from 2.5 points, `spam` from 4. Measured by `npm run spam:measure` on the corpus in `corpus/`.
 */
export function scoreSpam(post: SpamPost, author: SpamAuthor, context: SpamContext): SpamResult {
  const reasons: string[] = [];
  let score = 0;
  const add = (points: number, reason: string) => {
    score += points;
    reasons.push(reason);
  };
  const raw = `${post.name ?? ""}\n${post.body}`;
  const text = fold(raw);
  const ageMinutes = (context.now.getTime() - new Date(author.dateInserted).getTime()) / 60_000;
  const newAccount = ageMinutes < 24 * 60;

  // Links are counted in the folded text too, so look-alike letters do not hide a domain.
  const { links, domains } = linksOf(text);
  if (links >= 3) add(Math.min(links - 2, 4) * 0.75, `${links} links`);
  if (domains.size >= 2) add(Math.min(domains.size - 1, 3) * 0.75, `links to ${domains.size} sites`);
  if (links && newAccount) add(1.5, "links from a new account");
  const words = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean).length;
  if (links && words <= links * 6) add(1, "mostly links");

  const stuffed = repeatedPhrase(text);
  if (stuffed) add(1.5, `“${stuffed}” repeated`);

  const found = phrases.filter(({ regex }) => regex.test(text)).map(({ phrase }) => phrase);
  if (found.length) add(Math.min(found.length, 4) * 1.1, `phrases: ${found.slice(0, 4).join(", ")}`);

  const letters = raw.replace(/[^\p{L}]/gu, "");
  const upper = raw.replace(/[^\p{Lu}]/gu, "").length;
  if (letters.length >= 20 && upper / letters.length > 0.6) add(1, "all capitals");
  if (/[!?$€]{3,}/u.test(raw)) add(0.5, "!!! or $$$");
  if (PHONE.test(raw.replace(URL, " "))) add(1, "a phone number");
  if (EMAIL.test(raw)) add(0.5, "an e-mail address");

  const mark = fingerprint(raw);
  if (words >= 5 && context.recentFingerprints.some((earlier) => distance(earlier, mark) <= 4))
    add(2.5, "the same text posted again");
  if (ageMinutes < 10 && context.recentPosts >= 2)
    add(1.5, `${context.recentPosts + 1} posts in a new account's first minutes`);
  if (context.flaggedAccountsAtIp)
    add(Math.min(context.flaggedAccountsAtIp, 3) * 1.5, "an address other spam came from");
  if (context.spamVerdicts) add(Math.min(context.spamVerdicts, 3), "earlier spam verdicts");

  const verdict: SpamVerdict = score >= SCORE_SPAM ? "spam" : score >= SCORE_MAYBE ? "maybe" : "ham";
  return { verdict, score: Math.round(score * 100) / 100, reasons };
}

export const offlineSpamCheck: SpamCheck = {
  name: "offline",
  check: async (post, author, context) => scoreSpam(post, author, context),
};
