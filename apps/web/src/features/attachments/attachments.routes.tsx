import type { QueryClient } from "@tanstack/react-query";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from "react-router";
import { ticketCreateMethods } from "@parley/contracts/attachments-constants";
import type { TicketIntegrationPatch } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow, notFoundError, recordIDParam } from "../../lib/route-errors.ts";
import { integrationsPagePath } from "./attachments.paths.ts";
import { requirePermitted } from "../users/index.ts";
import { attachmentsApi } from "./attachments.api.ts";
import { canConfigureIntegrations, seesAttachments } from "./attachments.permissions.ts";
import {
  attachmentFormQuery,
  ticketCommentQuery,
  ticketDiscussionQuery,
  ticketSettingsQuery,
} from "./attachments.queries.ts";
import { storeAttachments } from "./attachments.batch.ts";
import { attachmentCatalogQuery, attachmentKeys } from "./attachments.catalog.ts";
import { IntegrationsPage } from "./pages/IntegrationsPage.tsx";
import { NewTicketPage } from "./pages/NewTicketPage.tsx";

/** Where a form goes back to: a discussion's own address on this site, else the discussion. */
const backTo = (returnTo: string, fallback: string) =>
  /^\/discussion\/\d+(?:[/?#]|$)/.test(returnTo) && !returnTo.startsWith("//") ? returnTo : fallback;

/** The settings form's fields as the API's PATCH (the secret only when typed or removed). */
function readSettingsForm(form: FormData) {
  const fields = ["name", "baseUrl", "createUrl", "createBody", "statusUrl", "idPath", "urlPath", "statusPath"];
  const values: Record<string, string> = Object.fromEntries(fields.map((field) => [field, formValue(form, field)]));
  values["enabled"] = formValue(form, "enabled") === "1" ? "1" : "";
  values["createMethod"] = formValue(form, "createMethod");
  values["authHeaderName"] = formValue(form, "authHeaderName");
  const method = ticketCreateMethods.find((candidate) => candidate === values["createMethod"]) ?? "POST";
  const secret = formValue(form, "authSecret");
  const body: TicketIntegrationPatch = {
    enabled: values["enabled"] === "1",
    name: formValue(form, "name").trim(),
    baseUrl: formValue(form, "baseUrl").trim(),
    createUrl: formValue(form, "createUrl").trim(),
    createMethod: method,
    createBody: formValue(form, "createBody"),
    statusUrl: formValue(form, "statusUrl").trim(),
    idPath: formValue(form, "idPath").trim(),
    urlPath: formValue(form, "urlPath").trim(),
    statusPath: formValue(form, "statusPath").trim(),
    authHeaderName: formValue(form, "authHeaderName").trim(),
    ...(secret ? { authSecret: secret } : formValue(form, "removeSecret") === "1" ? { authSecret: "" } : {}),
  };
  const errors: Record<string, string> = {};
  if (!body.name) errors["name"] = t("Enter a name.");
  return { values, body, errors };
}

/**
 * `/discussion/{id}/attachments/new` (Create ticket as a page; `?commentID=` for a comment of the discussion) and
 * `/discussion/{id}/attachments/refresh` (a ticket's Refresh, the discussion's or a comment's) for moderators, and
 * `/dashboard/integrations` for site managers. Plain form posts: they work without JavaScript.
 */
export function createAttachmentsRoutes({
  queryClient,
  api,
}: {
  queryClient: QueryClient;
  api: ApiClient;
}): RouteObject[] {
  const requireStaff = (request: Request) => requirePermitted(queryClient, api, request, seesAttachments, "Ticket");
  const discussionOf = async (params: LoaderFunctionArgs["params"]) => {
    const discussionID = recordIDParam(params["id"], "Discussion");
    const discussion = await loadOrThrow("Discussion", () =>
      queryClient.ensureQueryData(ticketDiscussionQuery(api, discussionID)),
    );
    return { discussionID, path: new URL(discussion.url).pathname };
  };
  /**
   * The post a Create ticket page is for: the discussion, or its comment `?commentID=` (a comment of another
   * discussion is not found); and where the page goes back to.
   */
  const postOf = async (request: Request, params: LoaderFunctionArgs["params"]) => {
    const { discussionID, path } = await discussionOf(params);
    const raw = new URL(request.url).searchParams.get("commentID");
    if (raw === null) return { recordType: "discussion" as const, recordID: discussionID, discussionID, path };
    const commentID = recordIDParam(raw, "Comment");
    const comment = await loadOrThrow("Comment", () => queryClient.ensureQueryData(ticketCommentQuery(api, commentID)));
    if (comment.discussionID !== discussionID) throw notFoundError("Comment");
    const address = new URL(comment.url);
    return { recordType: "comment" as const, recordID: commentID, discussionID, path: address.pathname + address.hash };
  };
  return [
    {
      id: "attachment-new",
      path: "discussion/:id/attachments/new",
      loader: async ({ request, params }: LoaderFunctionArgs) => {
        await requireStaff(request);
        const { recordType, recordID } = await postOf(request, params);
        const catalog = await queryClient.ensureQueryData(attachmentCatalogQuery(api));
        if (!catalog["ticket"]?.canCreate) throw notFoundError("Page");
        await loadOrThrow(recordType === "comment" ? "Comment" : "Discussion", () =>
          queryClient.ensureQueryData(attachmentFormQuery(api, recordType, recordID)),
        );
        return null;
      },
      action: async ({ request, params }: ActionFunctionArgs) => {
        await requireStaff(request);
        const { recordType, recordID, path } = await postOf(request, params);
        const form = await request.formData();
        const values = { name: formValue(form, "name").trim(), body: formValue(form, "body") };
        if (!values.name) return formInvalid({ name: t("Enter a title.") }, values);
        try {
          await attachmentsApi.create(api, { attachmentType: "ticket", recordType, recordID, ...values });
        } catch (error) {
          return formError(error, values);
        }
        await queryClient.invalidateQueries({ queryKey: attachmentKeys.record(recordType, recordID) });
        return redirect(path);
      },
      element: <NewTicketPage />,
    },
    {
      id: "attachment-refresh",
      path: "discussion/:id/attachments/refresh",
      loader: async ({ params }: LoaderFunctionArgs) => redirect((await discussionOf(params)).path),
      action: async ({ request, params }: ActionFunctionArgs) => {
        await requireStaff(request);
        const { path } = await discussionOf(params);
        const form = await request.formData();
        const attachmentID = Number(formValue(form, "attachmentID"));
        if (Number.isInteger(attachmentID) && attachmentID > 0) {
          // A failed refresh leaves the status as it was; the page shows it unchanged. The answer names its post
          // (the discussion or one of its comments), whose box shows the new status.
          const refreshed = await attachmentsApi.refresh(api, [attachmentID]).catch(() => null);
          if (refreshed) storeAttachments(queryClient, refreshed);
        }
        return redirect(backTo(formValue(form, "returnTo"), path));
      },
    },
    {
      id: "integrations",
      path: integrationsPagePath.slice(1),
      loader: async ({ request }: LoaderFunctionArgs) => {
        await requirePermitted(queryClient, api, request, canConfigureIntegrations, "Integrations");
        await loadOrThrow("Integrations", () => queryClient.ensureQueryData(ticketSettingsQuery(api)));
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requirePermitted(queryClient, api, request, canConfigureIntegrations, "Integrations");
        const { values, body, errors } = readSettingsForm(await request.formData());
        if (Object.keys(errors).length) return formInvalid(errors, values);
        try {
          await attachmentsApi.updateTicketSettings(api, body);
          return { ok: true, message: t("The ticket integration is saved.") };
        } catch (error) {
          return formError(error, values);
        } finally {
          await queryClient.invalidateQueries({ queryKey: attachmentKeys.all });
        }
      },
      element: <IntegrationsPage />,
    },
  ];
}
