import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "../../lib/query.ts";
import type { ReactionType } from "@parley/contracts";
import { useApi } from "../../lib/api-context.tsx";
import { reactionsApi, type ReactionRecordType } from "./reactions.api.ts";
import { mergeCounts, toggleReaction } from "./reactions.changes.ts";
import type { ReactionCache, ReactionSummary } from "./reactions.model.ts";
import { reactionKeys } from "./reactions.queries.ts";

interface Variables {
  type: ReactionType;
  /** The type is the viewer's current reaction: clicking it removes it. */
  removing: boolean;
}

/**
 * Reacting, optimistically (spec §4): the cached record changes at once (old value out of the score,
 * new value in, the chosen type marked); on failure the snapshot comes back and `onError` hears why.
 */
export function useReactionToggle(
  recordType: ReactionRecordType,
  recordID: number,
  cache: ReactionCache,
  onError: (error: unknown) => void,
) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ type, removing }: Variables) => {
      if (removing) {
        await reactionsApi.unreact(api, recordType, recordID);
        return null;
      }
      return reactionsApi.react(api, recordType, recordID, type.urlCode);
    },
    onMutate: async ({ type }: Variables) => {
      await queryClient.cancelQueries({ queryKey: cache.queryKey });
      const previous = queryClient.getQueryData(cache.queryKey);
      queryClient.setQueryData(
        cache.queryKey,
        cache.update(previous, (record) => ({ ...record, ...toggleReaction(record, type) })),
      );
      return { previous };
    },
    onError: (error, _variables, context) => {
      if (context) queryClient.setQueryData(cache.queryKey, context.previous);
      onError(error);
    },
    onSuccess: (counts) => {
      if (!counts) return;
      queryClient.setQueryData(cache.queryKey, (data: unknown) =>
        cache.update(data, (record) => ({
          ...record,
          reactions: mergeCounts(record.reactions, counts) satisfies ReactionSummary[],
        })),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: reactionKeys.log(recordType, recordID) }),
  });
}
