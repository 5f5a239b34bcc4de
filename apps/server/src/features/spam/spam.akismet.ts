import type { SpamAuthor, SpamCheck, SpamContext, SpamPost } from "./spam.check.ts";

/** Akismet's comment types for Parley's writes. */
const COMMENT_TYPES: Record<SpamPost["kind"], string> = {
  discussion: "forum-post",
  comment: "reply",
  message: "message",
  name: "signup",
  signature: "signup",
  profile: "signup",
};

/**
 * An Akismet-compatible spam check (`POST {url}/1.1/comment-check`, form-encoded, answered `true` or `false`;
 * `X-akismet-pro-tip: discard` for the blatant kind). `true` is `spam`; anything else than `true` or `false`
 * (a bad key answers `invalid`), a failure or a slow answer falls back to `fallback` (the offline filter), so a
 * post is never refused because the service is down.
 */
export function createAkismetCheck(options: {
  key: string;
  url: string;
  fallback: SpamCheck;
  timeoutMs?: number;
  onError?: (error: unknown) => void;
}): SpamCheck {
  const endpoint = `${options.url.replace(/\/+$/u, "")}/1.1/comment-check`;
  return {
    name: "akismet",
    async check(post: SpamPost, author: SpamAuthor, context: SpamContext) {
      const form = new URLSearchParams({
        api_key: options.key,
        blog: context.siteUrl,
        user_ip: context.ip ?? "",
        user_agent: context.userAgent ?? "",
        comment_type: COMMENT_TYPES[post.kind],
        comment_author: author.name,
        comment_author_email: author.email,
        comment_content: post.name ? `${post.name}\n\n${post.body}` : post.body,
        comment_date_gmt: context.now.toISOString(),
        blog_charset: "UTF-8",
      });
      if (context.permalink) form.set("permalink", context.permalink);
      try {
        const response = await fetch(endpoint, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded; charset=UTF-8" },
          body: form,
          signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
        });
        const answer = (await response.text()).trim();
        if (response.ok && answer === "true") {
          const discard = response.headers.get("x-akismet-pro-tip") === "discard";
          return {
            verdict: "spam",
            score: discard ? 10 : 5,
            reasons: [discard ? "Akismet: discard" : "Akismet: spam"],
          };
        }
        if (response.ok && answer === "false") return { verdict: "ham", score: 0, reasons: [] };
        throw new Error(
          `Akismet answered ${response.status} “${answer.slice(0, 40)}”${response.headers.get("x-akismet-debug-help") ? `: ${response.headers.get("x-akismet-debug-help")}` : ""}`,
        );
      } catch (error) {
        options.onError?.(error);
        const result = await options.fallback.check(post, author, context);
        return { ...result, reasons: [...result.reasons, "Akismet unavailable: offline filter"] };
      }
    },
  };
}
