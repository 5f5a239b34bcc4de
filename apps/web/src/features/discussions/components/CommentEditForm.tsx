import { useQuery, type QueryKey } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/button/Button.tsx";
import { FormAlert } from "../../../ui/forms/Form.tsx";
import { discussionsWriteApi } from "../discussions.write.api.ts";
import { ApiError } from "../../../lib/api.ts";
import { useUpdateComment } from "./useCommentActions.ts";
import styles from "./DiscussionActions.module.css";

/** A comment's body edited in place: its raw source in a text area, Save and Cancel. */
export function CommentEditForm({
  commentID,
  pageKey,
  onDone,
}: {
  commentID: number;
  pageKey: QueryKey;
  onDone: () => void;
}) {
  const api = useApi();
  const id = useId();
  const source = useQuery({
    queryKey: ["comments", "source", commentID],
    queryFn: () => discussionsWriteApi.commentSource(api, commentID),
    staleTime: 0,
    gcTime: 0,
  });
  const update = useUpdateComment(commentID, pageKey);
  const [draft, setDraft] = useState<string | null>(null);
  const body = draft ?? source.data?.body ?? "";

  if (source.isPending) return <p>{t("Loading")}</p>;
  if (source.isError) {
    return (
      <FormAlert>{source.error instanceof ApiError ? source.error.message : t("Something has gone wrong.")}</FormAlert>
    );
  }
  return (
    <form
      className={styles.editForm}
      onSubmit={(event) => {
        event.preventDefault();
        if (!body.trim()) return;
        update.mutate({ body, format: source.data.format }, { onSuccess: onDone });
      }}
    >
      {update.isError ? (
        <FormAlert>
          {update.error instanceof ApiError ? update.error.message : t("Something has gone wrong.")}
        </FormAlert>
      ) : null}
      <label htmlFor={`${id}-body`} className="visually-hidden">
        {t("Edit Comment")}
      </label>
      <textarea
        id={`${id}-body`}
        className={styles.editArea}
        value={body}
        onChange={(event) => setDraft(event.target.value)}
        autoFocus
      />
      <div className={styles.editButtons}>
        <Button type="submit" buttonType="primary" isPending={update.isPending}>
          {t("Save")}
        </Button>
        <Button onPress={onDone} isDisabled={update.isPending}>
          {t("Cancel")}
        </Button>
      </div>
    </form>
  );
}
