import { useMutation, useQuery } from "../../../lib/query.ts";
import type { Discussion } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { useHydrated } from "../../../ui/hydrated.ts";
import { DropDown, DropDownItem } from "../../../ui/dropdown/DropDown.tsx";
import { MoreIcon, QuoteIcon, ReplyIcon } from "../../../ui/icons/icons.tsx";
import { useToast } from "../../../ui/toast/ToastProvider.tsx";
import { meQuery } from "../../users/index.ts";
import { discussionsApi } from "../discussions.api.ts";
import { commentBodyID, commentComposer, replyToComment } from "../../../lib/comment-composer.ts";
import { canQuote, canReply } from "./postRules.ts";
import { canShareNatively, shareInMessagePath } from "./share.ts";
import { useShare } from "./useShare.ts";
import { PostingGate } from "../../warnings/index.ts";
import { errorText } from "./errorText.ts";
import styles from "./DiscussionActions.module.css";

export interface PostButtonsProps {
  discussion: Pick<Discussion, "closed" | "permissions">;
  record: { recordType: "discussion" | "comment"; recordID: number; url: string; name: string };
  /** Whose post it is: names its options menu ("Options for Ada's comment"). */
  authorName?: string | undefined;
  /** The comment's own entries of the options menu (Edit, Report, Delete: `DropDownItem`s). */
  menuItems?: React.ReactNode;
  /** Shown after the options menu (a moderator's report count). */
  children?: React.ReactNode;
}

/**
 * Reply and Quote (spec §2 "Post buttons", §5 rules) as icon buttons with their words, then one options
 * menu (⋯) with the rest: Copy Link or Share, 'Share to a private message', and the comment's own actions.
 * Reply is a link to the comment form, so it works without JavaScript; with it, it focuses the editor.
 */
export function PostButtons({ discussion, record, authorName, menuItems = null, children }: PostButtonsProps) {
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
      <PostingGate quiet>
        {reply ? (
          <a
            href={`#${commentBodyID}`}
            className={styles.postAction}
            onClick={(event) => {
              event.preventDefault();
              if (record.recordType === "comment" && replyToComment({ commentID: record.recordID })) return;
              commentComposer().focus();
            }}
          >
            <ReplyIcon size={16} />
            {t("Reply")}
          </a>
        ) : null}
        {quotable ? (
          <button
            type="button"
            className={styles.postAction}
            disabled={quote.isPending}
            aria-busy={quote.isPending || undefined}
            onClick={() => quote.mutate()}
          >
            <QuoteIcon size={16} />
            {t("Quote")}
          </button>
        ) : null}
      </PostingGate>
      <PostMenu record={record} authorName={authorName}>
        {menuItems}
      </PostMenu>
      {children}
    </div>
  );
}

/**
 * A post's options menu, named for its post and author. Without JavaScript (and until the page hydrates) a native
 * disclosure with the post's own address (the menu's actions need the script).
 */
function PostMenu({
  record,
  authorName,
  children,
}: {
  record: PostButtonsProps["record"];
  authorName: string | undefined;
  children: React.ReactNode;
}) {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  const hydrated = useHydrated();
  const { share, copy } = useShare(record.url, record.name);
  const isComment = record.recordType === "comment";
  const name = authorName ?? t("Unknown User");
  const label = t("Options for the post by {name}", { name });
  const canMessage = !!me && me.userID !== 0 && (me.isAdmin || me.permissions.includes("conversations.add"));
  const messagePath = shareInMessagePath(record.url);
  const more = <MoreIcon size={18} />;
  if (!hydrated) {
    return (
      <details className={styles.postMenu} data-part="post-menu">
        <summary className={styles.iconButton} aria-label={label}>
          {more}
        </summary>
        <a className={styles.postMenuList} href={record.url}>
          {t("Link to this post")}
        </a>
      </details>
    );
  }
  return (
    <DropDown label={label} buttonContent={more} buttonClassName={styles.iconButton}>
      {canShareNatively(navigator) ? (
        <DropDownItem id="share" onAction={() => void share()}>
          {t("Share")}
        </DropDownItem>
      ) : (
        <DropDownItem id="copy" onAction={() => void copy()}>
          {isComment ? t("Copy Link to Comment") : t("Copy Link")}
        </DropDownItem>
      )}
      {canMessage ? (
        <DropDownItem id="message" href={messagePath}>
          {t("Share to a private message")}
        </DropDownItem>
      ) : null}
      {children}
    </DropDown>
  );
}
