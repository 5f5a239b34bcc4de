import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useMutation, useQuery } from "../../../lib/query.ts";
import { useId, useState } from "react";
import type { Comment, PostPremoderation } from "@parley/contracts";
import { premoderationEditMessages } from "@parley/contracts/premoderation-edits";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/button/Button.tsx";
import { FormAlert } from "../../../ui/forms/Form.tsx";
import { discussionsWriteApi } from "../discussions.write.api.ts";
import { ApiError } from "../../../lib/api.ts";
import { reportKeys } from "../../reports/index.ts";
import { discussionsApi, isHeld } from "../discussions.api.ts";
import { BodyEditor } from "../../editor/index.ts";
import styles from "./DiscussionActions.module.css";

type Page = { items: Comment[]; total: number };

/**
 * Saving an inline comment edit: PATCH, then the cached page shows the new body. An edit held for approval
 * (premoderation, a 202) leaves the comment as it was; the member's own held posts are read again.
 */
export function useUpdateComment(commentID: number, pageKey: QueryKey) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: string; format: string }) => discussionsApi.updateComment(api, commentID, input),
    onSuccess: async (updated) => {
      if (isHeld(updated)) return queryClient.invalidateQueries({ queryKey: reportKeys.all });
      queryClient.setQueryData<Page>(pageKey, (page) =>
        page
          ? {
              ...page,
              items: page.items.map((item) =>
                item.commentID === commentID
                  ? {
                      ...item,
                      body: updated.body,
                      dateUpdated: updated.dateUpdated,
                      updateUserID: updated.updateUserID,
                    }
                  : item,
              ),
            }
          : page,
      );
    },
  });
}

/** What the form says once an edit is held: it waits for a moderator; the comment keeps its text meanwhile. */
function HeldEditNotice({ answer, onDone }: { answer: PostPremoderation; onDone: () => void }) {
  return (
    <div role="status" className={styles.editForm}>
      <p>
        <strong>{t(premoderationEditMessages.awaiting)}</strong> {answer.description}
      </p>
      <Button onPress={onDone}>{t("Close")}</Button>
    </div>
  );
}

/**
 * A comment's body edited in place, Save and Cancel: a rich2 comment in the same rich editor as the comment box
 * (never its JSON in a text area); one in another format (Markdown, BBCode, HTML, …) too, read from its rendered
 * HTML by the editor's HTML reader (lists, links, quotes, code blocks kept) and saved as rich2; its source in a
 * text area, saved in its format, only when the rendered body is not at hand.
 */
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
  const queryClient = useQueryClient();
  // A comment in another format continues in the rich editor from what readers see (its rendered body, on the
  // page already): read by the editor's HTML reader, saved as rich2. Not found: its source in a text area.
  const [shownHtml] = useState(
    () => queryClient.getQueryData<Page>(pageKey)?.items.find((item) => item.commentID === commentID)?.body,
  );
  const update = useUpdateComment(commentID, pageKey);
  const [draft, setDraft] = useState<string | null>(null);
  const body = draft ?? source.data?.body ?? "";

  if (update.data && isHeld(update.data)) return <HeldEditNotice answer={update.data} onDone={onDone} />;
  if (source.isPending) return <p>{t("Loading")}</p>;
  if (source.isError) {
    return (
      <FormAlert>{source.error instanceof ApiError ? source.error.message : t("Something has gone wrong.")}</FormAlert>
    );
  }
  const fromHtml = source.data.format !== "rich2" && shownHtml ? shownHtml : undefined;
  const rich = source.data.format === "rich2" || fromHtml !== undefined;
  return (
    <form
      className={styles.editForm}
      onSubmit={(event) => {
        event.preventDefault();
        const fields = new FormData(event.currentTarget);
        const field = (name: string) => {
          const value = fields.get(name);
          return typeof value === "string" ? value : "";
        };
        const edited = rich ? field("body") : body;
        if (!edited.trim()) return;
        update.mutate(
          { body: edited, format: rich ? field("format") || "rich2" : source.data.format },
          { onSuccess: (answer) => (isHeld(answer) ? undefined : onDone()) },
        );
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
      {rich ? (
        <BodyEditor
          id={`${id}-body`}
          name="body"
          label={t("Edit Comment")}
          defaultValue={source.data.body}
          className={styles.editArea}
          startRich
          startHtml={fromHtml}
        />
      ) : (
        <textarea
          id={`${id}-body`}
          className={styles.editArea}
          value={body}
          onChange={(event) => setDraft(event.target.value)}
          autoFocus
        />
      )}
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
