import type { QueryClient } from "@tanstack/react-query";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from "react-router";
import { watchedWordActions, watchedWordsPagePath, type WatchedWordAction } from "@parley/contracts/spam-constants";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow } from "../../lib/route-errors.ts";
import { requirePermitted } from "../users/index.ts";
import { watchedWordsApi } from "./spam.api.ts";
import { canManageWatchedWords, watchedWordKeys, watchedWordsQuery } from "./spam.queries.ts";
import { WatchedWordsPage } from "./pages/WatchedWordsPage.tsx";

const isAction = (value: string): value is WatchedWordAction =>
  (watchedWordActions as readonly string[]).includes(value);

/**
 * `/dashboard/moderation/watched-words`: the watched words with their actions, for site managers: add one with
 * its action, delete one. Plain form posts, so it works without JavaScript.
 */
export function createWatchedWordsRoutes({
  queryClient,
  api,
}: {
  queryClient: QueryClient;
  api: ApiClient;
}): RouteObject[] {
  const requireManager = (request: Request) =>
    requirePermitted(queryClient, api, request, canManageWatchedWords, "Watched words");
  return [
    {
      id: "watched-words",
      path: watchedWordsPagePath.slice(1),
      loader: async ({ request }: LoaderFunctionArgs) => {
        await requireManager(request);
        await loadOrThrow("Watched words", () => queryClient.ensureQueryData(watchedWordsQuery(api)));
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requireManager(request);
        const form = await request.formData();
        const intent = formValue(form, "intent");
        const word = formValue(form, "word").trim();
        const action = formValue(form, "action");
        const values = { intent, word, action };
        try {
          if (intent === "add") {
            if (!isAction(action))
              return formInvalid({ action: t("Choose what happens to a post with the word.") }, values);
            const added = await watchedWordsApi.add(api, { word, action });
            return { ok: true, message: t("“{word}” is now watched.", { word: added.word }) } satisfies FormResult;
          }
          if (intent === "delete") {
            await watchedWordsApi.remove(api, Number(formValue(form, "watchedWordID")));
            return { ok: true, message: t("“{word}” is no longer watched.", { word }) } satisfies FormResult;
          }
          return null;
        } catch (error) {
          return formError(error, values);
        } finally {
          await queryClient.invalidateQueries({ queryKey: watchedWordKeys.all });
        }
      },
      element: <WatchedWordsPage />,
    },
  ];
}
