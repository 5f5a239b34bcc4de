import type { QueryClient } from "@tanstack/react-query";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow } from "../../lib/route-errors.ts";
import { requirePermitted } from "../users/index.ts";
import { moderationMessagesApi } from "./warnings.manage.api.ts";
import { readMessageForm } from "./warnings.dashboard.ts";
import { categoryChoicesQuery, managedMessagesQuery } from "./warnings.manage.queries.ts";
import { canManageModerationMessages, moderationMessagesPagePath } from "./warnings.nav.ts";
import { moderationMessageKeys } from "./warnings.queries.ts";
import { ModerationMessagesPage } from "./pages/ModerationMessagesPage.tsx";

/**
 * `/dashboard/moderation/messages`: the moderation messages, for community managers: add one, change one
 * (`?edit={id}` opens its form), delete one. Plain form posts, so it works without JavaScript.
 */
export function createModerationMessagesRoutes({
  queryClient,
  api,
}: {
  queryClient: QueryClient;
  api: ApiClient;
}): RouteObject[] {
  const requireManager = (request: Request) =>
    requirePermitted(queryClient, api, request, canManageModerationMessages, "Moderation Messages");
  return [
    {
      id: "moderation-messages",
      path: moderationMessagesPagePath.slice(1),
      loader: async ({ request }: LoaderFunctionArgs) => {
        await requireManager(request);
        await Promise.all([
          loadOrThrow("Moderation Messages", () => queryClient.ensureQueryData(managedMessagesQuery(api))),
          queryClient.prefetchQuery(categoryChoicesQuery(api)),
        ]);
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requireManager(request);
        const form = await request.formData();
        const intent = formValue(form, "intent");
        const id = Number(formValue(form, "moderationMessageID"));
        try {
          if (intent === "delete") {
            await moderationMessagesApi.remove(api, id);
            return { ok: true, message: t("The message has been deleted.") } satisfies FormResult;
          }
          if (intent !== "create" && intent !== "edit") return null;
          const { message, values, errors } = readMessageForm(form);
          if (Object.keys(errors).length) return formInvalid(errors, values);
          try {
            if (intent === "create") await moderationMessagesApi.create(api, message);
            else await moderationMessagesApi.patch(api, id, message);
          } catch (error) {
            return formError(error, values, { recordID: "categoryID" });
          }
          return { ok: true, message: t("The message has been saved.") } satisfies FormResult;
        } catch (error) {
          return formError(error, { intent });
        } finally {
          await queryClient.invalidateQueries({ queryKey: moderationMessageKeys.all });
        }
      },
      element: <ModerationMessagesPage />,
    },
  ];
}
