import { describe, expect, it } from "vitest";
import { emailSettingsFromForm } from "./email.ts";
import {
  canManageRegistration,
  changedDefaults,
  defaultRolesOf,
  registrationRoleChoices,
  registrationFormValues,
  registrationFromForm,
  rolesCheckedTwice,
} from "./registration.ts";
import { editableSettings, settingsFromForm } from "./settings.ts";

const member = { userID: 5, isAdmin: false, permissions: ["session.valid", "discussions.add"] };

describe("the settings page's fields", () => {
  it("offers each member the settings whose permission they hold", () => {
    expect(editableSettings({ ...member, userID: 0 })).toEqual([]);
    expect(editableSettings(member)).toEqual([]);
    expect(editableSettings({ ...member, permissions: ["community.manage"] })).toEqual([
      "garden.title",
      "garden.description",
      "garden.shareImage",
      "ui.editContentTimeout",
      "premoderation.newMemberPosts",
      "premoderation.maxLinks",
    ]);
    // Registration has its own page.
    expect(editableSettings({ ...member, permissions: ["site.manage"] })).toEqual([
      "tagging.enabled",
      "conversations.enabled",
      "signatures.enabled",
      "drafts.scheduling",
      "search.externalNewTab",
      "embed.enabled",
      "embed.remoteUrl",
      "embed.forceEmbed",
      "embed.crossSiteSessions",
      "locales.enabled",
      "account.deleteMethod",
      "account.deleteGraceDays",
      "seo.robotsAdditions",
    ]);
    expect(editableSettings({ ...member, isAdmin: true })).toHaveLength(19);
  });

  it("reads a posted form as the API's values: unchecked switches off, the edit window a number", () => {
    const form = new FormData();
    form.set("garden.title", "Gardeners");
    form.set("ui.editContentTimeout", "3600");
    form.set("tagging.enabled", "1");
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
        "locales.enabled",
      ]),
    ).toEqual({
      "garden.title": "Gardeners",
      "ui.editContentTimeout": 3600,
      "tagging.enabled": true,
      "conversations.enabled": false,
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
      "emailDigest.enabled": false,
      "emailDigest.dayOfWeek": 1,
      "emailDigest.hour": 9,
      "emailDigest.timeZone": "UTC",
    });
  });

  it("sends the digest's switch, day, hour and time zone", () => {
    expect(
      emailSettingsFromForm(
        form({
          ...base,
          "emailDigest.enabled": "1",
          "emailDigest.dayOfWeek": "5",
          "emailDigest.hour": "18",
          "emailDigest.timeZone": " Europe/Paris ",
        }),
      ),
    ).toMatchObject({
      "emailDigest.enabled": true,
      "emailDigest.dayOfWeek": 5,
      "emailDigest.hour": 18,
      "emailDigest.timeZone": "Europe/Paris",
    });
    expect(emailSettingsFromForm(form({ ...base, "emailDigest.hour": "noon" }))["emailDigest.hour"]).toBe("noon");
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

describe("the registration form", () => {
  const form = (entries: Array<[string, string]>) => {
    const data = new FormData();
    for (const [name, value] of entries) data.append(name, value);
    return data;
  };

  it("offers neither the administrators' nor the guests' roles to new accounts", () => {
    const roles = (["guest", "unconfirmed", "applicant", "member", "moderator", "administrator"] as const).map(
      (type, index) => ({ roleID: index + 1, type }),
    );
    expect(registrationRoleChoices(roles).map((role) => role.type)).toEqual([
      "unconfirmed",
      "applicant",
      "member",
      "moderator",
    ]);
  });

  it("is for site managers", () => {
    expect(canManageRegistration({ ...member, permissions: ["site.manage"] })).toBe(true);
    expect(canManageRegistration({ ...member, permissions: ["community.manage", "community.moderate"] })).toBe(false);
    expect(canManageRegistration({ ...member, isAdmin: true, userID: 0 })).toBe(false);
  });

  it("reads the method, the confirm e-mail box and each kind's checked roles (no box: off, none)", () => {
    const submitted = registrationFromForm(
      form([
        ["registration.method", "approval"],
        ["registration.confirmEmail", "1"],
        ["security.requireAdminTwoFactor", "1"],
        ["defaultRoles.member", "8"],
        ["defaultRoles.member", "4"],
        ["defaultRoles.member", "4"],
        ["defaultRoles.member", "not-a-role"],
        ["defaultRoles.applicant", "3"],
        ["newMembers.postsPerDay", " 5 "],
        ["newMembers.maxLinks", "0"],
        ["newMembers.maxImages", "-2"],
        ["newMembers.trustPosts", "3"],
        ["newMembers.trustDays", ""],
        ["newMembers.canMessage", "1"],
      ]),
    );
    const limits = {
      "newMembers.postsPerDay": 5,
      "newMembers.maxLinks": 0,
      // Not a whole number: sent as -1 for the server to refuse beside the field.
      "newMembers.maxImages": -1,
      "newMembers.trustPosts": 3,
      // Left empty: off.
      "newMembers.trustDays": 0,
      "newMembers.canMessage": true,
    };
    expect(submitted).toEqual({
      settings: {
        "registration.method": "approval",
        "registration.confirmEmail": true,
        "security.requireAdminTwoFactor": true,
        ...limits,
      },
      defaults: { member: [8, 4], unconfirmed: [], applicant: [3] },
    });
    expect(registrationFormValues(submitted)).toEqual({
      "registration.method": "approval",
      "registration.confirmEmail": "true",
      "security.requireAdminTwoFactor": "true",
      "defaultRoles.member": "8,4",
      "defaultRoles.unconfirmed": "",
      "defaultRoles.applicant": "3",
      "newMembers.postsPerDay": "5",
      "newMembers.maxLinks": "0",
      "newMembers.maxImages": "-1",
      "newMembers.trustPosts": "3",
      "newMembers.trustDays": "0",
      "newMembers.canMessage": "true",
    });
    expect(registrationFromForm(form([])).settings).toMatchObject({
      "registration.method": "",
      "registration.confirmEmail": false,
      "security.requireAdminTwoFactor": false,
      "newMembers.canMessage": false,
    });
  });

  it("finds a role checked under two kinds (a role has one type), and which kinds changed, members first", () => {
    expect(rolesCheckedTwice({ member: [4, 8], unconfirmed: [2], applicant: [3] })).toEqual({});
    expect(rolesCheckedTwice({ member: [4, 8], unconfirmed: [2, 8], applicant: [4] })).toEqual({
      unconfirmed: { roleID: 8, alsoUnder: "member" },
      applicant: { roleID: 4, alsoUnder: "member" },
    });
    const current = defaultRolesOf([
      { roleID: 1, type: "guest" },
      { roleID: 2, type: "unconfirmed" },
      { roleID: 3, type: "applicant" },
      { roleID: 4, type: "member" },
      { roleID: 8, type: null },
    ]);
    expect(current).toEqual({ member: [4], unconfirmed: [2], applicant: [3] });
    expect(changedDefaults(current, { member: [4], unconfirmed: [2], applicant: [3] })).toEqual([]);
    expect(changedDefaults(current, { member: [8, 4], unconfirmed: [2], applicant: [] })).toEqual([
      "member",
      "applicant",
    ]);
  });
});
