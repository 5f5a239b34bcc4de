import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "../../../lib/query.ts";
import type { Article } from "@parley/contracts";
import { errorMessages } from "@parley/contracts/messages";
import { ApiError } from "../../../lib/api.ts";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { useToast } from "../../../ui/toast/ToastProvider.tsx";
import { knowledgeApi } from "../knowledge.api.ts";
import { knowledgeKeys } from "../knowledge.queries.ts";
import { answerHelpful, helpfulReaction, withHelpful, type HelpfulAnswer } from "../knowledge.reaction.ts";

/**
 * "Was this article helpful?", optimistically: the answer and the counts change at once in the cached
 * article; on failure the article goes back as it was and a toast says why; afterwards the article is
 * read again for the server's counts.
 */
export function useHelpfulReaction(articleID: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { addToast } = useToast();
  const key = knowledgeKeys.article(articleID);
  return useMutation({
    mutationFn: (answer: HelpfulAnswer) => knowledgeApi.react(api, articleID, answer),
    onMutate: async (answer: HelpfulAnswer) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Article>(key);
      if (previous)
        queryClient.setQueryData<Article>(key, withHelpful(previous, answerHelpful(helpfulReaction(previous), answer)));
      return { previous };
    },
    onError: (error, _answer, context) => {
      if (context?.previous) queryClient.setQueryData<Article>(key, context.previous);
      addToast({
        toastID: `article-helpful-${articleID}`,
        body: error instanceof ApiError ? error.description || error.message : t(errorMessages.genericToast),
        dismissible: true,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
