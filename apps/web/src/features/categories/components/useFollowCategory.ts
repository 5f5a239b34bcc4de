import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useMutation } from "../../../lib/query.ts";
import type { Category, CategoryTreeItem } from "@parley/contracts";
import { errorMessages } from "@parley/contracts/messages";
import { ApiError } from "../../../lib/api.ts";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { useToast } from "../../../ui/toast/ToastProvider.tsx";
import { categoriesApi } from "../categories.api.ts";
import { categoryKeys } from "../categories.queries.ts";

type Change = Pick<Category, "followed" | "countFollowers">;

/** Applies a change to the category wherever the cache holds it: its own record and every tree. */
function patchCategory(queryClient: QueryClient, categoryID: number, change: (category: Category) => Change) {
  const walk = (items: CategoryTreeItem[]): CategoryTreeItem[] =>
    items.map((item) => ({
      ...item,
      ...(item.categoryID === categoryID ? change(item) : {}),
      ...(item.children ? { children: walk(item.children) } : {}),
    }));
  queryClient.setQueriesData<Category | CategoryTreeItem[]>({ queryKey: categoryKeys.all }, (data) => {
    if (!data) return data;
    if (Array.isArray(data)) return walk(data);
    return data.categoryID === categoryID ? { ...data, ...change(data) } : data;
  });
}

const flip = (followed: boolean) => (category: Category) =>
  category.followed === followed
    ? { followed, countFollowers: category.countFollowers }
    : { followed, countFollowers: Math.max(0, category.countFollowers + (followed ? 1 : -1)) };

/**
 * Follow or unfollow a category, optimistically: the toggle (and the follower count) change at once; on
 * failure they change back and a dismissible toast says why (the follow limit's message, say).
 */
export function useFollowCategory(categoryID: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { addToast } = useToast();
  return useMutation({
    mutationFn: (followed: boolean) => categoriesApi.follow(api, categoryID, followed),
    onMutate: async (followed: boolean) => {
      await queryClient.cancelQueries({ queryKey: categoryKeys.all });
      patchCategory(queryClient, categoryID, flip(followed));
      return { previous: !followed };
    },
    onError: (error, _followed, context) => {
      if (context) patchCategory(queryClient, categoryID, flip(context.previous));
      addToast({
        toastID: `follow-category-${categoryID}`,
        body: error instanceof ApiError ? error.description || error.message : t(errorMessages.genericToast),
        dismissible: true,
      });
    },
    onSuccess: ({ followed }) => patchCategory(queryClient, categoryID, flip(followed)),
  });
}
