import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Discussion } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { DropDown, DropDownItem, DropDownSeparator } from "../../../ui/dropdown/DropDown.tsx";
import { ConfirmModal } from "../../../ui/modal/Modal.tsx";
import { meQuery } from "../../users/users.queries.ts";
import { MoreIcon } from "./actionIcons.tsx";
import { useShare } from "./useShare.ts";
import { useDeleteDiscussion } from "./useDeleteDiscussion.ts";
import { useBookmark, useMute } from "./useDiscussionToggles.ts";
import { editsOnlyAsAuthor, useEditWindow } from "./useEditWindow.ts";
import styles from "./DiscussionActions.module.css";

type MenuDiscussion = Pick<
  Discussion,
  | "discussionID"
  | "name"
  | "url"
  | "insertUserID"
  | "dateInserted"
  | "bookmarked"
  | "muted"
  | "permissions"
  | "category"
>;

/**
 * The discussion options menu for members (spec §2): Edit ('Edit (time)' while an author's window
 * runs), Delete after 'Are you sure you want to delete this discussion?', Bookmark, Mute, Share.
 * Only what the content API supports and the viewer may do; moderation entries come with issue 10.
 */
export function DiscussionOptionsMenu({ discussion }: { discussion: MenuDiscussion }) {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  const permissions = discussion.permissions ?? {};
  const edit = useEditWindow({
    canEdit: permissions["discussions.edit"] === true,
    authorOnly: editsOnlyAsAuthor(me, discussion.insertUserID, "discussions.edit"),
    dateInserted: discussion.dateInserted,
  });
  const bookmark = useBookmark(discussion.discussionID);
  const mute = useMute(discussion.discussionID);
  const share = useShare(discussion.url, discussion.name);
  const remove = useDeleteDiscussion(discussion);
  const [confirming, setConfirming] = useState(false);

  if (!me || me.userID === 0) return null;
  const canDelete = permissions["discussions.delete"] === true;

  return (
    <>
      <DropDown label={t("Discussion Options")} buttonContent={<MoreIcon />} buttonClassName={styles.iconButton}>
        {edit.canEdit ? (
          <DropDownItem id="edit" href={`/post/editdiscussion/${discussion.discussionID}`} textValue={edit.label}>
            {edit.label}
          </DropDownItem>
        ) : null}
        <DropDownItem id="bookmark" onAction={() => bookmark.mutate(!discussion.bookmarked)}>
          {discussion.bookmarked ? t("Unbookmark") : t("Bookmark")}
        </DropDownItem>
        <DropDownItem id="mute" onAction={() => mute.mutate(!discussion.muted)}>
          {discussion.muted ? t("Unmute") : t("Mute")}
        </DropDownItem>
        <DropDownItem id="share" onAction={() => void share.share()}>
          {t("Share")}
        </DropDownItem>
        {canDelete ? <DropDownSeparator /> : null}
        {canDelete ? (
          <DropDownItem id="delete" onAction={() => setConfirming(true)}>
            {t("Delete")}
          </DropDownItem>
        ) : null}
      </DropDown>
      {canDelete ? (
        <ConfirmModal
          isOpen={confirming}
          title={t("Delete Discussion")}
          confirmLabel={t("Delete")}
          isPending={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => remove.mutate(undefined, { onError: () => setConfirming(false) })}
        >
          {t("Are you sure you want to delete this discussion?")}
        </ConfirmModal>
      ) : null}
    </>
  );
}
