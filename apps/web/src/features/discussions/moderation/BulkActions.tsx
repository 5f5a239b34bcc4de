import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, useSyncExternalStore } from "react";
import type { Discussion } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/button/Button.tsx";
import { bulkActions } from "./bulk.registry.ts";
import { selectionStore } from "./bulk.store.ts";
import { noModerationSettings } from "./capabilities.ts";
import { moderationSettingsQuery } from "./moderation.queries.ts";
import styles from "./BulkActions.module.css";

/*
 * Bulk selection on the discussion lists (spec §2, §4, §5), for moderators only: the list loads this
 * module when one of its discussions carries `permissions["discussions.manage"]`, so guests' and
 * members' pages never download it.
 */

const useSelection = () => useSyncExternalStore(selectionStore.subscribe, selectionStore.getSnapshot);

/** A list item's checkbox, for discussions the viewer may manage; disabled while a bulk call runs on it. */
export function BulkCheckbox({ discussion }: { discussion: Discussion }) {
  const item = useSelection().items.get(discussion.discussionID);
  const manageable = discussion.permissions?.["discussions.manage"] === true;
  useEffect(() => selectionStore.refresh(discussion), [discussion]);
  if (!manageable) return null;
  return (
    <input
      type="checkbox"
      className={styles.checkbox}
      checked={item !== undefined}
      disabled={item?.state === "pending"}
      aria-busy={item?.state === "pending" || undefined}
      data-selection={item?.state ?? "unchecked"}
      aria-label={t("Select {name}", { name: discussion.name })}
      onChange={(event) => selectionStore.toggle(discussion, event.currentTarget.checked)}
    />
  );
}

/**
 * The selection toast: shown while at least one discussion is checked (spec §4), with the count and the
 * bulk actions the server supports; each opens its dialog.
 */
export function BulkSelectionToast() {
  const api = useApi();
  const selection = useSelection();
  const { data: settings = noModerationSettings } = useQuery(moderationSettingsQuery(api));
  const [openID, setOpenID] = useState<string | null>(null);
  const selected = [...selection.items.values()].map((item) => item.discussion);
  const pending = [...selection.items.values()].some((item) => item.state === "pending");
  const open = openID ? bulkActions.get(openID) : undefined;
  if (selected.length === 0 && !open) return null;
  const actions = bulkActions
    .all()
    .filter((action) => action.modal && (!action.requires || settings.capabilities.has(action.requires)));

  return (
    <>
      {selected.length > 0 ? (
        <section className={styles.toast} aria-label={t("Bulk actions")} data-part="bulk-actions">
          <p className={styles.count} role="status">
            {selected.length === 1
              ? t("You have selected 1 discussion.")
              : t("You have selected {count} discussions.", { count: selected.length })}
          </p>
          <div className={styles.buttons}>
            {actions.map((action) => (
              <Button key={action.id} size="medium" isDisabled={pending} onPress={() => setOpenID(action.id)}>
                {action.label()}
              </Button>
            ))}
            <Button size="medium" buttonType="text" isDisabled={pending} onPress={selectionStore.clear}>
              {t("Clear selection")}
            </Button>
          </div>
        </section>
      ) : null}
      {open?.modal ? <open.modal key={open.id} selected={selected} onClose={() => setOpenID(null)} /> : null}
    </>
  );
}
