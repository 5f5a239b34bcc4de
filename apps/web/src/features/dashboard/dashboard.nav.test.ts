import { describe, expect, it } from "vitest";
import { canOpenDashboard, dashboardSections } from "./dashboard.nav.ts";

const viewer = (permissions: string[], extra: { isAdmin?: boolean; userID?: number } = {}) => ({
  userID: extra.userID ?? 5,
  isAdmin: extra.isAdmin ?? false,
  permissions,
});
const links = (me: ReturnType<typeof viewer>, registrationApproval = false) =>
  dashboardSections(me, { registrationApproval }).map((section) => [
    section.name,
    section.links.map((link) => link.to),
  ]);

describe("the dashboard's navigation", () => {
  it("gives an administrator every group with a page, the applicants only under registration by approval", () => {
    const admin = viewer([], { isAdmin: true });
    expect(links(admin)).toEqual([
      [
        "Appearance",
        [
          "/dashboard/themes",
          "/dashboard/style-guide",
          "/dashboard/layouts",
          "/dashboard/pages",
          "/dashboard/subcommunities",
          "/dashboard/fragments",
        ],
      ],
      [
        "Membership",
        [
          "/dashboard/users",
          "/dashboard/roles",
          "/dashboard/settings/profile-fields",
          "/dashboard/ranks",
          "/dashboard/users/bans",
        ],
      ],
      [
        "Moderation",
        [
          "/dashboard/content/reports",
          "/dashboard/content/premoderation",
          "/dashboard/settings/report-reasons",
          "/dashboard/moderation/watched-words",
          "/dashboard/moderation/messages",
        ],
      ],
      [
        "Forum",
        [
          "/dashboard/categories",
          "/dashboard/tags",
          "/dashboard/reactions",
          "/dashboard/settings/post-types",
          "/dashboard/settings/post-fields",
        ],
      ],
      ["Knowledge", ["/dashboard/knowledge"]],
      [
        "Settings",
        [
          "/dashboard/settings",
          "/dashboard/settings/email",
          "/dashboard/settings/registration",
          "/dashboard/settings/authenticators",
          "/dashboard/webhooks",
          "/dashboard/integrations",
          "/dashboard/analytics",
          "/dashboard/automation-rules",
          "/dashboard/addons",
        ],
      ],
    ]);
    expect(links(admin, true)[1]).toEqual([
      "Membership",
      [
        "/dashboard/users",
        "/dashboard/roles",
        "/dashboard/settings/profile-fields",
        "/dashboard/ranks",
        "/dashboard/users/bans",
        "/dashboard/users/applicants",
      ],
    ]);
  });

  it("follows each permission: a moderator sees the reports, community.manage the reasons and what the site says", () => {
    expect(links(viewer(["community.moderate"]))).toEqual([
      ["Moderation", ["/dashboard/content/reports", "/dashboard/content/premoderation"]],
    ]);
    // Moderators of posts (in a category) work the premoderation queue, not the reports.
    expect(links(viewer(["posts.moderate"]))).toEqual([["Moderation", ["/dashboard/content/premoderation"]]]);
    expect(links(viewer(["community.manage"]))).toEqual([
      ["Membership", ["/dashboard/users/bans"]],
      // Moderation messages are community managers' (Vanilla's Garden.Community.Manage).
      ["Moderation", ["/dashboard/settings/report-reasons", "/dashboard/moderation/messages"]],
      ["Forum", ["/dashboard/categories", "/dashboard/tags", "/dashboard/reactions"]],
      ["Settings", ["/dashboard/settings"]],
    ]);
    // site.manage changes the themes, the roles and the custom profile fields, where the mail goes (its SMTP server), registration (its method
    // and default roles) and the add-ons: how the site works; a moderator (community.moderate) has none of them.
    const siteManager = links(viewer(["site.manage"]));
    expect(siteManager.slice(0, 2)).toEqual([
      [
        "Appearance",
        [
          "/dashboard/themes",
          "/dashboard/style-guide",
          "/dashboard/layouts",
          "/dashboard/pages",
          "/dashboard/subcommunities",
          "/dashboard/fragments",
        ],
      ],
      [
        "Membership",
        ["/dashboard/roles", "/dashboard/settings/profile-fields", "/dashboard/ranks", "/dashboard/users/bans"],
      ],
    ]);
    // The watched words can refuse every member's posts: site.manage only.
    expect(siteManager[2]).toEqual(["Moderation", ["/dashboard/moderation/watched-words"]]);
    // The knowledge bases are created, changed and deleted with site.manage (the API's rule), not articles.add.
    expect(siteManager.at(-2)).toEqual(["Knowledge", ["/dashboard/knowledge"]]);
    expect(links(viewer(["articles.add", "kb.view"]))).toEqual([]);
    expect(siteManager.at(-1)).toEqual([
      "Settings",
      [
        "/dashboard/settings",
        "/dashboard/settings/email",
        "/dashboard/settings/registration",
        "/dashboard/settings/authenticators",
        "/dashboard/webhooks",
        "/dashboard/integrations",
        "/dashboard/analytics",
        "/dashboard/automation-rules",
        "/dashboard/addons",
      ],
    ]);
    // The categories are kept with community.manage or site.manage, as the API's writes.
    expect(siteManager).toContainEqual([
      "Forum",
      ["/dashboard/categories", "/dashboard/settings/post-types", "/dashboard/settings/post-fields"],
    ]);
    expect(links(viewer(["applicants.manage"]), true)).toEqual([["Membership", ["/dashboard/users/applicants"]]]);
    // users.edit manages the members; a moderator without it (community.moderate, personalInfo.view) does not.
    expect(links(viewer(["users.edit"]))).toEqual([["Membership", ["/dashboard/users"]]]);
    expect(links(viewer(["community.moderate", "personalInfo.view"]))[0]).toEqual([
      "Moderation",
      ["/dashboard/content/reports", "/dashboard/content/premoderation"],
    ]);
  });

  it("has nothing for a member or a guest, who cannot open it", () => {
    expect(dashboardSections(viewer(["discussions.add"]), { registrationApproval: true })).toEqual([]);
    expect(canOpenDashboard(viewer(["discussions.add"]))).toBe(false);
    expect(canOpenDashboard(viewer([], { isAdmin: true, userID: 0 }))).toBe(false);
    expect(canOpenDashboard(viewer(["community.moderate"]))).toBe(true);
  });
});
