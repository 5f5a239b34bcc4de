import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { ReactionType } from "@parley/contracts";
import { useApi } from "../../lib/api-context.tsx";
import { t } from "../../lib/i18n.ts";
import { Tooltip } from "../../ui/tooltip/Tooltip.tsx";
import { canViewReactionUsers } from "./reactions.model.ts";
import { reactionLogQuery } from "./reactions.queries.ts";
import { ReactionUserStack } from "./ReactionUserStack.tsx";
import type { ReactionsRowProps } from "./ReactionsRow.tsx";
import { useReactionToggle } from "./useReactionToggle.ts";
import { ReactionIcon } from "./ReactionIcon.tsx";
import { memberStanding } from "../warnings/index.ts";
import { useOnDemand } from "../../ui/on-demand.ts";
import styles from "./Reactions.module.css";

/**
 * The member's side of the reactions row (loaded on demand, see `ReactionsRow`): a toggle per type the
 * viewer may add, with its count. Who reacted is fetched on hover or focus of the row and shown in
 * each button's tooltip (reactions.view only). A member made read-only by warnings sees them disabled, with why.
 */
export function ReactionToggles({
  recordType,
  recordID,
  record,
  cache,
  viewer,
  onError,
  addable,
}: ReactionsRowProps & { addable: ReactionType[] }) {
  const api = useApi();
  const showUsers = canViewReactionUsers(viewer);
  const [wantLog, setWantLog] = useState(false);
  const { data: log } = useQuery({ ...reactionLogQuery(api, recordType, recordID), enabled: wantLog && showUsers });
  const toggle = useReactionToggle(recordType, recordID, cache, onError);
  // Whether warnings made the member read-only (the reading part, which member pages load, reads it from the cache).
  const queryClient = useQueryClient();
  const { module: reading, preload: loadStanding } = useOnDemand(memberStanding);
  useEffect(loadStanding, [loadStanding]);
  const readOnlyUntil = reading?.cachedReadOnlyUntil(queryClient, viewer?.userID ?? 0) ?? null;
  const reasonID = `reactions-read-only-${recordType}-${recordID}`;

  const byTag = new Map((record.reactions ?? []).map((reaction) => [reaction.tagID, reaction]));
  const handleToggle = (type: ReactionType) => {
    if (toggle.isPending) return;
    toggle.mutate({ type, removing: byTag.get(type.tagID)?.hasReacted === true });
  };

  return (
    <div
      role="group"
      aria-label={t("Reactions")}
      className={styles.row}
      aria-busy={toggle.isPending || undefined}
      onPointerEnter={() => setWantLog(true)}
      onFocus={() => setWantLog(true)}
      {...(readOnlyUntil ? { "aria-describedby": reasonID, title: reading?.readOnlyText(readOnlyUntil) } : {})}
    >
      {addable.map((type) => {
        const summary = byTag.get(type.tagID);
        const count = summary?.count ?? 0;
        const button = (
          <button
            type="button"
            key={type.tagID}
            className={styles.reaction}
            aria-pressed={summary?.hasReacted === true}
            onClick={() => handleToggle(type)}
            disabled={readOnlyUntil !== null}
            data-reaction={type.urlCode}
          >
            <ReactionIcon photoUrl={type.photoUrl} />
            <span>{t(type.name)}</span> <span className={styles.count}>{count}</span>
          </button>
        );
        if (!showUsers) return button;
        const users = (log ?? []).filter((entry) => entry.tagID === type.tagID).map((entry) => entry.user);
        return (
          <Tooltip key={type.tagID} label={log ? <ReactionUserStack users={users} /> : t("Loading")}>
            {button}
          </Tooltip>
        );
      })}
      {readOnlyUntil ? (
        <span id={reasonID} className="visually-hidden">
          {reading?.readOnlyText(readOnlyUntil)}
        </span>
      ) : null}
    </div>
  );
}
