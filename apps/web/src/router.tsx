import type { QueryClient } from "@tanstack/react-query";
import { loadModerationMessagesRoutes } from "./features/warnings/index.ts";
import type { ComponentType } from "react";
import type { createEntryActions } from "./features/entry/index.ts";
import { data, redirect, redirectDocument, type LoaderFunctionArgs, type RouteObject } from "react-router";
import type { ApiClient } from "./lib/api.ts";
import { wholeSite, type SiteSectionSource } from "./lib/site-section.tsx";
import { loadOrThrow, notFoundError } from "./lib/route-errors.ts";
import { entryLink } from "./lib/targets.ts";
import { siteQuery } from "./lib/site.ts";
import { AppLayout } from "./shell/AppLayout.tsx";
import { RouteErrorBoundary } from "./shell/ErrorBoundaryPages.tsx";
import { meQuery, userWidgets } from "./features/users/index.ts";
import { loadReportsRoutes } from "./features/reports/index.ts";
import { canManageThemes, loadThemesRoutes, themePreviewQuery } from "./features/themes/index.ts";
import { loadLayoutEditorRoutes } from "./features/layout-editor/index.ts";
import {
  createLayoutLoader,
  ensureTitleBar,
  LayoutPage,
  layoutWidgets,
  type WidgetRegistry,
} from "./features/layouts/index.ts";
import { categoryListQuery, categoryWidgets, loadCategoriesDashboardRoutes } from "./features/categories/index.ts";
import {
  discussionQuery,
  discussionSourceQuery,
  loadDiscussionsActions,
  loadEditDiscussionPage,
  discussionWidgets,
  type createDiscussionActions,
} from "./features/discussions/index.ts";
import { usersApi } from "./features/users/index.ts";
import { ApiError } from "./lib/api.ts";
import type { FormResult } from "./lib/forms.ts";
import {
  loadEmailConfirmPages,
  loadEntryActions,
  loadTwoFactorPage,
  loadPasswordRequestPage,
  loadPasswordResetPage,
  loadRegisterPage,
  loadSignInPage,
  loadSignOutPage,
} from "./features/entry/index.ts";
import { loadProfilesRoutes } from "./features/profiles/index.ts";
import { loadNotificationsRoutes } from "./features/notifications/index.ts";
import { loadIgnoreRoutes } from "./features/ignore/index.ts";
import { loadAccountRoutes, loadProfileEditRoutes } from "./features/account/index.ts";
import { loadPrivacyRoutes } from "./features/privacy/index.ts";
import { loadLogRoutes } from "./features/log/index.ts";
import {
  loadKnowledgeDashboardRoutes,
  loadKnowledgeEditorRoutes,
  loadKnowledgeRoutes,
} from "./features/knowledge/index.ts";
import { loadGroupsEditorRoutes, loadGroupsRoutes } from "./features/groups/index.ts";
import { loadSearchRoutes } from "./features/search/index.ts";
import { loadLeavingPage } from "./features/leaving/index.ts";
import { loadReputationRoutes, reputationWidgets } from "./features/reputation/index.ts";
import { homeWidgets } from "./features/widgets/index.ts";

/** The layout widgets, each feature's own: every widget the contract names has its component (or this fails to compile). */
const widgets = {
  ...layoutWidgets,
  ...categoryWidgets,
  ...discussionWidgets,
  ...userWidgets,
  ...reputationWidgets,
  ...homeWidgets,
} satisfies Required<WidgetRegistry>;

export interface RouteDeps {
  queryClient: QueryClient;
  api: ApiClient;
  /** The subcommunity the page is in (its folder is the router's basename; loaders get URLs with it); the whole site when left out. */
  siteSection?: SiteSectionSource;
}

/**
 * Every page route. Loaders put the page's data in the query cache (the server renders from it and
 * dehydrates it; the browser hydrates from it), so components read it with `useSuspenseQuery`.
 */
export function createRoutes({ queryClient, api, siteSection = wholeSite }: RouteDeps): RouteObject[] {
  const layoutPage = createLayoutLoader({ queryClient, api, widgets, siteSection });

  // Pages that reading doesn't need (entry, profiles, leaving) load with their route (`lazy`): the
  // server resolves them as it renders, the browser before it hydrates (main.tsx) or on navigation.
  const entryActions = () => loadEntryActions().then((m) => m.createEntryActions(api));
  const entryPage =
    (
      action: keyof ReturnType<typeof createEntryActions> | null,
      page: () => Promise<ComponentType>,
    ): NonNullable<RouteObject["lazy"]> =>
    async () => {
      const [actions, Component] = await Promise.all([entryActions(), page()]);
      return action ? { action: actions[action], Component } : { Component };
    };
  const entryPages = () => loadEmailConfirmPages();
  const profileRoute = (id: string, path: string): RouteObject => ({
    id,
    path,
    lazy: async () => {
      const { createProfileRoutes } = await loadProfilesRoutes();
      const route = createProfileRoutes({ queryClient, api }).find((candidate) => candidate.id === id);
      if (!route) throw new Error(`There is no profile route '${id}'.`);
      return { loader: route.loader, action: route.action, element: route.element };
    },
  });
  // Feature pages loaded with their route: the member's notification pages (and the e-mail
  // unsubscribe landing) and private messages. Member-only code stays off the reading pages.
  // The site's widgets too: the layout editor's preview renders with them.
  type RouteFactory = (deps: RouteDeps & { widgets: WidgetRegistry }) => RouteObject[];
  const featureRoute = (id: string, path: string, load: () => Promise<RouteFactory>): RouteObject => ({
    id,
    path,
    lazy: async () => {
      const route = (await load())({ queryClient, api, siteSection, widgets }).find((candidate) => candidate.id === id);
      if (!route) throw new Error(`There is no route '${id}'.`);
      return { loader: route.loader, action: route.action, element: route.element };
    },
  });
  const notifications = () => loadNotificationsRoutes().then((m) => m.createNotificationRoutes);
  // The reading pages import ignore's index.ts already (a post collapses for an ignorer): its loader as it is.
  const ignore = () => loadIgnoreRoutes().then((m) => m.createIgnoreRoutes);
  const account = () => loadAccountRoutes().then((m) => m.createAccountRoutes);
  const reputation = () => loadReputationRoutes().then((m) => m.createReputationRoutes);
  const privacy = () => loadPrivacyRoutes().then((m) => m.createPrivacyRoutes);
  const profileEdit = () => loadProfileEditRoutes().then((m) => m.createProfileEditRoutes);
  // Features whose index.ts other features' on-demand parts use (the member menus, the post forms): the
  // router imports it with the route, or the reading pages' bundle would take in all it exports.
  const conversations = () =>
    import("./features/conversations/index.ts")
      .then((m) => m.loadConversationsRoutes())
      .then((m) => m.createConversationRoutes);
  const drafts = () =>
    import("./features/drafts/index.ts").then((m) => m.loadDraftsRoutes()).then((m) => m.createDraftRoutes);
  // The reading pages import reports' index.ts already (a post's "reports" link): a dynamic import of it here would
  // put every export of it (the report calls) into their bundle, so its loader is imported as it is.
  const reports = () => loadReportsRoutes().then((m) => m.createReportRoutes);
  const applicants = () =>
    import("./features/applicants/index.ts").then((m) => m.loadApplicantsRoutes()).then((m) => m.createApplicantRoutes);
  const settings = () =>
    import("./features/settings/index.ts").then((m) => m.loadSettingsRoutes()).then((m) => m.createSettingsRoutes);
  const themes = () => loadThemesRoutes().then((m) => m.createThemesRoutes);
  const layoutEditor = () => loadLayoutEditorRoutes().then((m) => m.createLayoutEditorRoutes);
  // The dashboard's, the tags', the members', the reactions' and the roles' index.ts are used by the dashboard's own on-demand
  // parts (its navigation).
  const dashboardFeature = () => import("./features/dashboard/index.ts");
  const dashboard = () =>
    dashboardFeature()
      .then((m) => m.loadDashboardRoutes())
      .then((m) => m.createDashboardRoutes);
  const tags = () => import("./features/tags/index.ts").then((m) => m.loadTagsRoutes()).then((m) => m.createTagsRoutes);
  const watchedWords = () =>
    import("./features/spam/index.ts").then((m) => m.loadWatchedWordsRoutes()).then((m) => m.createWatchedWordsRoutes);
  const authenticators = () =>
    import("./features/authenticators/index.ts")
      .then((m) => m.loadAuthenticatorsRoutes())
      .then((m) => m.createAuthenticatorsRoutes);
  const invitations = () =>
    import("./features/invitations/index.ts")
      .then((m) => m.loadInvitationsRoutes())
      .then((m) => m.createInvitationsRoutes);
  // The sign-in and registration pages' "Sign in with …" buttons (none when the site has no authenticator).
  const signInButtons = async () => {
    const { signInButtonsQuery } = await import("./features/authenticators/index.ts");
    await queryClient.ensureQueryData(signInButtonsQuery(api));
    return null;
  };
  const webhooks = () =>
    import("./features/webhooks/index.ts").then((m) => m.loadWebhooksRoutes()).then((m) => m.createWebhooksRoutes);
  const attachments = () =>
    import("./features/attachments/index.ts")
      .then((m) => m.loadAttachmentsRoutes())
      .then((m) => m.createAttachmentsRoutes);
  const analytics = () =>
    import("./features/analytics/index.ts").then((m) => m.loadAnalyticsRoutes()).then((m) => m.createAnalyticsRoutes);
  const automation = () =>
    import("./features/automation/index.ts")
      .then((m) => m.loadAutomationRoutes())
      .then((m) => m.createAutomationRoutes);
  const fragments = () =>
    import("./features/fragments/index.ts").then((m) => m.loadFragmentsRoutes()).then((m) => m.createFragmentsRoutes);
  const banRules = () =>
    import("./features/bans/index.ts").then((m) => m.loadBanRulesRoutes()).then((m) => m.createBanRulesRoutes);
  const moderationMessages = () => loadModerationMessagesRoutes().then((m) => m.createModerationMessagesRoutes);
  const tagIndex = () =>
    import("./features/tags/index.ts").then((m) => m.loadTagIndexRoutes()).then((m) => m.createTagIndexRoutes);
  const members = () =>
    import("./features/members/index.ts").then((m) => m.loadMembersRoutes()).then((m) => m.createMembersRoutes);
  const categoriesDashboard = () => loadCategoriesDashboardRoutes().then((m) => m.createCategoriesDashboardRoutes);
  const reactionsDashboard = () =>
    import("./features/reactions/index.ts").then((m) => m.loadReactionsRoutes()).then((m) => m.createReactionsRoutes);
  const addons = () =>
    import("./features/addons/index.ts").then((m) => m.loadAddonsRoutes()).then((m) => m.createAddonsRoutes);
  const postTypesDashboard = () =>
    import("./features/post-types/index.ts").then((m) => m.loadPostTypesRoutes()).then((m) => m.createPostTypesRoutes);
  const profileFieldsDashboard = () =>
    import("./features/profile-fields/index.ts")
      .then((m) => m.loadProfileFieldsRoutes())
      .then((m) => m.createProfileFieldsRoutes);
  const rolesDashboard = () =>
    import("./features/roles/index.ts").then((m) => m.loadRolesRoutes()).then((m) => m.createRolesRoutes);
  const log = () => loadLogRoutes().then((m) => m.createLogRoutes);
  // The knowledge base: its reading pages, and the article editor apart (reading never loads the editor).
  const knowledge = () => loadKnowledgeRoutes().then((m) => m.createKnowledgeRoutes);
  const articleEditor = () => loadKnowledgeEditorRoutes().then((m) => m.createArticleEditorRoutes);
  const knowledgeDashboard = () => loadKnowledgeDashboardRoutes().then((m) => m.createKnowledgeDashboardRoutes);
  // The groups (Vanilla's Groups add-on): their pages, and the group editor apart.
  const groups = () => loadGroupsRoutes().then((m) => m.createGroupRoutes);
  const groupEditor = () => loadGroupsEditorRoutes().then((m) => m.createGroupEditorRoutes);
  // The posting actions run on a form submission only: their code loads then.
  let postingActions: Promise<ReturnType<typeof createDiscussionActions>> | undefined;
  const posting = () =>
    (postingActions ??= loadDiscussionsActions().then((m) => m.createDiscussionActions(api, queryClient)));

  return [
    {
      id: "root",
      element: <AppLayout />,
      // Every page knows who is looking: the title bar shows Sign In or the member's name.
      // The title bar comes with the page's layout (one lookup per page view, in parallel with the page).
      loader: async ({ request }) => {
        await Promise.all([
          // A member who may choose the theme also learns whether this session previews one (the banner).
          queryClient
            .ensureQueryData(meQuery(api))
            .then((me) =>
              canManageThemes(me) ? queryClient.ensureQueryData(themePreviewQuery(api)).catch(() => null) : null,
            ),
          // The site's title and description: a page without them would say "Parley" until it hydrated.
          queryClient.ensureQueryData(siteQuery(api)).catch(() => undefined),
          ensureTitleBar(queryClient, api, new URL(request.url), siteSection.current()),
        ]);
        return null;
      },
      // Signing in or out reloads the document; other form posts keep the session as it was.
      shouldRevalidate: () => false,
      children: [
        {
          id: "pages",
          errorElement: <RouteErrorBoundary />,
          children: [
            // The layout pages (spec §2): the server's layout for the URL, its widgets' data prefetched.
            { id: "home", index: true, loader: layoutPage, element: <LayoutPage widgets={widgets} /> },
            { id: "categories", path: "categories", loader: layoutPage, element: <LayoutPage widgets={widgets} /> },
            {
              id: "category",
              path: "categories/:code/:pageSegment?",
              loader: layoutPage,
              element: <LayoutPage widgets={widgets} />,
            },
            { id: "discussions", path: "discussions", loader: layoutPage, element: <LayoutPage widgets={widgets} /> },
            // The lists (`/discussions/bookmarked|participated|mine|unanswered`) and a tag's: the same layout.
            {
              id: "discussions-list",
              path: "discussions/:list",
              loader: layoutPage,
              element: <LayoutPage widgets={widgets} />,
            },
            {
              id: "discussions-tagged",
              path: "discussions/tagged/:tag",
              loader: layoutPage,
              element: <LayoutPage widgets={widgets} />,
            },
            {
              id: "discussion",
              path: "discussion/:id/:slug?/:pageSegment?",
              loader: layoutPage,
              action: async (args) => (await posting()).comment(args),
              element: <LayoutPage widgets={widgets} />,
            },
            // A moderator's Create ticket as a page and a ticket's Refresh (forms that work without JavaScript).
            featureRoute("attachment-new", "discussion/:id/attachments/new", attachments),
            featureRoute("attachment-refresh", "discussion/:id/attachments/refresh", attachments),
            // /discussion/comment/{id}: the lookup answers redirectTo the page the comment is on, at #Comment_{id}.
            { id: "comment", path: "discussion/comment/:commentID", loader: layoutPage },
            {
              id: "new-discussion",
              path: "post/discussion/:categoryID?",
              loader: layoutPage,
              action: async (args) => (await posting()).discussion(args),
              element: <LayoutPage widgets={widgets} />,
            },
            {
              id: "edit-discussion",
              path: "post/editdiscussion/:id/:draftID?",
              lazy: async () => {
                const [{ EditDiscussionPage, readEditDiscussionID, taggingEnabledQuery }, actions] = await Promise.all([
                  loadEditDiscussionPage(),
                  posting(),
                ]);
                return {
                  loader: async ({ request, params }: LoaderFunctionArgs) => {
                    const me = await queryClient.ensureQueryData(meQuery(api));
                    if (me.userID === 0) return redirect(entryLink("/entry/signin", new URL(request.url)));
                    // Spec §2: record 0 means none: a new discussion's draft continues on the new-post form (in
                    // its group, when it was started in one).
                    if (params["id"] === "0" && /^\d+$/.test(params["draftID"] ?? "")) {
                      const draftID = Number(params["draftID"]);
                      const drafts = await import("./features/drafts/index.ts");
                      const [{ newDiscussionDraftPath }, { draftsApi }] = await Promise.all([
                        drafts.loadDraftLinks(),
                        drafts.loadDraftsApi(),
                      ]);
                      const draft = await draftsApi.get(api, draftID).catch(() => null);
                      return redirect(newDiscussionDraftPath(draftID, draft));
                    }
                    const id = readEditDiscussionID(params);
                    if (id === null) throw notFoundError("Discussion");
                    const [, discussion] = await loadOrThrow("Discussion", () =>
                      Promise.all([
                        queryClient.ensureQueryData(discussionSourceQuery(api, id)),
                        queryClient.ensureQueryData(discussionQuery(api, id)),
                      ]),
                    );
                    // The category picker's tree, for those who may move the discussion; whether there are tags.
                    await Promise.all([
                      discussion.permissions?.["discussions.move"]
                        ? queryClient.ensureQueryData(categoryListQuery(api, { maxDepth: 5 }))
                        : null,
                      queryClient.ensureQueryData(taggingEnabledQuery(api)),
                    ]);
                    return null;
                  },
                  action: actions.editDiscussion,
                  Component: EditDiscussionPage,
                };
              },
            },
            {
              id: "signin",
              path: "entry/signin",
              loader: signInButtons,
              lazy: entryPage("signIn", () => loadSignInPage().then((m) => m.SignInPage)),
            },
            {
              id: "two-factor-signin",
              path: "entry/2fa",
              lazy: entryPage("twoFactor", () => loadTwoFactorPage().then((m) => m.TwoFactorPage)),
            },
            {
              id: "signout",
              path: "entry/signout",
              lazy: entryPage("signOut", () => loadSignOutPage().then((m) => m.SignOutPage)),
            },
            featureRoute("connect", "entry/connect", authenticators),
            {
              id: "register",
              path: "entry/register",
              loader: signInButtons,
              lazy: entryPage("register", () => loadRegisterPage().then((m) => m.RegisterPage)),
            },
            {
              id: "password-request",
              path: "entry/passwordrequest",
              lazy: entryPage("requestPassword", () => loadPasswordRequestPage().then((m) => m.PasswordRequestPage)),
            },
            {
              id: "password-reset",
              path: "entry/passwordreset/:userID/:token",
              lazy: entryPage("resetPassword", () => loadPasswordResetPage().then((m) => m.PasswordResetPage)),
            },
            {
              id: "email-confirm",
              path: "entry/emailconfirm/:userID/:token",
              // Confirms, then reloads the document on the result page so the whole page sees the new role.
              loader: async ({ params }) => {
                try {
                  await usersApi.confirmEmail(api, params["userID"] ?? "", params["token"] ?? "");
                } catch (error) {
                  if (error instanceof ApiError && error.status < 500) {
                    return data<FormResult>({ ok: false, message: error.message }, { status: error.status });
                  }
                  throw error;
                }
                return redirectDocument("/entry/emailconfirmed");
              },
              lazy: entryPage(null, () => entryPages().then((m) => m.EmailConfirmPage)),
            },
            {
              id: "email-confirmed",
              path: "entry/emailconfirmed",
              loader: (): FormResult => ({ ok: true, message: "Your email has been successfully confirmed." }),
              lazy: entryPage(null, () => entryPages().then((m) => m.EmailConfirmPage)),
            },
            {
              id: "email-confirm-request",
              path: "entry/emailconfirmrequest",
              lazy: entryPage("resendConfirmation", () => entryPages().then((m) => m.EmailConfirmRequestPage)),
            },
            // The member's ignored members (features/ignore), before a profile's `profile/:name`.
            featureRoute("ignored", "profile/ignored", ignore),
            featureRoute("leaderboard", "leaderboard", reputation),
            featureRoute("badges", "badges", reputation),
            featureRoute("badge", "badges/:id", reputation),
            // The member's password and sessions (features/account), before `profile/:name` too.
            featureRoute("account", "profile/account", account),
            // The member's two-factor sign-in: enrolment, recovery codes, turning it off (features/account).
            featureRoute("two-factor", "profile/two-factor", account),
            // The link sent to a new e-mail address (features/account): a button that posts.
            featureRoute("email-change", "entry/emailchange/:token", account),
            // The member's privacy switches, data and account deletion (features/privacy).
            featureRoute("privacy", "profile/privacy", privacy),
            // The member's profile form (features/account), before `profile/:name` too.
            featureRoute("profile-edit", "profile/edit", profileEdit),
            // The paths of features/profiles/profiles.routes.tsx (router.test.tsx checks they agree).
            profileRoute("profile", "profile/:name"),
            profileRoute("profile-discussions", "profile/discussions/:name"),
            profileRoute("profile-comments", "profile/comments/:name"),
            profileRoute("profile-reactions", "profile/reactions/:name"),
            featureRoute("notifications", "profile/notifications", notifications),
            featureRoute("notification-preferences", "profile/preferences", notifications),
            featureRoute("unsubscribe", "unsubscribe/:token", notifications),
            // The paths of features/conversations/conversations.routes.tsx.
            featureRoute("conversations", "messages", conversations),
            featureRoute("new-message", "messages/add/:name?", conversations),
            featureRoute("conversation", "messages/:conversationID", conversations),
            // The member's drafts and scheduled posts, loaded with their route.
            featureRoute("drafts", "drafts", drafts),
            // Every tag with its discussions' count.
            featureRoute("tag-index", "tags", tagIndex),
            // The moderators' report queue and a post's reports.
            // The dashboard: its pages inside its frame (the navigation beside them), the theme editor on
            // the whole page. The frame is pathless, so each page keeps its own full path.
            {
              id: "dashboard-frame",
              lazy: async () => ({
                Component: (await dashboardFeature().then((m) => m.loadDashboardLayout())).DashboardLayout,
              }),
              children: [
                featureRoute("dashboard", "dashboard", dashboard),
                featureRoute("reports", "dashboard/content/reports", reports),
                featureRoute("premoderation", "dashboard/content/premoderation", reports),
                featureRoute("applicants", "dashboard/users/applicants", applicants),
                featureRoute("invitations", "dashboard/users/invitations", invitations),
                featureRoute("ban-rules", "dashboard/users/bans", banRules),
                featureRoute("dashboard-pages", "dashboard/pages", dashboard),
                featureRoute("dashboard-subcommunities", "dashboard/subcommunities", dashboard),
                featureRoute("members", "dashboard/users", members),
                featureRoute("member", "dashboard/users/:userID", members),
                featureRoute("settings", "dashboard/settings", settings),
                featureRoute("email-settings", "dashboard/settings/email", settings),
                featureRoute("email-templates", "dashboard/settings/email-templates", settings),
                featureRoute("registration-settings", "dashboard/settings/registration", settings),
                featureRoute("authenticators", "dashboard/settings/authenticators", authenticators),
                featureRoute("addons", "dashboard/addons", addons),
                featureRoute("webhooks", "dashboard/webhooks", webhooks),
                featureRoute("webhook", "dashboard/webhooks/:webhookID", webhooks),
                featureRoute("integrations", "dashboard/integrations", attachments),
                featureRoute("analytics", "dashboard/analytics", analytics),
                featureRoute("automation-rules", "dashboard/automation-rules", automation),
                featureRoute("automation-rule-add", "dashboard/automation-rules/add", automation),
                featureRoute("automation-rule", "dashboard/automation-rules/:automationRuleID", automation),
                featureRoute("themes", "dashboard/themes", themes),
                featureRoute("style-guide", "dashboard/style-guide", themes),
                featureRoute("layouts-dashboard", "dashboard/layouts", layoutEditor),
                featureRoute("fragments", "dashboard/fragments", fragments),
                featureRoute("fragment-add", "dashboard/fragments/add", fragments),
                featureRoute("fragment", "dashboard/fragments/:fragmentUUID", fragments),
                featureRoute("report-reasons", "dashboard/settings/report-reasons", reports),
                featureRoute("tags", "dashboard/tags", tags),
                featureRoute("watched-words", "dashboard/moderation/watched-words", watchedWords),
                featureRoute("moderation-messages", "dashboard/moderation/messages", moderationMessages),
                featureRoute("dashboard-categories", "dashboard/categories", categoriesDashboard),
                featureRoute("dashboard-category-add", "dashboard/categories/add", categoriesDashboard),
                featureRoute("dashboard-category-edit", "dashboard/categories/:categoryID/edit", categoriesDashboard),
                featureRoute(
                  "dashboard-category-delete",
                  "dashboard/categories/:categoryID/delete",
                  categoriesDashboard,
                ),
                featureRoute(
                  "dashboard-category-deletion",
                  "dashboard/categories/:categoryID/delete/:jobTrackingID",
                  categoriesDashboard,
                ),
                featureRoute("dashboard-reactions", "dashboard/reactions", reactionsDashboard),
                featureRoute("dashboard-ranks", "dashboard/ranks", reputation),
                featureRoute("dashboard-roles", "dashboard/roles", rolesDashboard),
                featureRoute("dashboard-profile-fields", "dashboard/settings/profile-fields", profileFieldsDashboard),
                featureRoute("dashboard-post-types", "dashboard/settings/post-types", postTypesDashboard),
                featureRoute("dashboard-post-fields", "dashboard/settings/post-fields", postTypesDashboard),
                featureRoute("dashboard-role", "dashboard/roles/:roleID", rolesDashboard),
                featureRoute("kb-dashboard", "dashboard/knowledge", knowledgeDashboard),
                featureRoute("kb-dashboard-add", "dashboard/knowledge/add", knowledgeDashboard),
                featureRoute("kb-dashboard-base", "dashboard/knowledge/:knowledgeBaseID", knowledgeDashboard),
              ],
            },
            featureRoute("theme-editor", "dashboard/themes/:themeID/edit", themes),
            // `new` and `{id}/edit`.
            featureRoute("layout-editor", "dashboard/layouts/:layoutID/edit?", layoutEditor),
            // A discussion's revision history and deleted comments (moderators).
            featureRoute("log", "log/filter", log),
            // The knowledge base (Vanilla's addresses).
            featureRoute("kb", "kb", knowledge),
            featureRoute("kb-base", "kb/:urlCode", knowledge),
            featureRoute("kb-category", "kb/categories/:category/:pageSegment?", knowledge),
            featureRoute("kb-article-add", "kb/articles/add", articleEditor),
            featureRoute("kb-article-editor", "kb/articles/:articleID/editor", articleEditor),
            featureRoute("kb-article", "kb/articles/:article", knowledge),
            // The groups (Vanilla's addresses): the editor's static segments win over a group's `{id}-{slug}`.
            featureRoute("groups", "groups", groups),
            featureRoute("group-add", "group/add", groupEditor),
            featureRoute("group-edit", "group/:groupID/edit", groupEditor),
            featureRoute("group", "group/:group", groups),
            featureRoute("group-members", "group/:group/members", groups),
            {
              id: "search",
              path: "search",
              lazy: async () => {
                const { createSearchRoutes } = await loadSearchRoutes();
                const [route] = createSearchRoutes({ queryClient, api, siteSection });
                return { loader: route!.loader, element: route!.element };
              },
            },
            {
              id: "leaving",
              path: "home/leaving",
              lazy: async () => ({ Component: (await loadLeavingPage()).LeavingPage }),
            },
            // A custom page at its address (issue 38), or the not-found page.
            { id: "not-found", path: "*", loader: layoutPage, element: <LayoutPage widgets={widgets} /> },
          ],
        },
      ],
    },
  ];
}
