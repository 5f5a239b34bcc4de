import { useQuery } from "../../lib/query.ts";
import { useEffect } from "react";
import { useApi } from "../../lib/api-context.tsx";
import { t } from "../../lib/i18n.ts";
import { onDemand, useOnDemand } from "../../ui/on-demand.ts";
import type { ReactionRecordType } from "./reactions.api.ts";
import {
  addableReactionTypes,
  visibleCounts,
  type Reactable,
  type ReactionCache,
  type Viewer,
} from "./reactions.model.ts";
import { reactionTypesQuery } from "./reactions.queries.ts";
import styles from "./Reactions.module.css";
import { reactionName } from "./reaction-names.ts";

export interface ReactionsRowProps {
  recordType: ReactionRecordType;
  recordID: number;
  /** The record as cached: its reaction counts and score. */
  record: Reactable;
  cache: ReactionCache;
  viewer: Viewer | undefined;
  /** Hears why a reaction failed (after the row has rolled back). */
  onError: (error: unknown) => void;
}

/** The toggles are members' only: guests' pages don't load them (their chips and React button carry `data-reaction`). */
const toggles = onDemand(() => import("./ReactionToggles.tsx"), { rendered: "[data-reaction]" });

/**
 * The reactions row of a post (spec §2 "Post buttons", §5): for members a chip per reaction the post
 * has and a React button to add one (`ReactionToggles`, loaded on demand); guests see the counts only,
 * and so do members for the moment the toggles take to load.
 */
export function ReactionsRow(props: ReactionsRowProps) {
  const api = useApi();
  const { data: types = [] } = useQuery(reactionTypesQuery(api));
  const addable = addableReactionTypes(types, props.viewer);
  const { module, preload } = useOnDemand(toggles);
  const member = addable.length > 0;
  useEffect(() => {
    if (member) preload();
  }, [member, preload]);

  if (member && module) return <module.ReactionToggles {...props} types={types} addable={addable} />;
  // A type turned off in the dashboard is gone from the row, its past reactions too.
  const off = new Set(types.filter((type) => !type.active).map((type) => type.tagID));
  const counts = visibleCounts(props.record.reactions).filter((reaction) => !off.has(reaction.tagID));
  if (counts.length === 0) return null;
  return (
    <ul className={styles.counts} aria-label={t("Reactions")}>
      {counts.map((reaction) => (
        <li key={reaction.tagID}>
          {reactionName(reaction.name)} <span className={styles.count}>{reaction.count}</span>
        </li>
      ))}
    </ul>
  );
}
