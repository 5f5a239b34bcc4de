import type { QueryClient } from "@tanstack/react-query";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from "react-router";
import { webhookEvents, webhooksPagePath, type WebhookEvent } from "@parley/contracts/webhooks-constants";
import type { WebhookDelivery } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow, notFoundError, pageParam, recordIDParam } from "../../lib/route-errors.ts";
import { requirePermitted } from "../users/index.ts";
import { webhooksApi } from "./webhooks.api.ts";
import { canManageWebhooks } from "./webhooks.permissions.ts";
import { webhookDeliveriesQuery, webhookKeys, webhookQuery, webhooksQuery } from "./webhooks.queries.ts";
import { WebhookPage } from "./pages/WebhookPage.tsx";
import { WebhooksPage } from "./pages/WebhooksPage.tsx";

/** What the list's action answers: a created webhook's secret comes back this once. */
export interface WebhookFormResult extends FormResult {
  secret?: { name: string; value: string; webhookID: number };
}

const isEvent = (value: string): value is WebhookEvent => (webhookEvents as readonly string[]).includes(value);

/** The form's fields, checked before the API is asked (the API checks again, and the URL's host). */
export function readWebhookForm(form: FormData) {
  const events = form.getAll("events").filter((value): value is string => typeof value === "string");
  const values = {
    intent: formValue(form, "intent"),
    name: formValue(form, "name").trim(),
    url: formValue(form, "url").trim(),
    secret: formValue(form, "secret").trim(),
    events: events.join(","),
  };
  const errors: Record<string, string> = {};
  if (!values.name) errors["name"] = t("Enter a name.");
  if (!values.url) errors["url"] = t("Enter the address to send events to.");
  const chosen = events.filter(isEvent);
  if (!chosen.length) errors["events"] = t("Choose at least one event.");
  return { values, errors, events: chosen };
}

/** An edit the API refused, with the form's values to show again. */
class RefusedEdit extends Error {
  constructor(
    override readonly cause: unknown,
    readonly values: Record<string, string>,
  ) {
    super("Refused");
  }
}

/** A delivery's outcome as a sentence (after Ping or Redeliver). */
function sentMessage(delivery: WebhookDelivery): string {
  if (delivery.status === "delivered")
    return t("Sent: the address answered {code}.", { code: String(delivery.responseCode) });
  if (delivery.status === "retrying")
    return t("Not delivered ({reason}); it will be tried again.", { reason: delivery.error ?? "" });
  return t("Not delivered: {reason}", { reason: delivery.error ?? "" });
}

/**
 * `/dashboard/webhooks` (the list and the Add form) and `/dashboard/webhooks/{id}` (one webhook's settings, Ping,
 * Disable or Re-enable, Delete, and its delivery log with Redeliver), for site managers. Plain form posts: they
 * work without JavaScript.
 */
export function createWebhooksRoutes({
  queryClient,
  api,
}: {
  queryClient: QueryClient;
  api: ApiClient;
}): RouteObject[] {
  const requireManager = (request: Request) =>
    requirePermitted(queryClient, api, request, canManageWebhooks, "Webhooks");
  return [
    {
      id: "webhooks",
      path: webhooksPagePath.slice(1),
      loader: async ({ request }: LoaderFunctionArgs) => {
        await requireManager(request);
        await loadOrThrow("Webhooks", () => queryClient.ensureQueryData(webhooksQuery(api)));
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requireManager(request);
        const { values, errors, events } = readWebhookForm(await request.formData());
        if (Object.keys(errors).length) return formInvalid(errors, values);
        try {
          const created = await webhooksApi.add(api, {
            name: values.name,
            url: values.url,
            events,
            ...(values.secret ? { secret: values.secret } : {}),
          });
          return {
            ok: true,
            message: t("The webhook “{name}” is added.", { name: created.name }),
            secret: { name: created.name, value: created.secret, webhookID: created.webhookID },
          } satisfies WebhookFormResult;
        } catch (error) {
          return formError(error, values);
        } finally {
          await queryClient.invalidateQueries({ queryKey: webhookKeys.all });
        }
      },
      element: <WebhooksPage />,
    },
    {
      id: "webhook",
      path: `${webhooksPagePath.slice(1)}/:webhookID`,
      loader: async ({ request, params }: LoaderFunctionArgs) => {
        await requireManager(request);
        const webhookID = recordIDParam(params["webhookID"], "Webhook");
        const page = pageParam(new URL(request.url).searchParams);
        if (page === null) throw notFoundError("Page");
        await loadOrThrow("Webhook", () =>
          Promise.all([
            queryClient.ensureQueryData(webhookQuery(api, webhookID)),
            queryClient.ensureQueryData(webhookDeliveriesQuery(api, webhookID, page)),
          ]),
        );
        return null;
      },
      action: async ({ request, params }: ActionFunctionArgs) => {
        await requireManager(request);
        const webhookID = recordIDParam(params["webhookID"], "Webhook");
        const form = await request.formData();
        const intent = formValue(form, "intent");
        const values = { intent, deliveryID: formValue(form, "deliveryID"), name: formValue(form, "name") };
        try {
          switch (intent) {
            case "edit": {
              const read = readWebhookForm(form);
              if (Object.keys(read.errors).length) return formInvalid(read.errors, read.values);
              const { name, url, secret } = read.values;
              const body = { name, url, events: read.events, ...(secret ? { secret } : {}) };
              const saved = await webhooksApi.update(api, webhookID, body).catch((error: unknown) => {
                throw new RefusedEdit(error, read.values);
              });
              return { ok: true, message: t("The webhook “{name}” is saved.", { name: saved.name }) };
            }
            case "rotate": {
              const rotated = await webhooksApi.rotateSecret(api, webhookID);
              return {
                ok: true,
                message: t("A new secret replaces the old one: deliveries are signed with it from now on."),
                secret: { name: rotated.name, value: rotated.secret, webhookID },
              } satisfies WebhookFormResult;
            }
            case "ping":
              return { ok: true, message: sentMessage(await webhooksApi.ping(api, webhookID)) };
            case "redeliver":
              return { ok: true, message: sentMessage(await webhooksApi.redeliver(api, webhookID, values.deliveryID)) };
            case "enable":
              await webhooksApi.update(api, webhookID, { status: "active" });
              return { ok: true, message: t("The webhook is enabled again.") };
            case "disable":
              await webhooksApi.update(api, webhookID, { status: "disabled" });
              return { ok: true, message: t("The webhook is disabled: no events are sent to it.") };
            case "delete":
              if (formValue(form, "confirmed") !== "yes") return null;
              await webhooksApi.remove(api, webhookID);
              return redirect(`${webhooksPagePath}?deleted=${encodeURIComponent(values.name)}`);
            default:
              return null;
          }
        } catch (error) {
          // A refused edit shows the edit form again with what was typed.
          return error instanceof RefusedEdit ? formError(error.cause, error.values) : formError(error, values);
        } finally {
          await queryClient.invalidateQueries({ queryKey: webhookKeys.all });
        }
      },
      element: <WebhookPage />,
    },
  ];
}
