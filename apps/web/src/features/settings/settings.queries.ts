import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { emailApi, emailTemplatesApi, registrationApi, settingsApi } from "./settings.api.ts";

export const settingsKeys = { page: () => ["config", "settings-page"] as const };

export const settingsQuery = (api: ApiClient) =>
  queryOptions({ queryKey: settingsKeys.page(), queryFn: ({ signal }) => settingsApi.read(api, signal) });

export const emailKeys = {
  settings: () => ["config", "email-settings"] as const,
  delivery: () => ["emails", "delivery"] as const,
  outbox: () => ["emails", "outbox"] as const,
};

export const emailSettingsQuery = (api: ApiClient) =>
  queryOptions({ queryKey: emailKeys.settings(), queryFn: ({ signal }) => emailApi.read(api, signal) });
export const emailDeliveryQuery = (api: ApiClient) =>
  queryOptions({ queryKey: emailKeys.delivery(), queryFn: ({ signal }) => emailApi.delivery(api, signal) });
export const outboxQuery = (api: ApiClient) =>
  queryOptions({ queryKey: emailKeys.outbox(), queryFn: ({ signal }) => emailApi.outbox(api, signal) });

export const registrationKeys = {
  settings: () => ["config", "registration-settings"] as const,
  roles: () => ["registration", "roles"] as const,
};

export const registrationSettingsQuery = (api: ApiClient) =>
  queryOptions({ queryKey: registrationKeys.settings(), queryFn: ({ signal }) => registrationApi.read(api, signal) });
export const registrationRolesQuery = (api: ApiClient) =>
  queryOptions({ queryKey: registrationKeys.roles(), queryFn: ({ signal }) => registrationApi.roles(api, signal) });

export const emailTemplateKeys = { list: () => ["email-templates", "list"] as const };

export const emailTemplatesQuery = (api: ApiClient) =>
  queryOptions({ queryKey: emailTemplateKeys.list(), queryFn: ({ signal }) => emailTemplatesApi.list(api, signal) });
