import { t } from "../../../lib/i18n.ts";
import { BookmarkIcon, SpinnerIcon } from "../../../ui/icons/more.tsx";
import { useBookmark } from "./useDiscussionToggles.ts";
import styles from "./DiscussionActions.module.css";

/**
 * The bookmark toggle (spec §4): normal, bookmarking (a spinner while the call runs) and bookmarked;
 * named 'Bookmark' or 'Unbookmark', a native toggle button (aria-pressed). Optimistic, flipped back on failure.
 */
export function BookmarkButton({ discussionID, bookmarked }: { discussionID: number; bookmarked: boolean }) {
  const bookmark = useBookmark(discussionID);
  const state = bookmark.isPending ? "bookmarking" : bookmarked ? "bookmarked" : "normal";
  return (
    <button
      type="button"
      className={styles.iconButton}
      aria-pressed={bookmarked}
      onClick={() => {
        if (!bookmark.isPending) bookmark.mutate(!bookmarked);
      }}
      aria-label={bookmarked ? t("Unbookmark") : t("Bookmark")}
      data-state={state}
    >
      {state === "bookmarking" ? (
        <SpinnerIcon size={18} className={styles.spinner} />
      ) : (
        <BookmarkIcon size={18} fill={bookmarked ? "currentColor" : "none"} />
      )}
    </button>
  );
}
