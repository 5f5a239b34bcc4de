import { useEffect, useRef, useState } from "react";
import { Form, useActionData, useLocation, useNavigation } from "react-router";
import type { FormResult } from "../../../lib/forms.ts";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { FormAlert, SubmitButton, formStyles } from "../../../ui/forms/Form.tsx";
import { ConfirmModal } from "../../../ui/modal/Modal.tsx";
import { useDraftAutosave, useSavedDraftToast } from "../../drafts/index.ts";
import { BodyEditor } from "../../editor/index.ts";
import styles from "../pages/DiscussionPage.module.css";
import actionStyles from "./DiscussionActions.module.css";
import { commentComposer, registerReplyHandler, type ReplyTarget } from "../../../lib/comment-composer.ts";
import { useRestoredDraft } from "../../drafts/index.ts";
import { hashTarget } from "../../../lib/hash-scroll.ts";

/** Set when the member posts a comment, until the page shows it (the form may mount anew on another page). */
let justPosted = false;

/** The anchor of spec §2's draft links (`?hasDraft=true#create-comment`). */
export const createCommentID = "create-comment";

/**
 * The reply form: Markdown in a text area without JavaScript; the rich editor loads when it is first
 * focused. With JavaScript the reply is autosaved as a draft (spec §4) and restored on coming back.
 */
export function CommentForm({ discussionID }: { discussionID: number }) {
  const result = useActionData<FormResult>();
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const form = useRef<HTMLFormElement>(null);
  const { restored, version, onRestore, clear } = useRestoredDraft();
  const rich = restored?.format === "rich2";
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  // Reply on a comment makes this a reply to it; an unposted top-level draft is discarded first, if the member agrees.
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null);
  const [confirming, setConfirming] = useState<ReplyTarget | null>(null);
  const { draftID, hasDraft, autosave, setAutosave, discard } = useDraftAutosave({
    form,
    target: {
      recordType: "comment",
      parentRecordType: "discussion",
      parentRecordID: discussionID,
      commentParentID: replyTo?.commentID ?? null,
    },
    onRestore,
  });
  const startReply = (target: ReplyTarget) => {
    setReplyTo(target);
    requestAnimationFrame(() => commentComposer().focus());
  };
  const handleReply = useRef<(target: ReplyTarget) => void>(() => undefined);
  handleReply.current = (target) => {
    const element = form.current;
    const body = element ? new FormData(element).get("body") : null;
    const unposted = replyTo === null && typeof body === "string" && body.trim() !== "";
    if (unposted) setConfirming(target);
    else startReply(target);
  };
  useEffect(() => registerReplyHandler((target) => handleReply.current(target)), []);
  const handleDiscard = () => {
    const target = confirming;
    setConfirming(null);
    void discard();
    clear();
    if (target) startReply(target);
  };
  useSavedDraftToast(form, hasDraft, `${location.pathname}?hasDraft=true#${createCommentID}`);

  // A posted comment empties the box, ready for the next one (the page stays; its action redirects to the
  // new comment). A refused one keeps what was written, with the errors.
  const action = location.pathname + location.search;
  const posting = useRef(false);
  const postingHere = navigation.formAction === action && navigation.formData?.has("body") === true;
  useEffect(() => {
    if (navigation.state === "submitting" && postingHere) {
      posting.current = true;
      justPosted = true;
    } else if (navigation.state === "idle" && posting.current) {
      posting.current = false;
      if (!result?.message && !result?.errors) {
        setReplyTo(null);
        clear();
      }
    }
  }, [navigation.state, postingHere, result, clear]);

  // The action leads to the new comment (`…/p{n}#Comment_{id}`, on its page when that is another): there the
  // page scrolls to it (`useHashScroll`); the focus moves to it and the status below says it was posted.
  const [posted, setPosted] = useState("");
  useEffect(() => {
    if (navigation.state !== "idle" || !justPosted) return;
    const comment = hashTarget(location.hash);
    if (!comment || result?.errors || result?.message) return;
    justPosted = false;
    comment.tabIndex = -1;
    comment.focus({ preventScroll: true });
    setPosted(t("Your comment was posted."));
  }, [navigation.state, location.key, location.hash, result]);

  return (
    <Form
      ref={form}
      id={createCommentID}
      method="post"
      action={action}
      className={`${formStyles.form} ${styles.commentForm}`}
      noValidate
      data-part="comment-form"
    >
      {result?.message ? <FormAlert>{result.message}</FormAlert> : null}
      <TransientKeyField />
      {draftID ? <input type="hidden" name="draftID" value={draftID} /> : null}
      {replyTo ? (
        <p className={formStyles.hint}>
          <input type="hidden" name="parentCommentID" value={replyTo.commentID} />
          <a href={`#Comment_${replyTo.commentID}`}>{t("Replying to a comment")}</a>{" "}
          <button type="button" className={actionStyles.textButton} onClick={() => setReplyTo(null)}>
            {t("Cancel Reply")}
          </button>
        </p>
      ) : null}
      <label htmlFor="comment-body" className={formStyles.label}>
        {t("Comment")}
      </label>
      <BodyEditor
        key={version}
        id="comment-body"
        name="body"
        label={t("Comment")}
        className={styles.textarea}
        defaultValue={restored?.body ?? result?.values?.["body"] ?? ""}
        invalid={result?.errors?.["body"] ? true : undefined}
        describedBy={result?.errors?.["body"] ? "comment-body-error" : "comment-body-hint"}
        required
        hint={t("Markdown is supported. Mention members with @name.")}
        hintId="comment-body-hint"
        loadOn={rich ? "mount" : "focus"}
        startRich={rich}
      />
      {result?.errors?.["body"] ? (
        <p id="comment-body-error" className={formStyles.error}>
          {result.errors["body"]}
        </p>
      ) : null}
      {hydrated ? (
        <label className={formStyles.checkbox}>
          <input type="checkbox" checked={autosave} onChange={(event) => setAutosave(event.currentTarget.checked)} />{" "}
          {t("Save drafts automatically")}
        </label>
      ) : null}
      <SubmitButton busy={busy}>{t("Post Comment")}</SubmitButton>
      <p className="visually-hidden" role="status" data-part="comment-posted">
        {posted}
      </p>
      <ConfirmModal
        isOpen={confirming !== null}
        title={t("Discard Draft")}
        confirmLabel={t("Discard")}
        onCancel={() => setConfirming(null)}
        onConfirm={handleDiscard}
      >
        {t("You have an unposted draft, replying to this comment will discard your draft.")}{" "}
        {t("Are you sure you want to discard it?")}
      </ConfirmModal>
    </Form>
  );
}
