import type { FormEvent } from "react";
import { Link, useActionData, useLocation } from "react-router";
import type { Article } from "@parley/contracts";
import type { FormResult } from "../../../lib/forms.ts";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { entryLink } from "../../../lib/targets.ts";
import { buttonLook } from "../../../ui/button/Button.tsx";
import { articleCan } from "../knowledge.queries.ts";
import { helpfulReaction, readHelpfulAnswer } from "../knowledge.reaction.ts";
import { localPath } from "../knowledge.urls.ts";
import { useHelpfulReaction } from "./useHelpfulReaction.ts";
import styles from "./knowledge.module.css";

/**
 * "Was this article helpful?" with Yes and No: a plain form post without JavaScript, an optimistic
 * answer with it. Guests are offered to sign in instead; members who may not answer see the counts.
 */
export function HelpfulReaction({ article, signedIn }: { article: Article; signedIn: boolean }) {
  const location = useLocation();
  // Without JavaScript, a refused answer comes back as the page's action data.
  const refused = useActionData<FormResult>();
  const reaction = helpfulReaction(article);
  const helpful = useHelpfulReaction(article.articleID);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    const answer = readHelpfulAnswer((event.nativeEvent as SubmitEvent).submitter?.getAttribute("value") ?? "");
    if (!answer) return;
    event.preventDefault();
    helpful.mutate(answer);
  };
  return (
    <section id="article-helpful" className={styles.helpful} aria-labelledby="article-helpful-title">
      <h2 id="article-helpful-title" className={styles.helpfulTitle}>
        {t("Was this article helpful?")}
      </h2>
      {signedIn && !articleCan(article, "react") ? null : signedIn ? (
        <form method="post" action={localPath(article.url)} className={styles.helpfulForm} onSubmit={handleSubmit}>
          <TransientKeyField />
          <input type="hidden" name="intent" value="helpful" />
          {(["yes", "no"] as const).map((answer) => (
            <button
              key={answer}
              type="submit"
              name="helpful"
              value={answer}
              aria-pressed={reaction.userReaction === answer}
              {...buttonLook({ buttonType: reaction.userReaction === answer ? "primary" : "outline" })}
            >
              {answer === "yes" ? t("Yes") : t("No")}
            </button>
          ))}
        </form>
      ) : (
        <p className={styles.helpfulSignIn}>
          <Link to={entryLink("/entry/signin", location)}>{t("Sign in")}</Link>{" "}
          {t("to tell us whether this article helped you.")}
        </p>
      )}
      {refused?.message || refused?.errors ? (
        <p role="alert" className={styles.helpfulError}>
          {refused.message ?? Object.values(refused.errors ?? {})[0]}
        </p>
      ) : null}
      <p className={styles.helpfulCount} role="status">
        {reaction.userReaction ? `${t("Thanks for your feedback.")} ` : ""}
        {reaction.total === 0
          ? t("Nobody has rated this article yet.")
          : reaction.yes === 1
            ? t("1 of {total} found this helpful.", { total: reaction.total })
            : t("{yes} of {total} found this helpful.", { yes: reaction.yes, total: reaction.total })}
      </p>
    </section>
  );
}
