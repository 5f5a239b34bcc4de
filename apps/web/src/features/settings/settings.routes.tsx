import type { QueryClient } from "@tanstack/react-query";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow, type RouteErrorData } from "../../lib/route-errors.ts";
import { siteQuery } from "../../lib/site.ts";
import { refreshTitleBar } from "../layouts/index.ts";
import { requireMember, requirePermitted } from "../users/index.ts";
import { canManageEmail, emailSettingKeys, emailSettingsFromForm, type EmailSettings } from "./email.ts";
import {
  editedTemplate,
  emailTemplateFormValues,
  emailTemplateFromForm,
  emailTemplatesPath,
} from "./email-templates.ts";
import { EmailSettingsPage } from "./pages/EmailSettingsPage.tsx";
import { EmailTemplatesPage, type EmailTemplateResult } from "./pages/EmailTemplatesPage.tsx";
import { RegistrationSettingsPage } from "./pages/RegistrationSettingsPage.tsx";
import { SettingsPage } from "./pages/SettingsPage.tsx";
import { canManageRegistration } from "./registration.ts";
import { createSaveRegistration } from "./registration.save.ts";
import { emailApi, emailTemplatesApi, settingsApi } from "./settings.api.ts";
import {
  emailDeliveryQuery,
  emailKeys,
  emailSettingsQuery,
  emailTemplateKeys,
  emailTemplatesQuery,
  outboxQuery,
  registrationRolesQuery,
  registrationSettingsQuery,
  settingsKeys,
  settingsQuery,
} from "./settings.queries.ts";
import { editableSettings, settingsFromForm, type SettingValue } from "./settings.ts";

/**
 * `/dashboard/settings`: the site's settings a member may change (community.manage: what the site says;
 * site.manage: how it works), saved with one PATCH /config; a plain form post without JavaScript.
 */
export function createSettingsRoutes({
  queryClient,
  api,
}: {
  queryClient: QueryClient;
  api: ApiClient;
}): RouteObject[] {
  const editableFor = async (request: Request) => {
    const keys = editableSettings(await requireMember(queryClient, api, request));
    if (keys.length === 0) throw data<RouteErrorData>({ type: "Settings" }, { status: 403 });
    return keys;
  };
  const requireEmailManager = (request: Request) =>
    requirePermitted(queryClient, api, request, canManageEmail, "Settings");
  const requireRegistrationManager = (request: Request) =>
    requirePermitted(queryClient, api, request, canManageRegistration, "Settings");
  const saveRegistration = createSaveRegistration({ queryClient, api });
  /** "Send a test e-mail": the address typed, the server's word on it (its SMTP server's refusal too). */
  const sendTest = async (destinationAddress: string) => {
    const values = { intent: "test", destinationAddress };
    if (!destinationAddress)
      return formInvalid({ destinationAddress: t("Enter the address to send the test e-mail to.") }, values);
    try {
      await emailApi.sendTest(api, destinationAddress);
    } catch (error) {
      return formError(error, values);
    }
    await queryClient.invalidateQueries({ queryKey: emailKeys.outbox() });
    return {
      ok: true,
      message: t("The test e-mail has been sent to {address}.", { address: destinationAddress }),
      values,
    } satisfies FormResult;
  };
  /** The templates page's form: save, preview (nothing saved), or delete once confirmed. */
  const templateAction = async ({ request }: ActionFunctionArgs) => {
    await requireEmailManager(request);
    const edit = editedTemplate(new URL(request.url).searchParams);
    const form = await request.formData();
    const intent = formValue(form, "intent");
    if (intent === "delete" && typeof edit === "number") {
      if (formValue(form, "confirmed") !== "yes") return { confirmDelete: true } satisfies EmailTemplateResult;
      try {
        await emailTemplatesApi.remove(api, edit);
      } catch (error) {
        return formError(error, {});
      }
      await queryClient.invalidateQueries({ queryKey: emailTemplateKeys.list() });
      return redirect(emailTemplatesPath);
    }
    const template = emailTemplateFromForm(form);
    const values = emailTemplateFormValues(template);
    try {
      if (intent === "preview") {
        const preview = await emailTemplatesApi.preview(api, template);
        return { values, preview } satisfies EmailTemplateResult;
      }
      const saved = await emailTemplatesApi.save(api, typeof edit === "number" ? edit : null, template);
      await queryClient.invalidateQueries({ queryKey: emailTemplateKeys.list() });
      if (edit === "new") return redirect(`${emailTemplatesPath}?edit=${saved.emailTemplateID}`);
    } catch (error) {
      return formError(error, values);
    }
    return { ok: true, message: t("Your changes have been saved.") } satisfies EmailTemplateResult;
  };
  return [
    {
      id: "email-templates",
      path: "dashboard/settings/email-templates",
      loader: async ({ request }: LoaderFunctionArgs) => {
        await requireEmailManager(request);
        await loadOrThrow("Settings", () => queryClient.ensureQueryData(emailTemplatesQuery(api)));
        return null;
      },
      action: templateAction,
      element: <EmailTemplatesPage />,
    },
    {
      id: "settings",
      path: "dashboard/settings",
      loader: async ({ request }: LoaderFunctionArgs) => {
        await editableFor(request);
        await loadOrThrow("Settings", () => queryClient.ensureQueryData(settingsQuery(api)));
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        const keys = await editableFor(request);
        const values = settingsFromForm(await request.formData(), keys);
        try {
          const saved = await settingsApi.save(api, values);
          queryClient.setQueryData(settingsKeys.page(), (old: Record<string, SettingValue> | undefined) => ({
            ...old,
            ...saved,
          }));
        } catch (error) {
          return formError(
            error,
            Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)])),
          );
        }
        // The title bar and the document title read them too.
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: siteQuery(api).queryKey }),
          refreshTitleBar(queryClient, api, new URL(request.url)),
        ]);
        return { ok: true, message: t("Your changes have been saved.") } satisfies FormResult;
      },
      element: <SettingsPage />,
    },
    {
      id: "email-settings",
      path: "dashboard/settings/email",
      loader: async ({ request }: LoaderFunctionArgs) => {
        await requireEmailManager(request);
        await loadOrThrow("Settings", () =>
          Promise.all([
            queryClient.ensureQueryData(emailSettingsQuery(api)),
            queryClient.ensureQueryData(emailDeliveryQuery(api)),
            queryClient.ensureQueryData(outboxQuery(api)),
          ]),
        );
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requireEmailManager(request);
        const form = await request.formData();
        const intent = formValue(form, "intent");
        if (intent === "test") return sendTest(formValue(form, "destinationAddress").trim());
        const values = emailSettingsFromForm(form);
        const shown = Object.fromEntries(
          emailSettingKeys.map((key) => [key, key in values ? String(values[key]) : formValue(form, key)]),
        );
        try {
          const saved = await emailApi.save(api, values);
          queryClient.setQueryData(emailKeys.settings(), (old: EmailSettings | undefined) => ({ ...old, ...saved }));
        } catch (error) {
          return formError(error, { intent, ...shown });
        }
        await queryClient.invalidateQueries({ queryKey: emailKeys.delivery() });
        return { ok: true, message: t("Your changes have been saved."), values: { intent } } satisfies FormResult;
      },
      element: <EmailSettingsPage />,
    },
    {
      id: "registration-settings",
      path: "dashboard/settings/registration",
      loader: async ({ request }: LoaderFunctionArgs) => {
        await requireRegistrationManager(request);
        await loadOrThrow("Settings", () =>
          Promise.all([
            queryClient.ensureQueryData(registrationSettingsQuery(api)),
            queryClient.ensureQueryData(registrationRolesQuery(api)),
          ]),
        );
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requireRegistrationManager(request);
        return saveRegistration(request);
      },
      element: <RegistrationSettingsPage />,
    },
  ];
}
