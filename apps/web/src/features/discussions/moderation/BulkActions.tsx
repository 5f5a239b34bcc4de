import { useQuery } from "../../../lib/query.ts";
import { useEffect, useState, useSyncExternalStore, type ComponentType } from "react";
import type { Comment, Discussion } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/button/Button.tsx";
import type { ActionRegistry } from "./actions.registry.ts";
import { bulkActions, commentBulkActions } from "./bulk.registry.ts";
import { commentSelectionStore, selectionStore, type SelectedComment, type SelectionStore } from "./bulk.store.ts";
import { noModerationSettings, type ModerationCapability } from "./capabilities.ts";
import { moderationSettingsQuery } from "./moderation.queries.ts";
import styles from "./BulkActions.module.css";

/*
 * Bulk selection (spec §2, §4, §5), for moderators only: on the discussion lists (loaded when one of
 * the listed discussions carries `permissions["discussions.manage"]`) and on a discussion's comments
 * (when the discussion does), so guests' and members' pages never download it.
 */

const useSelection = <T,>(store: SelectionStore<T>) => useSyncExternalStore(store.subscribe, store.getSnapshot);

interface SelectionCheckboxProps<T> {
  store: SelectionStore<T>;
  record: T;
  label: string;
  className?: string;
}

/** A record's checkbox; disabled while a bulk call runs on it. */
function SelectionCheckbox<T>({ store, record, label, className = styles.checkbox }: SelectionCheckboxProps<T>) {
  const item = useSelection(store).items.get(store.idOf(record));
  return (
    <input
      type="checkbox"
      className={className}
      checked={item !== undefined}
      disabled={item?.state === "pending"}
      aria-busy={item?.state === "pending" || undefined}
      data-selection={item?.state ?? "unchecked"}
      aria-label={label}
      onChange={(event) => store.toggle(record, event.currentTarget.checked)}
    />
  );
}

/** A list item's checkbox, for discussions the viewer may manage. */
export function BulkCheckbox({ discussion }: { discussion: Discussion }) {
  const manageable = discussion.permissions?.["discussions.manage"] === true;
  useEffect(() => selectionStore.refresh(discussion), [discussion]);
  if (!manageable) return null;
  return (
    <SelectionCheckbox
      store={selectionStore}
      record={discussion}
      label={t("Select {name}", { name: discussion.name })}
    />
  );
}

/** A comment's checkbox (the discussion's page, for those who manage the discussion). */
export function CommentBulkCheckbox({ comment }: { comment: Comment }) {
  const author = comment.insertUser?.name ?? t("Unknown");
  const text = (comment.body ?? "")
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const record: SelectedComment = {
    commentID: comment.commentID,
    discussionID: comment.discussionID,
    name: `${author}: ${text.length > 60 ? `${text.slice(0, 60)}…` : text}`,
    ...(comment.permissions ? { permissions: comment.permissions } : {}),
  };
  return (
    <SelectionCheckbox
      store={commentSelectionStore}
      record={record}
      label={t("Select {name}", { name: record.name })}
      className={styles.commentCheckbox}
    />
  );
}

interface SelectionAction<T> {
  id: string;
  label: () => string;
  requires?: ModerationCapability;
  modal?: ComponentType<{ selected: readonly T[]; onClose: () => void }>;
}

interface SelectionToastProps<T> {
  store: SelectionStore<T>;
  actions: ActionRegistry<SelectionAction<T>>;
  countText: (count: number) => string;
}

/**
 * The selection toast: shown while at least one record is checked (spec §4), with the count and the
 * bulk actions the server supports; each opens its dialog.
 */
function SelectionToast<T>({ store, actions, countText }: SelectionToastProps<T>) {
  const api = useApi();
  const selection = useSelection(store);
  const { data: settings = noModerationSettings } = useQuery(moderationSettingsQuery(api));
  const [openID, setOpenID] = useState<string | null>(null);
  const selected = [...selection.items.values()].map((item) => item.record);
  const pending = [...selection.items.values()].some((item) => item.state === "pending");
  const open = openID ? actions.get(openID) : undefined;
  if (selected.length === 0 && !open) return null;
  const shown = actions
    .all()
    .filter((action) => action.modal && (!action.requires || settings.capabilities.has(action.requires)));

  return (
    <>
      {selected.length > 0 ? (
        <section className={styles.toast} aria-label={t("Bulk actions")} data-part="bulk-actions">
          <p className={styles.count} role="status">
            {countText(selected.length)}
          </p>
          <div className={styles.buttons}>
            {shown.map((action) => (
              <Button key={action.id} size="medium" isDisabled={pending} onPress={() => setOpenID(action.id)}>
                {action.label()}
              </Button>
            ))}
            <Button size="medium" buttonType="text" isDisabled={pending} onPress={store.clear}>
              {t("Clear selection")}
            </Button>
          </div>
        </section>
      ) : null}
      {open?.modal ? <open.modal key={open.id} selected={selected} onClose={() => setOpenID(null)} /> : null}
    </>
  );
}

/** The discussion lists' selection toast. */
export function BulkSelectionToast() {
  return (
    <SelectionToast
      store={selectionStore}
      actions={bulkActions}
      countText={(count) =>
        count === 1 ? t("You have selected 1 discussion.") : t("You have selected {count} discussions.", { count })
      }
    />
  );
}

/** A discussion page's comment selection toast; the selection ends with the page. */
export function CommentSelectionToast({ discussionID }: { discussionID: number }) {
  useEffect(() => () => commentSelectionStore.clear(), [discussionID]);
  return (
    <SelectionToast
      store={commentSelectionStore}
      actions={commentBulkActions}
      countText={(count) =>
        count === 1 ? t("You have selected 1 comment.") : t("You have selected {count} comments.", { count })
      }
    />
  );
}
