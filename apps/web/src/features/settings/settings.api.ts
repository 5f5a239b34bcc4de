import type { EmailDelivery, EmailTemplate, OutboxMessage, RenderedEmail, Role } from "@parley/contracts";
import type { RegistrationRoleType } from "@parley/contracts/roles-constants";
import type { ApiClient } from "../../lib/api.ts";
import { emailSettingKeys, type EmailSettings } from "./email.ts";
import type { EmailTemplateForm } from "./email-templates.ts";
import { registrationSettingKeys, type RegistrationSettings } from "./registration.ts";
import { settingsPageKeys, type SettingValue } from "./settings.ts";

/** Site settings (dashboard-config.yml): GET /config for the page's keys, PATCH /config to change them. */
export const settingsApi = {
  read: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<Record<string, SettingValue>>("/config", { select: [...settingsPageKeys] }, signal)).data,
  save: async (api: ApiClient, values: Record<string, SettingValue>) =>
    (await api.request<Record<string, SettingValue>>({ method: "PATCH", path: "/config", body: values })).data,
};

/** How many of the outbox's newest messages the page lists. */
export const outboxPageSize = 20;

/** Outgoing mail (dashboard-emails.yml and Parley's delivery and outbox). */
export const emailApi = {
  read: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<EmailSettings>("/config", { select: [...emailSettingKeys] }, signal)).data,
  save: async (api: ApiClient, values: Record<string, string | number | boolean>) =>
    (await api.request<EmailSettings>({ method: "PATCH", path: "/config", body: values })).data,
  delivery: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<EmailDelivery>("/emails/delivery", {}, signal)).data,
  outbox: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<OutboxMessage[]>("/outbox", { limit: outboxPageSize }, signal)).data,
  sendTest: async (api: ApiClient, destinationAddress: string) =>
    (
      await api.request<{ success: boolean }>({
        method: "POST",
        path: "/emails/send-test",
        body: { destinationAddress },
      })
    ).data,
};

/** Registration: the method and confirm e-mail (GET and PATCH /config), and the roles each kind of it gives. */
export const registrationApi = {
  read: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<RegistrationSettings>("/config", { select: [...registrationSettingKeys] }, signal)).data,
  save: async (api: ApiClient, values: RegistrationSettings) =>
    (await api.request<RegistrationSettings>({ method: "PATCH", path: "/config", body: values })).data,
  /** Every role with its type (the roles of a registration's type are what it gives). */
  roles: async (api: ApiClient, signal?: AbortSignal) => (await api.get<Role[]>("/roles", {}, signal)).data,
  /** `PUT /roles/defaults`: for each kind given, these roles and no others; all of it in one transaction. */
  setDefaults: async (api: ApiClient, defaults: Partial<Record<RegistrationRoleType, number[]>>) =>
    (await api.request<Role[]>({ method: "PUT", path: "/roles/defaults", body: defaults })).data,
};

/** Administrators' e-mail templates (dashboard-emailTemplates.yml) and Parley's preview of one not yet saved. */
export const emailTemplatesApi = {
  list: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<EmailTemplate[]>("/email-templates", { limit: 100 }, signal)).data,
  save: async (api: ApiClient, emailTemplateID: number | null, template: EmailTemplateForm) =>
    (
      await api.request<EmailTemplate>(
        emailTemplateID === null
          ? { method: "POST", path: "/email-templates", body: template }
          : { method: "PATCH", path: `/email-templates/${emailTemplateID}`, body: template },
      )
    ).data,
  preview: async (api: ApiClient, template: EmailTemplateForm) => {
    const { subject, body, footer, emailLogo, activityType } = template;
    return (
      await api.request<RenderedEmail>({
        method: "POST",
        path: "/email-templates/preview",
        body: { subject, body, footer, emailLogo, activityType },
      })
    ).data;
  },
  remove: async (api: ApiClient, emailTemplateID: number) =>
    api.request<null>({ method: "DELETE", path: `/email-templates/${emailTemplateID}` }),
};
