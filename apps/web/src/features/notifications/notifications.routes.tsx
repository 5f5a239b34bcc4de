import type { QueryClient } from "@tanstack/react-query";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from "react-router";
import {
  digestPreference,
  notificationActivityTypes,
  notificationPreferenceLabels,
  type NotificationActivityType,
} from "@parley/contracts/notifications-constants";
import type { NotificationPreferencesPatch } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { formError, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow, notFoundError } from "../../lib/route-errors.ts";
import { requireMember } from "../users/index.ts";
import { notificationsApi } from "./notifications.api.ts";
import { markAllReadInCache } from "./notifications.cache.ts";
import { digestField, preferenceField, preferenceGroups } from "./notifications.preferences.ts";
import {
  notificationKeys,
  notificationLimits,
  notificationsQuery,
  preferencesQuery,
  preferencesSchemaQuery,
} from "./notifications.queries.ts";
import { NotificationPreferencesPage } from "./pages/NotificationPreferencesPage.tsx";
import { NotificationsPage, readNotificationsPage } from "./pages/NotificationsPage.tsx";
import { UnsubscribePage } from "./pages/UnsubscribePage.tsx";

/** The sentence after unsubscribing: which e-mail stops (`Email.Mention` → 'Mention'). */
export function unsubscribedMessage(preferences: { preference: string }[]): string {
  const type = preferences[0]?.preference.replace(/^Email\./, "");
  if (type === digestPreference) return t("You will no longer get the e-mail digest.");
  const known = (notificationActivityTypes as readonly string[]).includes(type ?? "");
  return known
    ? t("You will no longer get e-mail notifications for: {label}.", {
        label: t(notificationPreferenceLabels[type as NotificationActivityType].label),
      })
    : t("You have been unsubscribed.");
}

/**
 * The member's notification pages (spec §2, issue 7): `/profile/notifications`,
 * `/profile/preferences` and the e-mail unsubscribe landing `/unsubscribe/{token}`.
 */
export function createNotificationRoutes({
  queryClient,
  api,
}: {
  queryClient: QueryClient;
  api: ApiClient;
}): RouteObject[] {
  return [
    {
      id: "notifications",
      path: "profile/notifications",
      loader: async ({ request }: LoaderFunctionArgs) => {
        await requireMember(queryClient, api, request);
        const page = readNotificationsPage(new URL(request.url).searchParams);
        if (page === null) throw notFoundError();
        const list = await loadOrThrow("Notifications", () =>
          queryClient.ensureQueryData(notificationsQuery(api, page, notificationLimits.page)),
        );
        if (page > 1 && list.items.length === 0) throw notFoundError();
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        const form = await request.formData();
        if (form.get("intent") !== "markAllRead") return null;
        try {
          await notificationsApi.markAllRead(api);
        } catch (error) {
          return formError(error, {});
        }
        markAllReadInCache(queryClient);
        return { ok: true, message: t("All notifications are marked read.") } satisfies FormResult;
      },
      element: <NotificationsPage />,
    },
    {
      id: "notification-preferences",
      path: "profile/preferences",
      loader: async ({ request }: LoaderFunctionArgs) => {
        await requireMember(queryClient, api, request);
        await loadOrThrow("Preferences", () =>
          Promise.all([
            queryClient.ensureQueryData(preferencesSchemaQuery(api)),
            queryClient.ensureQueryData(preferencesQuery(api)),
          ]),
        );
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        const form = await request.formData();
        const schema = await queryClient.ensureQueryData(preferencesSchemaQuery(api));
        const patch: NotificationPreferencesPatch = { DigestEnabled: { email: form.get(digestField) === "1" } };
        for (const group of preferenceGroups(schema)) {
          for (const { type } of group.rows) {
            patch[type] = {
              popup: form.get(preferenceField(type, "popup")) === "1",
              email: form.get(preferenceField(type, "email")) === "1",
            };
          }
        }
        try {
          const saved = await notificationsApi.savePreferences(api, patch);
          queryClient.setQueryData(notificationKeys.preferences(), saved);
        } catch (error) {
          return formError(error, {});
        }
        return { ok: true, message: t("Your preferences have been saved.") } satisfies FormResult;
      },
      element: <NotificationPreferencesPage />,
    },
    {
      id: "unsubscribe",
      path: "unsubscribe/:token",
      action: async ({ params }: ActionFunctionArgs) => {
        try {
          const result = await notificationsApi.unsubscribe(api, params["token"] ?? "");
          return { ok: true, message: unsubscribedMessage(result.preferences) } satisfies FormResult;
        } catch (error) {
          return formError(error, {});
        }
      },
      element: <UnsubscribePage />,
    },
  ];
}
