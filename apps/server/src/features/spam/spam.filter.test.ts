import { describe, expect, it } from "vitest";
import type { SpamContext } from "./spam.check.ts";
import { fingerprint } from "./spam.fingerprint.ts";
import { linksOf, scoreSpam } from "./spam.filter.ts";

const now = new Date("2026-11-29T12:00:00Z");
const context: SpamContext = {
  now,
  ip: null,
  siteUrl: "https://forum.example.org",
  recentFingerprints: [],
  recentPosts: 0,
  flaggedAccountsAtIp: 0,
  spamVerdicts: 0,
};
const aged = { userID: 1, name: "Old Hand", email: "old@example.org", dateInserted: "2020-01-01T00:00:00Z" };
const fresh = { ...aged, dateInserted: new Date(now.getTime() - 3 * 60_000).toISOString() };
const comment = (body: string) => ({ kind: "comment" as const, body, format: "markdown" });

describe("the offline spam filter", () => {
  it("leaves members' ordinary posts alone, a documentation link included", () => {
    for (const body of [
      "Had the same issue with my router, a firmware update fixed it. Thanks!",
      "The manual is here, page 14 covers it: https://docs.example.org/manual.pdf",
      "UPDATE: STILL NOT WORKING. Any ideas welcome.",
    ])
      expect(scoreSpam(comment(body), aged, context).verdict, body).toBe("ham");
  });

  it("calls spam what spam looks like: links to several sites, phrases, a new account", () => {
    const result = scoreSpam(
      comment("Buy cheap Cialis now! https://pills.example.top https://rx.example.shop click here"),
      fresh,
      context,
    );
    expect(result.verdict).toBe("spam");
    expect(result.reasons).toEqual(expect.arrayContaining(["links from a new account", "links to 2 sites"]));
  });

  it("sees look-alike letters in domains and phrases", () => {
    expect(linksOf("visit https://саsinо.example.bet now").domains.size).toBe(1);
    const result = scoreSpam(comment("Bеst саsinо bоnus, visit our website"), aged, context);
    expect(result.reasons.join()).toContain("casino");
  });

  it("is wary of the same text again, a new account's speed, a flagged address and earlier verdicts", () => {
    const body = "Check my profile for an amazing deal on garden furniture this week only";
    const again = scoreSpam(comment(body), aged, { ...context, recentFingerprints: [fingerprint(`${body}!`)] });
    expect(again.reasons).toContain("the same text posted again");
    expect(scoreSpam(comment("hi"), fresh, { ...context, recentPosts: 4 }).reasons).toContain(
      "5 posts in a new account's first minutes",
    );
    const flagged = scoreSpam(comment("hello"), aged, { ...context, flaggedAccountsAtIp: 2, spamVerdicts: 1 });
    expect(flagged.verdict).toBe("spam");
  });
});
