import { Suspense } from "react";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { EmailTemplate, Me } from "@parley/contracts";
import { memberMe, renderWithShell } from "../../shell/testing.tsx";
import { jsonResponse } from "../../test/fixtures.ts";
import { editedTemplate, emailTemplateFormValues, emailTemplateFromForm } from "./email-templates.ts";
import { EmailTemplatesPage } from "./pages/EmailTemplatesPage.tsx";

afterEach(cleanup);

const manager: Me = { ...memberMe, permissions: [...memberMe.permissions, "site.manage"] };

const template = (emailTemplateID: number, name: string, fields: Partial<EmailTemplate> = {}): EmailTemplate => ({
  emailTemplateID,
  emailType: "system",
  activityType: "DiscussionComment",
  name,
  subject: "{{headline}}",
  body: "<p>{{excerpt}}</p>",
  footer: null,
  emailLogo: null,
  status: "active",
  insertUserID: 1,
  dateInserted: "2026-12-01T10:00:00+00:00",
  updateUserID: 1,
  dateUpdated: "2026-12-01T10:00:00+00:00",
  ...fields,
});

describe("the e-mail templates form", () => {
  it("reads the form: empty footer and logo are none, an unknown kind is a custom template", () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      name: " Replies ",
      activityType: "Mention",
      status: "inactive",
      subject: " {{headline}} ",
      body: "<p>{{excerpt}}</p>\n",
      footer: "  ",
      emailLogo: "",
    }))
      form.set(key, value);
    const read = emailTemplateFromForm(form);
    expect(read).toEqual({
      name: "Replies",
      activityType: "Mention",
      status: "inactive",
      subject: "{{headline}}",
      body: "<p>{{excerpt}}</p>\n",
      footer: null,
      emailLogo: null,
    });
    form.set("activityType", "Nonsense");
    form.set("status", "whatever");
    expect(emailTemplateFromForm(form)).toMatchObject({ activityType: null, status: "active" });
    expect(emailTemplateFormValues(read)).toMatchObject({ activityType: "Mention", footer: "", emailLogo: "" });
  });

  it("reads ?edit= as a template's id, new, or the list alone", () => {
    expect(editedTemplate(new URLSearchParams("edit=12"))).toBe(12);
    expect(editedTemplate(new URLSearchParams("edit=new"))).toBe("new");
    expect(editedTemplate(new URLSearchParams("edit=0"))).toBeNull();
    expect(editedTemplate(new URLSearchParams("edit=1;drop"))).toBeNull();
    expect(editedTemplate(new URLSearchParams())).toBeNull();
  });
});

describe("EmailTemplatesPage", () => {
  const render = (path: string) =>
    renderWithShell(
      <Suspense fallback={null}>
        <EmailTemplatesPage />
      </Suspense>,
      {
        me: manager,
        path,
        routes: {
          "GET /email-templates": jsonResponse([
            template(1, "Comments"),
            template(2, "Announcement", { activityType: null, emailType: "custom", status: "inactive" }),
          ]),
        },
      },
    );

  it("lists the templates with their kind and status, and links each to its editor", async () => {
    render("/dashboard/settings/email-templates");
    const list = await screen.findByRole("list", { name: "Templates" });
    const [comments, announcement] = within(list).getAllByRole("listitem");
    expect(comments!.textContent).toContain("Discussion Comment · Active");
    expect(announcement!.textContent).toContain("Custom (sent only as a preview) · Inactive");
    expect(within(comments!).getByRole("link", { name: "Comments" }).getAttribute("href")).toBe(
      "/dashboard/settings/email-templates?edit=1",
    );
    expect(screen.getByRole("link", { name: "Add a template" })).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Subject" })).toBeNull();
  });

  it("edits a template in a labelled form with its kind's variables, Save and Preview", async () => {
    render("/dashboard/settings/email-templates?edit=1");
    const form = await screen.findByRole("form", { name: "Edit “Comments”" });
    expect(within(form).getByRole<HTMLInputElement>("textbox", { name: "Subject" }).value).toBe("{{headline}}");
    expect(within(form).getByRole<HTMLTextAreaElement>("textbox", { name: /^Body/ }).value).toBe("<p>{{excerpt}}</p>");
    expect(within(form).getByRole<HTMLSelectElement>("combobox", { name: /^Notification/ }).value).toBe(
      "DiscussionComment",
    );
    const variables = within(form).getByRole("region", { name: "Variables" });
    expect(variables.textContent).toContain("{{excerpt}}");
    expect(variables.textContent).toContain("{{unsubscribeUrl}}");
    expect(within(form).getByRole("button", { name: "Save" })).toBeTruthy();
    expect(within(form).getByRole("button", { name: "Preview" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Delete the template" })).toBeTruthy();
  });

  it("offers a custom template the site's variables alone, and says when a template is not there", async () => {
    render("/dashboard/settings/email-templates?edit=2");
    const variables = await screen.findByRole("region", { name: "Variables" });
    expect(variables.textContent).toContain("{{recipientName}}");
    expect(variables.textContent).not.toContain("{{headline}}");
    cleanup();
    render("/dashboard/settings/email-templates?edit=99");
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "This template could not be found.");
  });
});
