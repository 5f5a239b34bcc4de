import {
  emailMessages,
  emailTemplateRules as rules,
  isEmailTemplateKind,
  limits,
  type EmailTemplate,
  type EmailTemplateDraft,
  type EmailTemplateListQuery,
  type EmailTemplatePatch,
  type EmailTemplatePost,
  type NotificationActivityType,
  type RenderedEmail,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Platform } from "../../platform/context.ts";
import { HttpError, notFound, validationFailed } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { emailTemplatesPolicy as policy } from "./email-templates.policy.ts";
import type { EmailTemplateRow, EmailTemplatesRepo } from "./email-templates.repo.ts";
import {
  checkTemplate,
  renderTemplate,
  sampleValues,
  type TemplateSource,
  type TemplateValues,
} from "./email-templates.render.ts";

const kindOf = (value: string | null): NotificationActivityType | null =>
  value !== null && isEmailTemplateKind(value) ? value : null;

const present = (row: EmailTemplateRow): EmailTemplate => ({
  emailTemplateID: row.emailTemplateID,
  emailType: row.activityType === null ? "custom" : "system",
  activityType: kindOf(row.activityType),
  name: row.name,
  subject: row.subject,
  body: row.body,
  footer: row.footer,
  emailLogo: row.emailLogo,
  status: row.status === "inactive" ? "inactive" : "active",
  insertUserID: row.insertUserID,
  dateInserted: new Date(row.dateInserted).toISOString(),
  updateUserID: row.updateUserID,
  dateUpdated: new Date(row.dateUpdated).toISOString(),
});

const sourceOf = (row: EmailTemplateRow): TemplateSource => ({
  activityType: kindOf(row.activityType),
  subject: row.subject,
  body: row.body,
  footer: row.footer,
  emailLogo: row.emailLogo,
});

/** A POST's or a draft's fields as a template (a null in a body may reach here as "": both mean none), checked. */
function sourceOfBody(body: EmailTemplateDraft): TemplateSource {
  const source: TemplateSource = {
    activityType: body.activityType || null,
    subject: body.subject,
    body: body.body,
    footer: body.footer || null,
    emailLogo: body.emailLogo || null,
  };
  requireValid(source);
  return source;
}

/** A template's fields checked as mustache against its kind's variables: 422 naming each field and why. */
function requireValid(source: TemplateSource): void {
  const problems = checkTemplate(source);
  if (problems.length > 0) throw validationFailed(problems);
}

// A null in a body may reach here as "" (Ajv coerces it for the string branch): both mean "none".

/** `/email-templates`: administrators' templates of the forum's e-mail, their previews, and the e-mail they write. */
export function createEmailTemplatesService(repo: EmailTemplatesRepo, platform: Platform) {
  const site = async () => ({
    siteConfig: platform.siteConfig,
    origin: platform.config.publicUrl,
    siteName: await platform.siteConfig.get("garden.title"),
  });

  async function load(emailTemplateID: number): Promise<EmailTemplateRow> {
    const row = await repo.byId(emailTemplateID);
    if (!row) throw notFound("Email template");
    return row;
  }

  async function preview(source: TemplateSource): Promise<RenderedEmail> {
    const context = await site();
    return renderTemplate(source, sampleValues(source.activityType, context.origin, context.siteName), context);
  }

  return {
    async list(query: EmailTemplateListQuery, context: RequestContext) {
      requireAccess(context.viewer, policy.canManage);
      const page = query.page ?? limits.api.defaultPage;
      const limit = query.limit ?? rules.defaultLimit;
      const filter = {
        ...(query.emailTemplateID !== undefined ? { emailTemplateID: query.emailTemplateID } : {}),
        ...(query.statuses ? { statuses: query.statuses } : {}),
        ...(query.emailType ? { ofKind: query.emailType === "system" } : {}),
        ...(query.activityType ? { activityType: query.activityType } : {}),
      };
      const { rows, total } = await repo.page(filter, query.sort ?? "name", (page - 1) * limit, limit);
      return { items: rows.map(present), page, limit, total };
    },

    async get(emailTemplateID: number, context: RequestContext): Promise<EmailTemplate> {
      requireAccess(context.viewer, policy.canManage);
      return present(await load(emailTemplateID));
    },

    async create(body: EmailTemplatePost, context: RequestContext): Promise<EmailTemplate> {
      requireAccess(context.viewer, policy.canManage);
      const source = sourceOfBody(body);
      const now = platform.clock.nowIso();
      const emailTemplateID = await repo.insert({
        ...source,
        name: body.name,
        status: body.status ?? "active",
        insertUserID: context.viewer.userID,
        dateInserted: now,
        updateUserID: context.viewer.userID,
        dateUpdated: now,
      });
      return present(await load(emailTemplateID));
    },

    async update(emailTemplateID: number, patch: EmailTemplatePatch, context: RequestContext): Promise<EmailTemplate> {
      requireAccess(context.viewer, policy.canManage);
      const row = await load(emailTemplateID);
      const before = sourceOf(row);
      const source: TemplateSource = {
        activityType: patch.activityType !== undefined ? patch.activityType || null : before.activityType,
        subject: patch.subject ?? before.subject,
        body: patch.body ?? before.body,
        footer: patch.footer !== undefined ? patch.footer || null : before.footer,
        emailLogo: patch.emailLogo !== undefined ? patch.emailLogo || null : before.emailLogo,
      };
      requireValid(source);
      await repo.update(emailTemplateID, {
        ...source,
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.status !== undefined ? { status: patch.status } : {}),
        updateUserID: context.viewer.userID,
        dateUpdated: platform.clock.nowIso(),
      });
      return present(await load(emailTemplateID));
    },

    async remove(emailTemplateID: number, context: RequestContext): Promise<void> {
      requireAccess(context.viewer, policy.canManage);
      if (!(await repo.remove(emailTemplateID))) throw notFound("Email template");
    },

    /** Parley: a template not saved yet, filled with sample values (the editor's preview). */
    async previewDraft(draft: EmailTemplateDraft, context: RequestContext): Promise<RenderedEmail> {
      requireAccess(context.viewer, policy.canManage);
      const source = sourceOfBody(draft);
      return preview(source);
    },

    /** A saved template, filled with sample values, sent to an address (502 when the mail server refuses). */
    async sendPreview(emailTemplateID: number, destinationAddress: string, context: RequestContext): Promise<void> {
      requireAccess(context.viewer, policy.canManage);
      const mail = await preview(sourceOf(await load(emailTemplateID)));
      try {
        await platform.mailer.send({ to: destinationAddress, ...mail });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new HttpError(502, emailMessages.testFailed.replace("{reason}", reason));
      }
    },

    /**
     * The e-mail of a notification kind by its active template (subject and both parts), or null when it has
     * none, so that the built-in e-mail goes out. A template that no longer renders is left for the built-in one.
     */
    async forNotification(
      activityType: NotificationActivityType,
      values: TemplateValues,
    ): Promise<RenderedEmail | null> {
      const row = await repo.activeFor(activityType);
      if (!row) return null;
      const source = sourceOf(row);
      if (checkTemplate(source).length > 0) return null;
      return renderTemplate(source, values, await site());
    },
  };
}

export type EmailTemplatesService = ReturnType<typeof createEmailTemplatesService>;
