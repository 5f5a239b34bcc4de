import type { Me } from "@parley/contracts";
import { msg } from "../../lib/i18n.ts";
import { addonsPagePath, canManageAddons } from "../addons/index.ts";
import { canManageReactions, reactionsPagePath } from "../reactions/index.ts";
import { ranksDashboardPath } from "@parley/contracts/ranks-constants";
import { applicantsPath, canManageApplicants } from "../applicants/index.ts";
import {
  canManageReasons,
  canModeratePending,
  premoderationPagePath,
  reportReasonsPath,
  reportsPath,
} from "../reports/index.ts";
import { canManageKnowledgeBases, knowledgeDashboardPath } from "../knowledge/index.ts";
import { canManageMembers, membersPagePath } from "../members/index.ts";
import { canManageCategories, categoriesDashboardPath } from "../categories/index.ts";
import { canManageRoles, rolesPagePath } from "../roles/index.ts";
import { canManageProfileFields, profileFieldsDashboardPath } from "../profile-fields/index.ts";
import { canManagePostTypes, postFieldsDashboardPath, postTypesDashboardPath } from "../post-types/index.ts";
import {
  canManageEmail,
  canManageRegistration,
  editableSettings,
  emailSettingsPath,
  registrationSettingsPath,
  settingsPagePath,
} from "../settings/index.ts";
import { canManageTags, tagsPagePath } from "../tags/index.ts";
import { canManageWatchedWords, watchedWordsPagePath } from "../spam/index.ts";
import { banRulesPagePath, canManageBanRules } from "../bans/index.ts";
import { authenticatorsPagePath, canManageAuthenticators } from "../authenticators/index.ts";
import { canManageThemes, styleGuidePath, themesPagePath } from "../themes/index.ts";
import { layoutsDashboardPath } from "../layout-editor/index.ts";
import { canManageCustomPages, customPagesPath } from "../custom-pages/index.ts";
import { canManageSubcommunities, subcommunitiesPath } from "../subcommunities/index.ts";
import { canManageFragments, fragmentsPagePath } from "../fragments/index.ts";
import { canManageModerationMessages, moderationMessagesPagePath } from "../warnings/index.ts";
import { canManageWebhooks, webhooksPagePath } from "../webhooks/index.ts";
import { canConfigureIntegrations, integrationsPagePath } from "../attachments/index.ts";
import { automationRulesPagePath, canManageAutomationRules } from "../automation/index.ts";
import { analyticsPagePath, canViewAnalytics } from "../analytics/index.ts";

/** The dashboard's home. */
export const dashboardPath = "/dashboard";

interface DashboardLink {
  name: string;
  to: string;
}

export interface DashboardSection {
  id: string;
  name: string;
  links: DashboardLink[];
}

type Viewer = Pick<Me, "userID" | "isAdmin" | "permissions">;

/** Who moderates reported posts (community.moderate; the server checks again). */
const canModerate = (me: Viewer) => me.userID !== 0 && (me.isAdmin || me.permissions.includes("community.moderate"));

/**
 * The dashboard's navigation, grouped as Vanilla's (Appearance, Membership, Moderation, Forum, Knowledge, Settings): only the
 * pages the member may open, only the groups with a page left. Each page's server checks again.
 */
export function dashboardSections(me: Viewer, site: { registrationApproval: boolean }): DashboardSection[] {
  const sections: DashboardSection[] = [
    {
      id: "appearance",
      name: msg("Appearance"),
      // Layouts are site.manage's, as the themes (the editor's routes check `canManageLayouts`, the same rule).
      links: [
        ...(canManageThemes(me)
          ? [
              { name: msg("Themes"), to: themesPagePath },
              { name: msg("Style Guide"), to: styleGuidePath },
              { name: msg("Layouts"), to: layoutsDashboardPath },
            ]
          : []),
        ...(canManageCustomPages(me) ? [{ name: msg("Pages"), to: customPagesPath }] : []),
        ...(canManageSubcommunities(me) ? [{ name: msg("Subcommunities"), to: subcommunitiesPath }] : []),
        ...(canManageFragments(me) ? [{ name: msg("Fragments"), to: fragmentsPagePath }] : []),
      ],
    },
    {
      id: "membership",
      name: msg("Membership"),
      links: [
        ...(canManageMembers(me) ? [{ name: msg("Members"), to: membersPagePath }] : []),
        ...(canManageRoles(me) ? [{ name: msg("Roles & Permissions"), to: rolesPagePath }] : []),
        ...(canManageProfileFields(me) ? [{ name: msg("Profile Fields"), to: profileFieldsDashboardPath }] : []),
        // The ranks are site.manage's, as the custom profile fields.
        ...(canManageProfileFields(me) ? [{ name: msg("Ranks"), to: ranksDashboardPath }] : []),
        ...(canManageBanRules(me) ? [{ name: msg("Ban Rules"), to: banRulesPagePath }] : []),
        // Under registration by approval, where the applicants wait (as Vanilla shows it).
        ...(canManageApplicants(me) && site.registrationApproval
          ? [{ name: msg("Applicants"), to: applicantsPath }]
          : []),
      ],
    },
    {
      id: "moderation",
      name: msg("Moderation"),
      links: [
        ...(canModerate(me) ? [{ name: msg("Reports"), to: reportsPath }] : []),
        ...(canModeratePending(me) ? [{ name: msg("Premoderation"), to: premoderationPagePath }] : []),
        ...(canManageReasons(me) ? [{ name: msg("Report Reasons"), to: reportReasonsPath }] : []),
        ...(canManageWatchedWords(me) ? [{ name: msg("Watched Words"), to: watchedWordsPagePath }] : []),
        ...(canManageModerationMessages(me)
          ? [{ name: msg("Moderation Messages"), to: moderationMessagesPagePath }]
          : []),
      ],
    },
    {
      id: "forum",
      name: msg("Forum"),
      links: [
        ...(canManageCategories(me) ? [{ name: msg("Categories"), to: categoriesDashboardPath }] : []),
        ...(canManageTags(me) ? [{ name: msg("Tags"), to: tagsPagePath }] : []),
        ...(canManageReactions(me) ? [{ name: msg("Reactions"), to: reactionsPagePath }] : []),
        ...(canManagePostTypes(me)
          ? [
              { name: msg("Post Types"), to: postTypesDashboardPath },
              { name: msg("Post Fields"), to: postFieldsDashboardPath },
            ]
          : []),
      ],
    },
    {
      id: "knowledge",
      name: msg("Knowledge"),
      links: canManageKnowledgeBases(me) ? [{ name: msg("Knowledge Bases"), to: knowledgeDashboardPath }] : [],
    },
    {
      id: "settings",
      name: msg("Settings"),
      links: [
        ...(editableSettings(me).length > 0 ? [{ name: msg("Site Settings"), to: settingsPagePath }] : []),
        ...(canManageEmail(me) ? [{ name: msg("Outgoing Email"), to: emailSettingsPath }] : []),
        ...(canManageRegistration(me) ? [{ name: msg("Registration"), to: registrationSettingsPath }] : []),
        ...(canManageAuthenticators(me) ? [{ name: msg("Authenticators"), to: authenticatorsPagePath }] : []),
        ...(canManageWebhooks(me) ? [{ name: msg("Webhooks"), to: webhooksPagePath }] : []),
        ...(canConfigureIntegrations(me) ? [{ name: msg("Integrations"), to: integrationsPagePath }] : []),
        ...(canViewAnalytics(me) ? [{ name: msg("Analytics"), to: analyticsPagePath }] : []),
        ...(canManageAutomationRules(me) ? [{ name: msg("Automation Rules"), to: automationRulesPagePath }] : []),
        ...(canManageAddons(me) ? [{ name: msg("Addons"), to: addonsPagePath }] : []),
      ],
    },
  ];
  return sections.filter((section) => section.links.length > 0);
}

/** Whether the member has any page of the dashboard to open (the overview comes with any of them). */
export const canOpenDashboard = (me: Viewer) => dashboardSections(me, { registrationApproval: false }).length > 0;
