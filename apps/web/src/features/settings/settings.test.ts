import { describe, expect, it } from "vitest";
import { emailSettingsFromForm } from "./email.ts";
import { editableSettings, settingsFromForm } from "./settings.ts";

const member = { userID: 5, isAdmin: false, permissions: ["session.valid", "discussions.add"] };

describe("the settings page's fields", () => {
  it("offers each member the settings whose permission they hold", () => {
    expect(editableSettings({ ...member, userID: 0 })).toEqual([]);
    expect(editableSettings(member)).toEqual([]);
    expect(editableSettings({ ...member, permissions: ["community.manage"] })).toEqual([
      "garden.title",
      "garden.description",
      "ui.editContentTimeout",
    ]);
    expect(editableSettings({ ...member, permissions: ["site.manage"] })).toEqual([
      "registration.method",
      "tagging.enabled",
      "conversations.enabled",
      "signatures.enabled",
      "drafts.scheduling",
      "search.externalNewTab",
      "embed.enabled",
      "embed.remoteUrl",
      "embed.forceEmbed",
      "locales.enabled",
    ]);
    expect(editableSettings({ ...member, isAdmin: true })).toHaveLength(13);
  });

  it("reads a posted form as the API's values: unchecked switches off, the edit window a number", () => {
    const form = new FormData();
    form.set("garden.title", "Gardeners");
    form.set("ui.editContentTimeout", "3600");
    form.set("tagging.enabled", "1");
    form.set("registration.method", "approval");
    form.append("locales.enabled", "fr");
    form.append("locales.enabled", "de");
    // Not the member's to change: left out whatever the form says.
    form.set("garden.description", "Sneaked in");
    expect(
      settingsFromForm(form, [
        "garden.title",
        "ui.editContentTimeout",
        "tagging.enabled",
        "conversations.enabled",
        "registration.method",
        "locales.enabled",
      ]),
    ).toEqual({
      "garden.title": "Gardeners",
      "ui.editContentTimeout": 3600,
      "tagging.enabled": true,
      "conversations.enabled": false,
      "registration.method": "approval",
      "locales.enabled": "fr,de",
    });
  });
});

describe("the outgoing mail form", () => {
  const form = (entries: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(entries)) data.append(name, value);
    return data;
  };
  const base = {
    "outgoingEmails.supportName": " Garden Club ",
    "outgoingEmails.supportAddress": "club@example.test",
    "smtp.host": "smtp.example.test",
    "smtp.user": "club",
    "smtp.security": "tls",
  };

  it("sends the settings trimmed; an empty port is 0, the security's own; an empty password keeps the stored one", () => {
    expect(emailSettingsFromForm(form({ ...base, "smtp.port": "", "smtp.password": "" }))).toEqual({
      "outgoingEmails.supportName": "Garden Club",
      "outgoingEmails.supportAddress": "club@example.test",
      "smtp.host": "smtp.example.test",
      "smtp.user": "club",
      "smtp.security": "tls",
      "smtp.port": 0,
    });
  });

  it("sends a new password, or an empty one to forget it; a port that is not a number goes as typed", () => {
    expect(emailSettingsFromForm(form({ ...base, "smtp.port": "2525", "smtp.password": "s3cret" }))).toMatchObject({
      "smtp.port": 2525,
      "smtp.password": "s3cret",
    });
    expect(emailSettingsFromForm(form({ ...base, forgetPassword: "1" }))["smtp.password"]).toBe("");
    expect(emailSettingsFromForm(form({ ...base, "smtp.port": "twenty" }))["smtp.port"]).toBe("twenty");
    expect(emailSettingsFromForm(form({ ...base, "smtp.security": "ssl3" }))["smtp.security"]).toBe("ssl3");
  });
});
