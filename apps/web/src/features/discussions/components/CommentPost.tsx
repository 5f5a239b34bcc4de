import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useQuery } from "../../../lib/query.ts";
import { useEffect, useState, type ComponentType } from "react";
import type { Comment, Discussion } from "@parley/contracts";
import type { AnswerAttributes } from "@parley/contracts/questions-constants";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { ConfirmModal } from "../../../ui/modal/Modal.tsx";
import { Loader } from "../../../ui/loader/Loader.tsx";
import { onDemand, useOnDemand } from "../../../ui/on-demand.ts";
import { useToast } from "../../../ui/toast/ToastProvider.tsx";
import { ReactionsRow } from "../../reactions/index.ts";
import {
  AttachmentsSlot,
  attachmentCatalogQuery,
  loadCreateTicketModal,
  seesAttachments,
} from "../../attachments/index.ts";
import { reportsLink } from "../../reports/index.ts";
import { meQuery } from "../../users/index.ts";
import { noModerationSettings } from "../moderation/capabilities.ts";
import { moderationSettingsQuery } from "../moderation/moderation.queries.ts";
import type * as BulkActionsModule from "../moderation/BulkActions.tsx";
import type { ReportModalProps } from "../moderation/ReportModal.tsx";
import { QuestionPart } from "./questionSlots.tsx";
import { commentCache } from "./postCaches.ts";
import { Post } from "./Post.tsx";
import { PostButtons } from "./PostButtons.tsx";
import { DropDownItem } from "../../../ui/dropdown/DropDown.tsx";
import { useDeleteComment } from "./useCommentActions.ts";
import { errorText } from "./errorText.ts";
import { editsOnlyAsAuthor, useEditWindow } from "./useEditWindow.ts";
import styles from "./DiscussionActions.module.css";
import { readingPart } from "../../warnings/index.ts";

type TicketModal = Awaited<ReturnType<typeof loadCreateTicketModal>>;

interface CommentPostProps {
  comment: Comment;
  /** The moderators' bulk selection, once loaded (the discussion's `discussions.manage`). */
  bulk?: typeof BulkActionsModule | null | undefined;
  discussion: Pick<Discussion, "closed" | "permissions">;
  /** The cached comments page the comment came from (its reactions and edits change there). */
  pageKey: QueryKey;
  /** The author of the comment this one replies to, when that comment is on the same page. */
  parentAuthor?: string | undefined;
}

/** A comment with its reactions row, post buttons, and in-place Edit ('Edit (time)') and Delete. */
export function CommentPost({ comment, discussion, pageKey, bulk, parentAuthor }: CommentPostProps) {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  const { addToast } = useToast();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const edit = useEditWindow({
    canEdit: comment.permissions?.["comments.edit"] === true,
    authorOnly: editsOnlyAsAuthor(me, comment.insertUserID, "comments.edit"),
    dateInserted: comment.dateInserted,
  });
  const remove = useDeleteComment(comment.commentID);
  // A member made read-only by warnings edits no more (the server refuses it too): their standing, from the
  // reading part that the layout's loader loads for members.
  const queryClient = useQueryClient();
  const standing = useOnDemand(readingPart).module;
  const canEdit = edit.canEdit && standing?.cachedReadOnlyUntil(queryClient, me?.userID ?? 0) === null;
  const canDelete = comment.permissions?.["comments.delete"] === true;
  const signedIn = Boolean(me && me.userID !== 0);
  const { data: settings = noModerationSettings } = useQuery({ ...moderationSettingsQuery(api), enabled: signedIn });
  const reports = settings.capabilities.has("reports");
  const canReport =
    reports &&
    signedIn &&
    comment.insertUserID !== me?.userID &&
    Boolean(me?.isAdmin || me?.permissions.includes("flag.add"));
  const countReports = reports ? (comment.reportMeta?.countReports ?? 0) : 0;
  // An answer to a question (the QnA add-on): its status, and whether the viewer may judge it.
  const answer = comment.attributes?.["answer"] as AnswerAttributes | undefined;
  const canJudge = discussion.permissions?.["qna.accept"] === true;
  const [ReportDialog, setReportDialog] = useState<ComponentType<ReportModalProps> | null>(null);
  // A ticket for the comment (the attachments add-on): moderators, while the integration is on.
  const { data: integrations } = useQuery({ ...attachmentCatalogQuery(api), enabled: seesAttachments(me) });
  const canCreateTicket = integrations?.["ticket"]?.canCreate === true;
  const [TicketDialog, setTicketDialog] = useState<TicketModal | null>(null);
  const openTicket = () =>
    loadCreateTicketModal().then(
      (Component) => setTicketDialog(() => Component),
      (error: unknown) => addToast({ toastID: "ticket", body: errorText(error), persistent: true, dismissible: true }),
    );
  const openReport = () =>
    import("../moderation/ReportModal.tsx").then(
      (module) => setReportDialog(() => module.ReportModal),
      (error: unknown) => addToast({ toastID: "report", body: errorText(error), persistent: true, dismissible: true }),
    );

  return (
    <Post
      id={`Comment_${comment.commentID}`}
      author={comment.insertUser}
      dateInserted={comment.dateInserted}
      dateUpdated={comment.dateUpdated}
      body={comment.body}
      context={comment.parentCommentID ? <InReplyTo commentID={comment.parentCommentID} author={parentAuthor} /> : null}
      afterBody={<AttachmentsSlot discussionID={comment.discussionID} commentID={comment.commentID} me={me} />}
      bodyOverride={
        editing ? (
          <OnDemandCommentEditForm commentID={comment.commentID} pageKey={pageKey} onDone={() => setEditing(false)} />
        ) : undefined
      }
      select={bulk ? <bulk.CommentBulkCheckbox comment={comment} /> : null}
      reactionBar={
        <ReactionsRow
          recordType="comment"
          recordID={comment.commentID}
          record={comment}
          cache={commentCache(pageKey, comment.commentID)}
          viewer={me}
          onError={(error) => addToast({ toastID: "reaction", body: errorText(error), dismissible: true })}
        />
      }
    >
      {editing ? null : (
        <PostButtons
          discussion={discussion}
          record={{ recordType: "comment", recordID: comment.commentID, url: comment.url, name: comment.name }}
          authorName={comment.insertUser?.name}
          menuItems={
            <>
              {canEdit ? (
                <DropDownItem id="edit" onAction={() => setEditing(true)}>
                  {edit.label}
                </DropDownItem>
              ) : null}
              {canCreateTicket ? (
                <DropDownItem id="createTicket" onAction={() => void openTicket()}>
                  {t("Create ticket")}
                </DropDownItem>
              ) : null}
              {canReport ? (
                <DropDownItem id="report" onAction={() => void openReport()}>
                  {t("Report")}
                </DropDownItem>
              ) : null}
              {canDelete ? (
                <DropDownItem id="delete" onAction={() => setConfirming(true)}>
                  {t("Delete")}
                </DropDownItem>
              ) : null}
            </>
          }
        >
          {answer ? (
            <QuestionPart part="AnswerMark" commentID={comment.commentID} status={answer.status} judge={canJudge} />
          ) : null}
          {countReports > 0 ? (
            <a className={styles.reportCount} href={reportsLink("comment", comment.commentID)}>
              {countReports === 1 ? t("1 report") : t("{count} reports", { count: countReports })}
            </a>
          ) : null}
        </PostButtons>
      )}
      {TicketDialog ? (
        <TicketDialog
          discussion={{ discussionID: comment.discussionID, name: comment.name }}
          commentID={comment.commentID}
          onClose={() => setTicketDialog(null)}
        />
      ) : null}
      {ReportDialog ? (
        <ReportDialog recordType="comment" recordID={comment.commentID} onClose={() => setReportDialog(null)} />
      ) : null}
      {canDelete ? (
        <ConfirmModal
          isOpen={confirming}
          title={t("Delete Comment")}
          confirmLabel={t("Delete")}
          isPending={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
        >
          {t("Are you sure you want to delete this comment?")}
        </ConfirmModal>
      ) : null}
    </Post>
  );
}

/**
 * Where a reply points: to its comment on this page ("In reply to Name"), or to the address that finds
 * the comment's page.
 */
function InReplyTo({ commentID, author }: { commentID: number; author: string | undefined }) {
  return author !== undefined ? (
    <a href={`#Comment_${commentID}`} data-part="in-reply-to">
      {t("In reply to {name}", { name: author })}
    </a>
  ) : (
    <a href={`/discussion/comment/${commentID}`} data-part="in-reply-to">
      {t("In reply to a comment")}
    </a>
  );
}

/** The in-place edit form comes when a member first edits a comment. */
const commentEditForm = onDemand(() => import("./CommentEditForm.tsx"));

function OnDemandCommentEditForm(props: { commentID: number; pageKey: QueryKey; onDone: () => void }) {
  const { module, preload } = useOnDemand(commentEditForm);
  useEffect(preload, [preload]);
  return module ? <module.CommentEditForm {...props} /> : <Loader />;
}
