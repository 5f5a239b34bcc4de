import { useQueryClient } from "@tanstack/react-query";
import { useQuery } from "../../../lib/query.ts";
import { Fragment, useEffect, useState, type ComponentType } from "react";
import type { Discussion } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { DropDown, DropDownItem, DropDownSeparator } from "../../../ui/dropdown/DropDown.tsx";
import { useToast } from "../../../ui/toast/ToastProvider.tsx";
import { meQuery } from "../../users/index.ts";
import { attachmentCatalogQuery, seesAttachments } from "../../attachments/index.ts";
import { discussionActions } from "../moderation/actions.builtin.ts";
import {
  visibleActionGroups,
  type ActionModalProps,
  type DiscussionActionConfig,
  type DiscussionActionTools,
} from "../moderation/actions.registry.ts";
import { noModerationSettings } from "../moderation/capabilities.ts";
import { moderationSettingsQuery } from "../moderation/moderation.queries.ts";
import { MoreIcon } from "../../../ui/icons/icons.tsx";
import { useShare } from "./useShare.ts";
import { errorText } from "./errorText.ts";
import { useBookmark, useMute } from "./useDiscussionToggles.ts";
import { editsOnlyAsAuthor, useEditWindow } from "./useEditWindow.ts";
import styles from "./DiscussionActions.module.css";
import { memberStanding } from "../../warnings/index.ts";
import { useOnDemand } from "../../../ui/on-demand.ts";

/**
 * The discussion options menu (spec §2): the registry's entries the viewer may use, grouped (first,
 * moderation, status, flag, others) with separators. A modal entry's dialog loads when it is chosen.
 */
export function DiscussionOptionsMenu({ discussion }: { discussion: Discussion }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { addToast } = useToast();
  const { data: me } = useQuery(meQuery(api));
  const signedIn = Boolean(me && me.userID !== 0);
  const { data: settings = noModerationSettings } = useQuery({ ...moderationSettingsQuery(api), enabled: signedIn });
  const { data: integrations } = useQuery({ ...attachmentCatalogQuery(api), enabled: seesAttachments(me) });
  const edit = useEditWindow({
    canEdit: discussion.permissions?.["discussions.edit"] === true,
    authorOnly: editsOnlyAsAuthor(me, discussion.insertUserID, "discussions.edit"),
    dateInserted: discussion.dateInserted,
  });
  // Whether warnings made the member read-only (the reading part, which member pages load, reads it from the cache).
  const { module: standing, preload: loadStanding } = useOnDemand(memberStanding);
  useEffect(loadStanding, [loadStanding]);
  const readOnlyUntil = standing?.cachedReadOnlyUntil(queryClient, me?.userID ?? 0) ?? null;
  const bookmark = useBookmark(discussion.discussionID);
  const mute = useMute(discussion.discussionID);
  const share = useShare(discussion.url, discussion.name);
  const [modal, setModal] = useState<{ id: string; Component: ComponentType<ActionModalProps> } | null>(null);

  if (!me || !signedIn) return null;
  // A member made read-only by warnings edits no more (the server refuses it too).
  const canEdit = edit.canEdit && readOnlyUntil === null;
  const config: DiscussionActionConfig = {
    ...settings,
    me,
    edit: { canEdit, label: edit.label },
    ...(integrations ? { integrations } : {}),
  };
  const tools: DiscussionActionTools = {
    api,
    queryClient,
    addToast,
    bookmark: (next) => bookmark.mutate(next),
    mute: (next) => mute.mutate(next),
    share: () => void share.share(),
  };
  const groups = visibleActionGroups(discussionActions, discussion, config);

  const handleAction = (id: string) => {
    const action = discussionActions.get(id);
    if (!action) return;
    if (action.perform) void action.perform(discussion, tools);
    else if (action.modal)
      action.modal().then(
        (Component) => setModal({ id, Component }),
        (error: unknown) =>
          addToast({ toastID: `action-${id}`, body: errorText(error), persistent: true, dismissible: true }),
      );
  };

  return (
    <>
      <DropDown
        label={t("Discussion Options")}
        buttonContent={<MoreIcon size={18} />}
        buttonClassName={styles.iconButton}
      >
        {groups.map(({ group, actions }, index) => (
          <Fragment key={group}>
            {index > 0 ? <DropDownSeparator /> : null}
            {actions.map((action) => {
              const label = action.label(discussion, config);
              return action.href ? (
                <DropDownItem key={action.id} id={action.id} href={action.href(discussion)} textValue={label}>
                  {label}
                </DropDownItem>
              ) : (
                <DropDownItem key={action.id} id={action.id} textValue={label} onAction={() => handleAction(action.id)}>
                  {label}
                </DropDownItem>
              );
            })}
          </Fragment>
        ))}
      </DropDown>
      {modal ? <modal.Component key={modal.id} discussion={discussion} onClose={() => setModal(null)} /> : null}
    </>
  );
}
