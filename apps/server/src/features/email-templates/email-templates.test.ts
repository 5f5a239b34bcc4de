import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import {
  EmailTemplate,
  RenderedEmail,
  type EmailTemplate as EmailTemplateRecord,
  type ErrorBody,
  type RenderedEmail as RenderedEmailRecord,
} from "@parley/contracts";
import { mailTo } from "../../test/accounts.ts";
import {
  createContentFixture,
  expectSchema,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";
import { engines } from "../../test/databases.ts";
import { startSmtpServer } from "../../test/smtp.ts";

/*
 * Administrators' e-mail templates (issue 39): CRUD with mustache checked against each kind's variables, the
 * previews, the site's e-mail style, and notification e-mail written by a kind's active template, end to end
 * through a real SMTP server.
 */

const cast = {
  author: { name: "Tess Author", role: "member", bypassSpam: true },
  replier: { name: "Rex Replier", role: "member", bypassSpam: true },
} as const;

const template = {
  name: "Comments",
  activityType: "DiscussionComment",
  subject: "[{{siteName}}] {{headline}}",
  body: '<p>Hello {{recipientName}},</p><p>{{headline}}</p>{{#excerpt}}<blockquote>{{excerpt}}</blockquote>{{/excerpt}}<p><a href="{{url}}">Read it</a></p><script>alert(1)</script>',
  footer: '<a href="{{unsubscribeUrl}}">Stop these</a>',
};

/** The decoded parts of a raw MIME message (quoted-printable or base64), by content type. */
function mimeParts(raw: string): { headers: string; text: string; html: string } {
  const [headers = ""] = raw.split(/\r?\n\r?\n/, 1);
  const decode = (part: string) => {
    const split = part.search(/\r?\n\r?\n/);
    const head = part.slice(0, split);
    const body = part.slice(split).trim();
    if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body, "base64").toString("utf8");
    if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
      const bytes = body
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, "latin1").toString("utf8");
    }
    return body;
  };
  const parts = raw.split(/\r?\n--[^\r\n]+/);
  const find = (type: string) =>
    decode(parts.find((part) => new RegExp(`content-type:\\s*${type}`, "i").test(part)) ?? "");
  return { headers, text: find("text/plain"), html: find("text/html") };
}

describe.each(engines)("/email-templates on %s", (engine) => {
  let f: ContentFixture<keyof typeof cast>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
    smtp = await startSmtpServer({ user: "parley", password: "right-password" });
  });
  afterAll(async () => {
    await smtp?.close();
    await f?.t.close();
  });
  afterEach(async () => {
    await f.t.database.db.deleteFrom("emailTemplates").execute();
    await f.t.app.platform.siteConfig.setMany({
      "smtp.host": "",
      "smtp.port": 0,
      "smtp.user": "",
      "smtp.password": "",
    });
    smtp.received.length = 0;
    f.t.clock.advance(61_000);
  });

  /** Mail through the test's SMTP server (the outbox again after each test). */
  const useSmtp = () =>
    f.t.app.platform.siteConfig.setMany({
      "smtp.host": "127.0.0.1",
      "smtp.port": smtp.port,
      "smtp.user": "parley",
      "smtp.password": "right-password",
      "smtp.security": "none",
    });
  const create = async (body: Record<string, unknown> = template) => {
    const response = await f.api.post("/api/v2/email-templates", body, { as: f.admin });
    expect(response.statusCode, response.body).toBe(201);
    const record = response.json<EmailTemplateRecord>();
    expectSchema(EmailTemplate, record);
    return record;
  };
  const fieldsOf = (body: string) => (JSON.parse(body) as ErrorBody).errors?.map((error) => error.field) ?? [];

  it("adds, lists, reads, changes and deletes a template", async () => {
    const made = await create();
    expect(made).toMatchObject({
      name: "Comments",
      emailType: "system",
      activityType: "DiscussionComment",
      status: "active",
      footer: template.footer,
      emailLogo: null,
      insertUserID: f.adminID,
      updateUserID: f.adminID,
    });
    const custom = await create({
      name: "Announcement",
      subject: "News from {{siteName}}",
      body: "<p>Hi {{recipientName}}</p>",
      status: "inactive",
    });
    expect(custom).toMatchObject({ emailType: "custom", activityType: null, footer: null, status: "inactive" });

    const list = await f.api.get("/api/v2/email-templates", { as: f.admin });
    expect(list.statusCode, list.body).toBe(200);
    expectSchema(Type.Array(EmailTemplate), list.json());
    expect(list.json<EmailTemplateRecord[]>().map((item) => item.name)).toEqual(["Announcement", "Comments"]);
    expect(list.headers["x-app-page-result-count"]).toBe("2");
    const filtered = async (query: string) =>
      (await f.api.get(`/api/v2/email-templates?${query}`, { as: f.admin }))
        .json<EmailTemplateRecord[]>()
        .map((item) => item.emailTemplateID);
    expect(await filtered("emailType=custom")).toEqual([custom.emailTemplateID]);
    expect(await filtered("statuses=active")).toEqual([made.emailTemplateID]);
    expect(await filtered(`emailTemplateID=${made.emailTemplateID}`)).toEqual([made.emailTemplateID]);
    expect(await filtered("activityType=DiscussionComment")).toEqual([made.emailTemplateID]);
    expect(await filtered("sort=-dateInserted")).toEqual([custom.emailTemplateID, made.emailTemplateID]);

    const one = await f.api.get(`/api/v2/email-templates/${made.emailTemplateID}`, { as: f.admin });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual(made);

    f.t.clock.advance(1_000);
    const patched = await f.api.patch(
      `/api/v2/email-templates/${made.emailTemplateID}`,
      { name: "Replies", status: "inactive", footer: null, emailLogo: "https://cdn.example/logo.png" },
      { as: f.admin },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      name: "Replies",
      status: "inactive",
      footer: null,
      emailLogo: "https://cdn.example/logo.png",
      subject: template.subject,
    });
    expect(patched.json<EmailTemplateRecord>().dateUpdated > made.dateUpdated).toBe(true);

    const deleted = await f.api.delete(`/api/v2/email-templates/${made.emailTemplateID}`, { as: f.admin });
    expect(deleted.statusCode).toBe(204);
    expect((await f.api.get(`/api/v2/email-templates/${made.emailTemplateID}`, { as: f.admin })).statusCode).toBe(404);
    expect((await f.api.delete(`/api/v2/email-templates/${made.emailTemplateID}`, { as: f.admin })).statusCode).toBe(
      404,
    );
  });

  it("answers 422 naming the field for a template that does not parse or uses what its kind does not offer", async () => {
    const refused = async (body: Record<string, unknown>, field: string, words: string) => {
      const response = await f.api.post("/api/v2/email-templates", { ...template, ...body }, { as: f.admin });
      expect(response.statusCode, response.body).toBe(422);
      expect(fieldsOf(response.body), response.body).toEqual([field]);
      expect(response.body).toContain(words);
    };
    await refused(
      { body: "<p>{{#excerpt}}never closed</p>" },
      "body",
      "body is not a valid template: Unclosed section",
    );
    await refused({ subject: "{{password}}" }, "subject", "{{password}}, which this kind of e-mail does not offer");
    await refused({ body: "<p>{{{headline}}}</p>" }, "body", "without escaping");
    await refused({ body: "<p>{{& headline}}</p>" }, "body", "without escaping");
    await refused({ footer: "{{> secrets}}" }, "footer", "includes another template");
    await refused({ body: "{{=<% %>=}}<%headline%>" }, "body", "delimiters");
    // A custom template offers the site's variables alone.
    await refused(
      { activityType: null, subject: "News", footer: null, body: "<p>{{headline}}</p>" },
      "body",
      "does not offer (siteName, siteUrl, recipientName)",
    );
    // Kinds not about a post have no excerpt.
    await refused({ activityType: "Badge" }, "body", "{{excerpt}}");
    const custom = await create({
      ...template,
      activityType: null,
      subject: "News",
      body: "<p>{{siteName}}</p>",
      footer: null,
    });
    expect(custom).toMatchObject({ activityType: null, emailType: "custom", footer: null });

    const made = await create();
    const patch = await f.api.patch(
      `/api/v2/email-templates/${made.emailTemplateID}`,
      { subject: "{{#url}}" },
      { as: f.admin },
    );
    expect(patch.statusCode, patch.body).toBe(422);
    expect(fieldsOf(patch.body)).toEqual(["subject"]);
    // A kind changed to one without an excerpt: the body is checked again.
    const kind = await f.api.patch(
      `/api/v2/email-templates/${made.emailTemplateID}`,
      { activityType: "Badge" },
      { as: f.admin },
    );
    expect(kind.statusCode, kind.body).toBe(422);
    expect(fieldsOf(kind.body)).toEqual(["body"]);
  });

  it("refuses bodies outside the schema: missing fields, unknown fields, bad values, unknown ids", async () => {
    for (const body of [
      { name: "No body", subject: "Hi" },
      { ...template, name: "" },
      { ...template, status: "deleted-ish" },
      { ...template, activityType: "Nothing" },
      { ...template, emailLogo: "javascript:alert(1)" },
      { ...template, body: "x".repeat(20_001) },
    ]) {
      const response = await f.api.post("/api/v2/email-templates", body, { as: f.admin });
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    const made = await create();
    const extra = await f.api.patch(
      `/api/v2/email-templates/${made.emailTemplateID}`,
      { insertUserID: 1, name: "Sneaky" },
      { as: f.admin },
    );
    // Fields outside the schema are dropped (the platform's request schemas), never written.
    expect(extra.statusCode, extra.body).toBe(200);
    expect((await f.api.get(`/api/v2/email-templates/${made.emailTemplateID}`, { as: f.admin })).json()).toMatchObject({
      name: "Sneaky",
      insertUserID: f.adminID,
    });
    expect((await f.api.patch("/api/v2/email-templates/999999", { name: "Gone" }, { as: f.admin })).statusCode).toBe(
      404,
    );
    expect((await f.api.get("/api/v2/email-templates?limit=101", { as: f.admin })).statusCode).toBe(400);
  });

  it("previews a draft with sample values: escaped, sanitised, styled, as subject, HTML and text", async () => {
    const response = await f.api.post(
      "/api/v2/email-templates/preview",
      { ...template, body: `${template.body}<p onclick="x()">{{recipientName}} &lt;3</p>` },
      { as: f.admin },
    );
    expect(response.statusCode, response.body).toBe(200);
    const mail = response.json<RenderedEmailRecord>();
    expectSchema(RenderedEmail, mail);
    expect(mail.subject).toBe("[Parley] This is how the e-mail of Parley looks.");
    expect(mail.html).toContain("Hello Sample Member,");
    expect(mail.html).not.toContain("<script");
    expect(mail.html).not.toContain("onclick");
    expect(mail.html).toContain("background-color:#eeeeee");
    expect(mail.text).toContain("Hello Sample Member,");
    expect(mail.text).toContain("Read it (http://forum.test/discussions)");
    expect(mail.text).toContain("Stop these (http://forum.test/unsubscribe/sample)");
    expect(mail.text).not.toContain("alert");

    const bad = await f.api.post("/api/v2/email-templates/preview", { ...template, body: "{{#x}}" }, { as: f.admin });
    expect(bad.statusCode).toBe(422);
  });

  it("sends a saved template's preview to an address by SMTP, and answers 404 for an unknown template", async () => {
    await useSmtp();
    const made = await create();
    const sent = await f.api.post(
      `/api/v2/email-templates/${made.emailTemplateID}/preview`,
      { destinationAddress: "preview@people.test" },
      { as: f.admin },
    );
    expect(sent.statusCode, sent.body).toBe(201);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(["preview@people.test"]);
    expect(mimeParts(smtp.received[0]!.data).headers).toContain(
      "Subject: [Parley] This is how the e-mail of Parley looks.",
    );
    const missing = await f.api.post(
      "/api/v2/email-templates/999999/preview",
      { destinationAddress: "a@b.test" },
      { as: f.admin },
    );
    expect(missing.statusCode).toBe(404);
    const noAddress = await f.api.post(`/api/v2/email-templates/${made.emailTemplateID}/preview`, {}, { as: f.admin });
    expect(noAddress.statusCode).toBeGreaterThanOrEqual(400);
    expect(noAddress.statusCode).toBeLessThan(500);
  });

  it("writes a kind's notification e-mail by its active template and the site's style, through SMTP", async () => {
    await useSmtp();
    const styled = await f.api.patch(
      "/api/v2/config",
      {
        "emailStyles.buttonBackgroundColor": "#123456",
        "emailStyles.textColor": "#222",
        "outgoingEmails.footer": "The Garden team",
      },
      { as: f.admin },
    );
    expect(styled.statusCode, styled.body).toBe(200);
    await create();
    // An inactive template of the kind is not used, even when newer.
    f.t.clock.advance(1_000);
    await create({ ...template, name: "Draft", subject: "Never sent", status: "inactive" });

    const discussion = await postDiscussion(f.api, f.as.author, {
      categoryID: f.category.general,
      name: "Tom & Jerry",
    });
    await postComment(f.api, f.as.replier, discussion.discussionID, "Hello <script>alert(2)</script> **there**.");
    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(f.users.author.email)).length).toBe(1);
    const raw = smtp.received.find((mail) => mail.to.includes(f.users.author.email))!.data;
    const { headers, text, html } = mimeParts(raw);
    expect(headers).toContain("Subject: [Parley] Rex Replier commented on Tom & Jerry.");
    expect(headers).toMatch(/List-Unsubscribe:\s+<http:\/\/forum\.test\/api\/v2\/unsubscribe\//);
    expect(html).toContain("Hello Tess Author,");
    expect(html).toContain("Tom &amp; Jerry");
    expect(html).toContain("color:#222");
    // The template's own script is gone; the comment's shows as text at most, escaped.
    expect(html).not.toContain("<script");
    expect(html).not.toContain("alert(1)");
    expect(text).toContain("Hello Tess Author,");
    expect(text).toContain("Rex Replier commented on Tom & Jerry.");
    expect(text).toContain("Hello");
    expect(text).toMatch(/Read it \(http:\/\/forum\.test\/discussion\/comment\/\d+/);
    expect(text).toMatch(/Stop these \(http:\/\/forum\.test\/unsubscribe\//);
    expect(text).not.toContain("alert(1)");
  });

  it("leaves the built-in e-mail unchanged for a kind without an active template", async () => {
    await create({ ...template, status: "inactive" });
    const before = mailTo(f.t.database.dataDir, f.users.author.email).length;
    const discussion = await postDiscussion(f.api, f.as.author, { categoryID: f.category.general, name: "Plain mail" });
    await postComment(f.api, f.as.replier, discussion.discussionID, "A reply.");
    await expect.poll(() => mailTo(f.t.database.dataDir, f.users.author.email).length).toBe(before + 1);
    const mail = mailTo(f.t.database.dataDir, f.users.author.email)[before]!;
    expect(mail.subject).toBe("Rex Replier commented on Plain mail.");
    expect(mail.text).toContain("View it: http://forum.test/discussion/comment/");
    expect(mail.html).toContain("<b>Rex Replier</b>");
  });

  it("is for site managers: guests and members get 403, and nothing changes", async () => {
    const made = await create();
    const id = made.emailTemplateID;
    for (const as of [null, f.as.author]) {
      const calls = [
        f.api.get("/api/v2/email-templates", { as }),
        f.api.get(`/api/v2/email-templates/${id}`, { as }),
        f.api.post("/api/v2/email-templates", template, { as }),
        f.api.patch(`/api/v2/email-templates/${id}`, { name: "Theirs" }, { as }),
        f.api.delete(`/api/v2/email-templates/${id}`, { as }),
        f.api.post("/api/v2/email-templates/preview", template, { as }),
        f.api.post(`/api/v2/email-templates/${id}/preview`, { destinationAddress: "x@people.test" }, { as }),
        f.api.post("/api/v2/emails/preview", { emailFormat: "html", templateStyles: {} }, { as }),
      ];
      for (const response of await Promise.all(calls)) expect(response.statusCode, response.body).toBe(403);
    }
    const noCsrf = await f.api.delete(`/api/v2/email-templates/${id}`, { as: f.admin, csrf: "none" });
    expect(noCsrf.statusCode).toBe(403);
    expect((await f.api.get(`/api/v2/email-templates/${id}`, { as: f.admin })).json()).toEqual(made);
    expect(await f.t.database.db.selectFrom("emailTemplates").select("emailTemplateID").execute()).toHaveLength(1);
  });
});

describe.each(engines)("POST /emails/preview and the e-mail style settings on %s", (engine) => {
  let f: ContentFixture<"member">;
  beforeAll(async () => {
    f = await createContentFixture(engine, { member: { name: "Style Member", role: "member" } });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it("previews the site's e-mail with the given styles over the stored ones, as HTML or text", async () => {
    await f.api.patch(
      "/api/v2/config",
      { "emailStyles.textColor": "#010203", "outgoingEmails.footer": "Stored <footer>" },
      { as: f.admin },
    );
    const html = await f.api.post(
      "/api/v2/emails/preview",
      { emailFormat: "html", templateStyles: { logoUrl: "/uploads/logo.png", buttonBackgroundColor: "#abcdef" } },
      { as: f.admin },
    );
    expect(html.statusCode, html.body).toBe(200);
    expect(html.headers["content-type"]).toMatch(/^text\/html/);
    expect(html.body).toContain('src="http://forum.test/uploads/logo.png"');
    expect(html.body).toContain("background-color:#abcdef");
    expect(html.body).toContain("color:#010203");
    expect(html.body).toContain("Stored &lt;footer&gt;");

    const text = await f.api.post(
      "/api/v2/emails/preview",
      { emailFormat: "text", templateStyles: {}, footer: "Given footer" },
      { as: f.admin },
    );
    expect(text.statusCode, text.body).toBe(200);
    expect(text.headers["content-type"]).toMatch(/^text\/plain/);
    expect(text.body).toContain("This is how the e-mail of Parley looks.");
    expect(text.body).toContain("Given footer");
    expect(text.body).not.toContain("Stored");
  });

  it("refuses colours and logos that are not, and keeps the stored style", async () => {
    for (const templateStyles of [{ textColor: "red;position:fixed" }, { logoUrl: "javascript:alert(1)" }]) {
      const response = await f.api.post(
        "/api/v2/emails/preview",
        { emailFormat: "html", templateStyles },
        { as: f.admin },
      );
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    for (const setting of [{ "emailStyles.textColor": "red" }, { "emailStyles.image": "javascript:alert(1)" }]) {
      const response = await f.api.patch("/api/v2/config", setting, { as: f.admin });
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    const member = await f.api.patch("/api/v2/config", { "emailStyles.textColor": "#fff" }, { as: f.as.member });
    expect(member.statusCode).toBe(403);
    expect(await f.t.app.platform.siteConfig.get("emailStyles.textColor")).not.toBe("#fff");
  });
});
