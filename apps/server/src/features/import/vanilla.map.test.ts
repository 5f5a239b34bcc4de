import { describe, expect, it } from "vitest";
import { date, discussionType, displayAs, ipAddress, permissionName, photoUrl, postFormat } from "./vanilla.map.ts";

describe("Vanilla's values in Parley's terms", () => {
  it("names Vanilla's permission columns as Parley does, and leaves those Parley lacks", () => {
    expect(permissionName("Vanilla.Discussions.View")).toBe("discussions.view");
    expect(permissionName("Vanilla.Comments.Add")).toBe("comments.add");
    expect(permissionName("Garden.Profiles.View")).toBe("profiles.view");
    expect(permissionName("Garden.PersonalInfo.View")).toBe("personalInfo.view");
    expect(permissionName("Garden.Community.Manage")).toBe("community.manage");
    expect(permissionName("Conversations.Conversations.Add")).toBe("conversations.add");
    expect(permissionName("Garden.SignIn.Allow")).toBe("session.valid");
    expect(permissionName("Garden.Settings.Manage")).toBe("site.manage");
    expect(permissionName("Garden.Moderation.Manage")).toBe("community.moderate");
    expect(permissionName("Garden.Users.Approve")).toBe("applicants.manage");
    expect(permissionName("Reactions.Flag.Add")).toBe("reactions.flag.add");
    expect(permissionName("Garden.Email.View")).toBeNull();
    expect(permissionName("Plugins.Attachments.Upload.Allow")).toBeNull();
  });

  it("reads Vanilla's UTC datetimes, and none for MySQL's zero date", () => {
    expect(date("2016-01-02 03:04:05")).toBe("2016-01-02T03:04:05.000Z");
    expect(date("0000-00-00 00:00:00")).toBeNull();
    expect(date(null)).toBeNull();
    expect(date("not a date")).toBeNull();
  });

  it("maps formats and types, with Html for a post without one", () => {
    expect(["Html", "Markdown", "BBCode", "Text", "TextEx", "Rich", "Rich2", "Wysiwyg"].map(postFormat)).toEqual([
      "html",
      "markdown",
      "bbcode",
      "text",
      "textex",
      "rich",
      "rich2",
      "wysiwyg",
    ]);
    expect(postFormat(null)).toBe("html");
    expect(postFormat("Unknown")).toBeNull();
    expect(discussionType(null)).toBe("discussion");
    expect(discussionType("Question")).toBe("question");
    expect(discussionType("Poll")).toBeNull();
    // A poll stays one when the source has the Polls add-on's tables.
    expect(discussionType("Poll", true)).toBe("poll");
    expect(displayAs("Default", true)).toBe("categories");
    expect(displayAs("Default", false)).toBe("discussions");
    expect(displayAs("Heading", false)).toBe("heading");
  });

  it("reads packed and textual IP addresses, and keeps only absolute photo addresses", () => {
    expect(ipAddress(Buffer.from([192, 168, 0, 1]))).toBe("192.168.0.1");
    expect(ipAddress(Buffer.from("20010db8000000000000000000000001", "hex"))).toBe("2001:db8::1");
    expect(ipAddress("10.0.0.2")).toBe("10.0.0.2");
    expect(ipAddress(Buffer.from("10.0.0.3"))).toBe("10.0.0.3");
    expect(ipAddress("garbage")).toBeNull();
    expect(photoUrl("https://cdn.example.com/a.png")).toBe("https://cdn.example.com/a.png");
    expect(photoUrl("//cdn.example.com/a.png")).toBe("https://cdn.example.com/a.png");
    expect(photoUrl("userpics/1/a.png")).toBeNull();
  });
});
