import { useMutation } from "@tanstack/react-query";
import type { Discussion } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { useToast } from "../../../ui/toast/ToastProvider.tsx";
import { discussionsApi } from "../discussions.api.ts";
import { commentBodyID, commentComposer, replyToComment } from "../../../lib/comment-composer.ts";
import { canQuote, canReply } from "./postRules.ts";
import { ShareMenu } from "./ShareMenu.tsx";
import { PostingGate } from "../../warnings/index.ts";
import { errorText } from "./errorText.ts";
import styles from "./DiscussionActions.module.css";

export interface PostButtonsProps {
  discussion: Pick<Discussion, "closed" | "permissions">;
  record: { recordType: "discussion" | "comment"; recordID: number; url: string; name: string };
  /** Comment actions (Edit, Delete) shown after the post buttons. */
  children?: React.ReactNode;
  /** Shown first (a moderator's selection checkbox). */
  leading?: React.ReactNode;
}

/**
 * Reply and Quote (spec §2 "Post buttons", §5 rules), Share, and the comment's own actions. Reply is
 * a link to the comment form, so it works without JavaScript; with it, it focuses the editor.
 */
export function PostButtons({ discussion, record, children, leading = null }: PostButtonsProps) {
  const api = useApi();
  const { addToast } = useToast();
  const quote = useMutation({
    mutationFn: () => discussionsApi.quote(api, record.recordType, record.recordID),
    onSuccess: (data) =>
      commentComposer().insertQuote({
        authorName: data.insertUser.name,
        url: data.url,
        bodyRaw: data.bodyRaw,
        format: data.format,
      }),
    onError: (error) => addToast({ toastID: "quote", body: errorText(error), dismissible: true }),
  });
  const reply = canReply(discussion.permissions);
  const quotable = canQuote(discussion.permissions, discussion.closed);
  return (
    <div className={styles.postButtons}>
      {leading}
      <PostingGate quiet>
        {reply ? (
          <a
            href={`#${commentBodyID}`}
            className={styles.textButton}
            onClick={(event) => {
              event.preventDefault();
              if (record.recordType === "comment" && replyToComment({ commentID: record.recordID })) return;
              commentComposer().focus();
            }}
          >
            {t("Reply")}
          </a>
        ) : null}
        {quotable ? (
          <button
            type="button"
            className={styles.textButton}
            disabled={quote.isPending}
            aria-busy={quote.isPending || undefined}
            onClick={() => quote.mutate()}
          >
            {t("Quote")}
          </button>
        ) : null}
      </PostingGate>
      <ShareMenu recordUrl={record.url} title={record.name} isComment={record.recordType === "comment"} />
      {children}
    </div>
  );
}
