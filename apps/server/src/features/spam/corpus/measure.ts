/**
 * `npm run spam:measure`: the offline spam check on the labelled corpus (`corpus.json`), as precision and
 * recall: of the posts it calls spam, how many are; of the spam, how much it catches. Counted twice: `spam`
 * alone (what would be held as spam and count toward a ban) and `spam` or `maybe` (what would be held).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { scoreSpam } from "../spam.filter.ts";

interface CorpusPost {
  label: "ham" | "spam";
  kind: "discussion" | "comment";
  name?: string;
  body: string;
  authorAgeMinutes: number;
}

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), "corpus.json");
const corpus = JSON.parse(readFileSync(file, "utf8")) as CorpusPost[];
const now = new Date("2026-11-29T12:00:00Z");

const results = corpus.map((post) => ({
  post,
  result: scoreSpam(
    { kind: post.kind, ...(post.name ? { name: post.name } : {}), body: post.body, format: "markdown" },
    {
      userID: 1,
      name: "author",
      email: "author@example.com",
      dateInserted: new Date(now.getTime() - post.authorAgeMinutes * 60_000).toISOString(),
    },
    {
      now,
      ip: null,
      siteUrl: "https://forum.example.org",
      recentFingerprints: [],
      recentPosts: 0,
      flaggedAccountsAtIp: 0,
      spamVerdicts: 0,
    },
  ),
}));

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
function measure(label: string, positive: (verdict: string) => boolean) {
  const tp = results.filter(({ post, result }) => post.label === "spam" && positive(result.verdict)).length;
  const fp = results.filter(({ post, result }) => post.label === "ham" && positive(result.verdict)).length;
  const fn = results.filter(({ post, result }) => post.label === "spam" && !positive(result.verdict)).length;
  const precision = tp / (tp + fp || 1);
  const recall = tp / (tp + fn || 1);
  console.log(
    `${label}: precision ${percent(precision)} (${tp}/${tp + fp}), recall ${percent(recall)} (${tp}/${tp + fn})`,
  );
  return { precision, recall, fp };
}

const ham = corpus.filter((post) => post.label === "ham").length;
console.log(`Offline spam check on ${corpus.length} posts (${ham} ham, ${corpus.length - ham} spam):`);
measure("verdict spam         ", (verdict) => verdict === "spam");
measure("verdict spam or maybe", (verdict) => verdict !== "ham");
if (process.argv.includes("--errors"))
  for (const { post, result } of results)
    if ((post.label === "spam") !== (result.verdict !== "ham"))
      console.log(`\n[${post.label} → ${result.verdict} ${result.score}] ${result.reasons.join("; ")}\n${post.body}`);
