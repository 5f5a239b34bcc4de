import cookie from "@fastify/cookie";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import helmet, { type HelmetOptions } from "helmet";
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions, type RouteOptions } from "fastify";
import { limits, sharedPermissionSchemas, type CommentPost, type DiscussionPost } from "@parley/contracts";
import { registerCsrfProtection } from "./platform/auth/csrf.ts";
import { registerGuestApiCache } from "./platform/http/guest-api-cache.ts";
import { createReadCache } from "./platform/read-cache.ts";
import { MINUTE, registerGuestApiLimit } from "./platform/http/address-limits.ts";
import { DEFAULT_TRUST_PROXY } from "./platform/config.ts";
import { botCheckProviders } from "@parley/contracts/bot-check";
import { linkPreviewFrameOrigins } from "@parley/contracts/link-previews";
import { createPlatform, type Platform, type PlatformConfig } from "./platform/context.ts";
import type { Database } from "./platform/db/database.ts";
import { nowIso } from "./platform/dates.ts";
import { registerApiConventions } from "./platform/http/api.ts";
import { createPostAsPatch } from "./platform/http/post-as-patch.ts";
import { registerErrorHandler } from "./platform/http/errors.ts";
import { HttpError } from "./platform/errors.ts";
import { addErrorResponses } from "./platform/http/error-responses.ts";
import { registerHealth } from "./platform/http/health.ts";
import { registerMetrics } from "./platform/http/metrics.ts";
import { REQUEST_ID_HEADER, requestIdOf } from "./platform/http/request-id.ts";
import { registerOpenApi } from "./platform/http/openapi.ts";
import { parseQueryString } from "./platform/http/querystring.ts";
import { registerEmptyBodies } from "./platform/http/empty-bodies.ts";
import { hardenRouteSchemas, stripNulFromBody } from "./platform/http/request-schemas.ts";
import { AJV_OPTIONS, lazySerializers, lazyValidators, ROUTER_OPTIONS } from "./platform/http/schema-compilers.ts";
import { registerCompression } from "./platform/http/compression.ts";
import { countCategories, recountCategories, registerCategories } from "./features/categories/index.ts";
import {
  countMembers,
  memberIDRange,
  createUserFragments,
  exportMemberProfile,
  recountPostCounts,
  registerUserPhotos,
  registerUsers,
  createConnectedAccounts,
  systemUserID,
} from "./features/users/index.ts";
import { registerTags } from "./features/tags/index.ts";
import {
  createPostRemoval,
  moveCategoryDiscussions,
  registerDiscussions,
  wipeMemberDiscussions,
  removeIdeaVotesOf,
  countDiscussions,
  discussionIDRange,
  exportMemberDiscussions,
  recountImportedDiscussions,
  type PostOwners,
} from "./features/discussions/index.ts";
import {
  commentIDRange,
  countComments,
  exportMemberComments,
  insertMergedComment,
  moveComments,
  moveDiscussionComments,
  registerComments,
  removeComments,
  wipeMemberComments,
} from "./features/comments/index.ts";
import { registerDashboard } from "./features/dashboard/index.ts";
import { createEmailTemplates, registerEmailTemplates } from "./features/email-templates/index.ts";
import { registerResources } from "./features/resources/index.ts";
import { registerFragments } from "./features/fragments/index.ts";
import { registerCustomPages } from "./features/custom-pages/index.ts";
import { loadSiteSections, registerSubcommunities } from "./features/subcommunities/index.ts";
import { createSectionRouter, siteSectionOf } from "./platform/http/site-section.ts";
import type { SiteSections } from "./platform/site-sections.ts";
import {
  createReactions,
  exportMemberReactions,
  moveDiscussionReactionsToComment,
  registerReactions,
  removeCommentReactions,
  removePostReactions,
} from "./features/reactions/index.ts";
import { categoryGrantWrites, registerRoles } from "./features/roles/index.ts";
import { registerTokens } from "./features/tokens/index.ts";
import { registerAuthenticators } from "./features/authenticators/index.ts";
import { registerThemes, THEME_PREVIEW_COOKIE } from "./features/themes/index.ts";
import { registerConfig } from "./features/config/index.ts";
import { createContentTranslations, registerTranslations } from "./features/translations/index.ts";
import { registerEmbed } from "./features/embed/index.ts";
import { registerTick } from "./features/tick/index.ts";
import { registerAnalytics, type NamedRecord } from "./features/analytics/index.ts";
import { registerMedia } from "./features/media/index.ts";
import { createFragmentViews, registerLayouts } from "./features/layouts/index.ts";
import {
  createNotifications,
  exportMemberNotificationPreferences,
  moveCommentNotifications,
  moveDiscussionCommentNotifications,
  registerNotifications,
  removeNotificationsAboutPosts,
} from "./features/notifications/index.ts";
import {
  createConversations,
  exportMemberConversations,
  recountImportedConversations,
  registerConversations,
  removeConversationContent,
} from "./features/conversations/index.ts";
import { createIgnore, registerIgnore } from "./features/ignore/index.ts";
import { rebuildMentionIndex, registerMentions } from "./features/mentions/index.ts";
import { registerReputation } from "./features/reputation/index.ts";
import { createProfileFields, registerProfileFields } from "./features/profile-fields/index.ts";
import { createCategoryPostTypes, registerPostTypes } from "./features/post-types/index.ts";
import { exportMemberDrafts, registerDrafts } from "./features/drafts/index.ts";
import { registerPrivacy } from "./features/privacy/index.ts";
import { registerSpam } from "./features/spam/index.ts";
import { registerPreviews } from "./features/previews/index.ts";
import { registerPosts } from "./features/posts/index.ts";
import { registerBans } from "./features/bans/index.ts";
import { registerWarnings } from "./features/warnings/index.ts";
import { registerSearch } from "./features/search/index.ts";
import { registerFeeds } from "./features/feeds/index.ts";
import { registerSitemaps } from "./features/sitemaps/index.ts";
import { registerImportRedirects } from "./features/import/index.ts";
import { registerMail } from "./platform/mail/mail.routes.ts";
import { registerDigest } from "./features/digest/index.ts";
import { registerModeration } from "./features/moderation/index.ts";
import { registerCollections } from "./features/collections/index.ts";
import { registerKnowledge } from "./features/knowledge/index.ts";
import { installGroupPermissions, registerGroups } from "./features/groups/index.ts";
import { createReportMeta, registerReports } from "./features/reports/index.ts";
import { registerWebhooks } from "./features/webhooks/index.ts";
import { registerAttachments } from "./features/attachments/index.ts";
import { registerAutomation } from "./features/automation/index.ts";
import { registerCallsRoutes } from "./platform/long-runner/calls.routes.ts";
import { registerPages, sendPlainErrorPage, type PagesOptions } from "./pages/pages.ts";

export interface AppOptions {
  config: PlatformConfig;
  database: Database;
  /** Server-rendered pages; tests of the API alone leave them out. */
  pages?: PagesOptions;
  /** Keep guests' API answers this long (0 or absent: no cache, as in tests). */
  guestApiCacheTtlMs?: number;
  /**
   * Keep the rows of hot lists, shared by every viewer (a member's discussion list), this long at most: they drop on
   * every content change (`platform/read-cache.ts`). 0 or absent: every list reads the database.
   */
  readCacheTtlMs?: number;
  /** Content-Security-Policy on (production) or off (Vite's dev server injects inline scripts). */
  contentSecurityPolicy?: boolean;
  logger?: FastifyServerOptions["logger"];
  /** Run scheduled jobs (publishing scheduled drafts) on timers; the server does, tests ask for it. */
  runJobs?: boolean;
  /** Compress answers for browsers that accept it (`PARLEY_COMPRESS`; the server does, tests ask for it). */
  compress?: boolean;
  /** Whose X-Forwarded-* headers are believed (`PARLEY_TRUST_PROXY`); default: loopback and private networks. */
  trustProxy?: boolean | string;
  /** URLs per sitemap (tests make it small to see chunking); default the protocol's 50,000. */
  sitemapChunkSize?: number;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route as registered, for the schema coverage test and the OpenAPI checks. */
    routeList: RouteOptions[];
    platform: Platform;
    /**
     * The security headers of a page that a host page at `origin` may frame (embedding, spec §4): the
     * CSP's frame-ancestors lists it, and X-Frame-Options (which cannot name another origin) is left out.
     */
    framingHeaders: (origin: string) => Record<string, string>;
  }
}

/** Builds the app: platform plugins, then feature modules, then pages. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  // Subcommunities' addresses (`/{folder}/…`) are routed as the whole site's, in their section (read below).
  let siteSections: SiteSections | null = null;
  const app = Fastify({
    rewriteUrl: createSectionRouter(() => siteSections),
    logger: options.logger ?? false,
    routerOptions: ROUTER_OPTIONS,
    ajv: { customOptions: { ...AJV_OPTIONS.customOptions }, plugins: [...AJV_OPTIONS.plugins] },
    trustProxy: options.trustProxy ?? DEFAULT_TRUST_PROXY,
    // Each request's id (`reqId` on every log line of it): a well-formed X-Request-Id (a proxy's), else a new one.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // One log line per request (written on response, below), not Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    schemaController: { compilersFactory: { buildSerializer: lazySerializers, buildValidator: lazyValidators } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.addHook("onResponse", async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url.split("?")[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      "request",
    );
  });

  const routeList: RouteOptions[] = [];
  app.decorate("routeList", routeList);
  // POST to `/resource/{id}` without a POST route runs its PATCH (reference §1.1): PATCH routes kept as added.
  const postAsPatch = createPostAsPatch();
  app.addHook("onRoute", (route) => {
    postAsPatch.collect(route);
    // Unknown body fields stripped, integers bounded to the database's range (see request-schemas.ts).
    hardenRouteSchemas(route);
    // Every API route answers the standard failures with the one error body; routes declare their successes.
    addErrorResponses(route);
    routeList.push(route);
  });

  // The bot check's provider (registration): its script, and the frames and calls its challenge makes.
  const botCheck = options.config.botCheck;
  const botCheckOrigins = botCheck
    ? [...new Set([...botCheckProviders[botCheck.provider].cspSources, new URL(botCheck.scriptUrl).origin])]
    : [];
  const helmetOptions = (frameAncestors: string[]): HelmetOptions => ({
    contentSecurityPolicy:
      options.contentSecurityPolicy === false
        ? false
        : {
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'", ...botCheckOrigins],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", "data:", "https:"],
              connectSrc: ["'self'", ...botCheckOrigins],
              // Link previews' players, made on a click (contracts' linkPreviewEmbedUrl), and the bot check's frames.
              frameSrc: ["'self'", ...botCheckOrigins, ...linkPreviewFrameOrigins],
              objectSrc: ["'none'"],
              baseUri: ["'self'"],
              frameAncestors,
              upgradeInsecureRequests: null,
            },
          },
    crossOriginEmbedderPolicy: false,
    // Browsers then send the page's own Origin with its form posts ("no-referrer" makes it "null",
    // which the CSRF check must treat as foreign).
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // A framed page's own frame-ancestors says who may frame it.
    xFrameOptions: frameAncestors.length === 1 ? { action: "sameorigin" } : false,
  });
  const headers = securityHeaders(helmetOptions(["'self'"]));
  const framing = new Map<string, Record<string, string>>();
  app.decorate("framingHeaders", (origin: string) => {
    let framed = framing.get(origin);
    if (!framed) {
      if (framing.size > 10) framing.clear();
      framed = securityHeaders(helmetOptions(["'self'", origin]));
      framing.set(origin, framed);
    }
    return framed;
  });
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(headers);
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  // Before any route: the plugin hooks each route as it is added.
  registerCompression(app, options.compress ?? false);
  await app.register(cookie);
  // Plain HTML forms (pages work without JavaScript) post urlencoded bodies.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      done(null, parseQueryString(String(body)));
    },
  );

  // A PUT or POST whose body requires nothing may come without one (`PUT /users/{id}/ignored/{ignoredUserID}`).
  registerEmptyBodies(app);
  // No body string carries a NUL character into a service (see request-schemas.ts).
  app.addHook("preValidation", async (request) => {
    if (typeof request.body === "object" && request.body !== null) stripNulFromBody(request.body);
  });

  const platform = await createPlatform(options.database, options.config);
  // Group privacy through the permission check: each group's category answers to its members (before any request).
  installGroupPermissions(platform);
  app.decorate("platform", platform);
  const sections = await loadSiteSections(platform);
  siteSections = sections;
  app.addHook("onClose", async () => platform.close());
  // Timers stop before anything closes, and a run in progress finishes while the database is open.
  app.addHook("preClose", async () => platform.jobs.close());
  if (options.runJobs) app.addHook("onReady", async () => platform.jobs.start());
  platform.sessions.register(app);
  const { guestApiPerMinute } = platform.rateLimits;
  registerGuestApiLimit(app, guestApiPerMinute ? platform.limiter("guest-api", guestApiPerMinute, MINUTE) : null);
  registerCsrfProtection(app);
  if (options.guestApiCacheTtlMs) {
    registerGuestApiCache(app, platform.contentChanges, {
      ttlMs: options.guestApiCacheTtlMs,
      maxEntries: 2_000,
      // ≈ 400 lists of 30 discussions.
      maxSize: 16_000_000,
    });
  }

  registerErrorHandler(app, {
    debug: options.config.debug,
    renderHtmlError: (_request, reply, status) => {
      sendPlainErrorPage(reply, status);
    },
  });
  await registerOpenApi(app);
  registerApiConventions(app);
  registerHealth(app, options.database, platform.pingRedis);
  registerMetrics(app, platform.metrics, options.config.metrics ?? { token: null, addresses: "loopback" });
  registerCallsRoutes(app, platform.longRunner);

  for (const schema of sharedPermissionSchemas) app.addSchema(schema);
  // Category names and descriptions in the reader's content locale; translations name existing categories.
  const translations = createContentTranslations(platform, async (recordType, recordIDs) => {
    if (recordType !== "category") return new Set();
    const nodes = await Promise.all(recordIDs.map((id) => categories.directory.get(id)));
    return new Set(nodes.flatMap((node) => (node ? [node.categoryID] : [])));
  });
  // A post's comments, the notifications about it and its reactions change through their owners, which each
  // import discussions: their writes are handed to discussions here (merge, split, deleting posts).
  const postOwners: PostOwners = {
    comments: { insertMergedComment, moveDiscussionComments, moveComments, removeComments },
    notifications: { moveCommentNotifications, moveDiscussionCommentNotifications, removeNotificationsAboutPosts },
    reactions: { moveDiscussionReactionsToComment, removePostReactions },
  };
  const { removePosts, removeMemberPosts } = createPostRemoval(postOwners, platform.clock);
  // Deleting a category with its content deletes the posts as the discussions feature does.
  const categoryPostTypes = createCategoryPostTypes(platform);
  const categories = await registerCategories(app, platform, {
    content: { removePosts, moveDiscussions: moveCategoryDiscussions, recountPostCounts },
    translations: translations.content,
    grants: categoryGrantWrites(platform.db),
    // A category's `allowedPostTypeIDs`: the post types feature keeps which of its types each category takes.
    postTypes: categoryPostTypes,
    sections,
  });
  // A `siteSectionID` filter's categories (a subcommunity's root and its subtree; null: the whole site).
  const sectionCategories = async (siteSectionID: string | undefined) => {
    const section = await sections.resolve(siteSectionID);
    return section ? categories.directory.withDescendants(section.categoryID) : null;
  };
  // The rows of hot lists, shared by every viewer who may read them (members' requests: no guest cache answers them).
  const listCache = options.readCacheTtlMs
    ? createReadCache(platform.contentChanges, {
        ttlMs: options.readCacheTtlMs,
        now: () => platform.clock.nowMs(),
        maxEntries: 10_000,
        // ≈ 130 pages of 30 discussions, or 400 of 30 comments, with their bodies; a member's fragment ≈ 400.
        maxSize: 16_000_000,
      })
    : null;
  const userFragments = createUserFragments(platform.db, () => platform.siteConfig.get("ranks.enabled"), listCache);
  const reactions = createReactions(platform, userFragments);
  // Who ignores whom: conversations refuse an ignored member's messages, notifications their mentions.
  const ignore = createIgnore(platform, userFragments);
  const conversations = createConversations(platform, userFragments, ignore.ignorersAmong);
  // Administrators' e-mail templates: a notification kind with an active one has its e-mail written by it.
  const emailTemplates = createEmailTemplates(platform);
  const notifications = await createNotifications(platform, {
    emailTemplate: emailTemplates.forNotification,
    unreadConversations: conversations.unreadCount,
    categories: categories.directory,
    ignorersAmong: ignore.ignorersAmong,
  });
  // Custom profile fields: users' records expand them; a deleted account's values go with it.
  const profileFields = createProfileFields(platform);
  const users = await registerUsers(
    app,
    platform,
    (userID) => reactions.received(userID),
    notifications.unreadCount,
    conversations.unreadCount,
    [
      async (db, userID, deleteMethod) => {
        if (deleteMethod === "delete") await removeMemberPosts(db, userID);
        if (deleteMethod === "wipe") {
          const now = nowIso();
          await wipeMemberComments(db, userID, now);
          await wipeMemberDiscussions(db, userID, now);
        }
      },
      removeConversationContent,
      async (db, userID) => profileFields.clearMember(db, userID),
      // However the account goes, its idea votes go with it: the ideas' scores count members only.
      async (db, userID) => removeIdeaVotesOf(db, userID),
    ],
    profileFields.valuesFor,
  );
  await registerRoles(app, platform);
  const tags = await registerTags(app, platform, { sectionCategories });
  const content = {
    categories: categories.directory,
    users: userFragments,
    reactions: reactions.summaries,
    reportMeta: createReportMeta(platform),
  };
  // Post types and fields: discussions check a post's type and keep its field values by their rules.
  const postTypes = await registerPostTypes(app, platform, { categories: categories.directory });
  const discussions = await registerDiscussions(app, platform, {
    ...content,
    tags,
    postOwners,
    postTypes,
    sections,
    listCache,
  });
  const comments = await registerComments(app, platform, {
    ...content,
    discussions,
    listCache,
    reactionWrites: { removeCommentReactions },
  });
  // Themes before layouts: the title bar shows the current theme's logo.
  const themes = await registerThemes(app, platform, { users: userFragments });
  // Where each fragment is used: the layouts that place it (the layouts feature reads its own tables).
  await registerFragments(app, platform, { fragmentViews: createFragmentViews(platform.db) });
  const customPages = await registerCustomPages(app, platform, {
    sectionFolder: (folder) => sections.byFolder(folder) !== undefined,
  });
  await registerSubcommunities(app, platform, {
    sections,
    categoryExists: async (categoryID) => (await categories.directory.get(categoryID)) !== undefined,
    themeExists: (themeID) => themes.exists(themeID),
    customPageUnder: (folder) => customPages.takesFolder(folder),
  });
  await registerLayouts(app, platform, {
    categories,
    discussions,
    comments,
    tags,
    themeLogo: () => themes.logo(),
    // The lists' post type filter: the site's active post types and the categories that take them.
    sitePostTypes: () => categoryPostTypes.activeTypes(),
    customPages,
    sections,
  });
  await registerDrafts(app, platform, { discussions, comments, categories: categories.directory });
  await registerModeration(app, platform, { discussions, users: userFragments });
  await registerReputation(app, {
    platform,
    users: userFragments,
    categories: categories.directory,
    sectionCategories,
  });
  // A collection's records presented as their own endpoints present them, for the viewer (a discussion with its
  // excerpt, which a featured collection's widget shows under the title).
  const collectionPresenters: Parameters<typeof registerCollections>[2] = {
    discussion: async (ids, context) =>
      (
        await discussions.list(
          { discussionID: ids, limit: ids.length, pinOrder: "mixed", expand: ["excerpt"], excerptLength: 160 },
          context,
        )
      ).items.map((discussion) => [discussion.discussionID, discussion]),
    category: async (ids, context) =>
      (await categories.service.presentMany(ids, context)).map((category) => [category.categoryID, category]),
  };
  // Articles, knowledge bases and groups are presented once their features are registered (below).
  const collections = await registerCollections(app, platform, collectionPresenters);
  const reports = await registerReports(app, platform, {
    categories: categories.directory,
    users: userFragments,
    loadRecord: async (recordType, recordID, context) => {
      const record =
        recordType === "discussion"
          ? await discussions.get(recordID, ["-insertUser", "-lastUser"], context)
          : await comments.get(recordID, ["-insertUser"], context);
      return {
        name: record.name ?? "",
        body: record.body ?? "",
        url: record.url ?? "",
        categoryID: record.categoryID ?? -1,
        insertUserID: record.insertUserID,
      };
    },
    removeRecord: (recordType, recordID, context) =>
      recordType === "discussion" ? discussions.remove(recordID, context) : comments.remove(recordID, context),
    // A participant's report of a message (or the screen's, as its author): the message as the report keeps it.
    loadMessage: (messageID, context) => conversations.reportableMessage(messageID, context),
    // Premoderation: an approved post is written through the normal create path, an approved edit through the
    // normal update path (revision, search index, its author as the editor), as its author.
    publish: async (post, context) => {
      const published = post.edit
        ? post.kind === "discussion"
          ? await discussions.patch(post.edit.recordID, post.input, context, { approved: true, heldFrom: post.edit })
          : await comments.patch(post.edit.recordID, post.input, context, { approved: true, heldFrom: post.edit })
        : post.kind === "discussion"
          ? await discussions.create(post.input as DiscussionPost, context, { approved: true })
          : await comments.create(post.input as CommentPost, context, { approved: true });
      const recordID = "commentID" in published ? published.commentID : published.discussionID;
      return { recordID, name: published.name ?? "", url: published.url ?? "" };
    },
  });
  // Webhooks: events POSTed, signed, to the addresses site managers register; payloads are the records' own GETs.
  await registerWebhooks(app, platform, {
    records: {
      discussion: (id, context) => discussions.get(id, undefined, context),
      comment: (id, context) => comments.get(id, undefined, context),
      user: (id, context) => users.get(String(id), context),
      report: (id, context) => reports.get(id, context),
    },
    systemUserID: () => systemUserID(platform),
  });
  // Attachments: tickets made for posts through the ticket integration, each post read as the viewer.
  await registerAttachments(app, platform, {
    records: {
      discussion: async (id, context) => {
        const discussion = await discussions.get(id, undefined, context);
        return {
          discussionID: discussion.discussionID,
          commentID: null,
          name: discussion.name,
          body: discussion.body ?? "",
          url: discussion.url,
          insertUserID: discussion.insertUserID,
          userName: discussion.insertUser?.name ?? "",
        };
      },
      comment: async (id, context) => {
        const comment = await comments.get(id, ["insertUser"], context);
        return {
          discussionID: comment.discussionID,
          commentID: comment.commentID,
          name: comment.name,
          body: comment.body ?? "",
          url: comment.url,
          insertUserID: comment.insertUserID,
          userName: comment.insertUser?.name ?? "",
        };
      },
    },
    // A page of comments at once: those in categories the viewer may see, each one's discussion read as them.
    readable: {
      comment: async (ids, context) => {
        const page = await comments.list({ commentID: ids, limit: ids.length, expand: ["-insertUser"] }, context);
        const discussionIDs = new Set(page.items.map((comment) => comment.discussionID));
        await Promise.all(
          [...discussionIDs].map((id) => discussions.get(id, ["-body", "-insertUser", "-lastUser"], context)),
        );
        return new Set(page.items.map((comment) => comment.commentID));
      },
    },
  });
  // Automation rules: a trigger (discussions idle for a time, a new post or member, a post reported N times) and an
  // action taken through the owning feature's service (discussions, collections, reports; mail by the mailer).
  const reportMeta = createReportMeta(platform);
  await registerAutomation(app, platform, {
    categories: categories.directory,
    actions: {
      close: (id, context) => discussions.patch(id, { closed: true }, context),
      move: (id, categoryID, context) => discussions.patch(id, { categoryID }, context),
      addTags: (id, tagIDs, context) => discussions.setTags(id, tagIDs, [], context, "add"),
      addToCollections: async (id, collectionIDs, context) => {
        const current = (await collections.byResource("discussion", id)).map((row) => row.collectionID);
        if (collectionIDs.every((collectionID) => current.includes(collectionID))) return;
        await collections.setByResource(
          {
            record: { recordType: "discussion", recordID: id },
            collectionIDs: [...new Set([...current, ...collectionIDs])],
          },
          context.viewer,
        );
      },
      existingCollections: async (collectionIDs) =>
        (
          await Promise.all(
            collectionIDs.map((collectionID) =>
              collections.get(collectionID).then(
                () => collectionID,
                () => null,
              ),
            ),
          )
        ).filter((collectionID) => collectionID !== null),
      escalate: async (record, noteBody, context) =>
        reports.fileAutomatic(
          { recordType: record.recordType, recordID: record.recordID, reportReasonIDs: ["inappropriate"], noteBody },
          context,
          await systemUserID(platform),
        ),
      post: async (record, context) => {
        const post =
          record.recordType === "discussion"
            ? await discussions.get(record.recordID, ["-insertUser", "-lastUser"], context)
            : await comments.get(record.recordID, ["-insertUser"], context);
        return { insertUserID: post.insertUserID, url: post.url ?? "", categoryID: post.categoryID ?? -1 };
      },
      reportCount: async (record) =>
        (await reportMeta(record.recordType, [record.recordID])).get(record.recordID)?.countReports ?? 0,
    },
    systemUserID: () => systemUserID(platform),
  });
  // Link previews: an address alone on a line of a post shows as a card, fetched in the background.
  await registerPreviews(app, platform);
  // An editor's Preview: a post's source rendered as readers will see it.
  await registerPosts(
    app,
    platform,
    {
      discussion: (id, context) => discussions.quote(id, context),
      comment: (id, context) => comments.quote(id, context),
    },
    (query, context) => discussions.list(query, context),
  );
  // Watched words and the spam check screen every write of member text; what they find is reported.
  await registerSpam(app, platform, { reports });
  // Ban rules refuse registrations and sign-ins; moderators see the addresses a member used.
  await registerBans(app, platform, { users: userFragments });
  // Warnings and moderators' notes on members, their automatic consequences, and moderation messages.
  await registerWarnings(app, platform, { users: userFragments, categories: categories.directory });
  await registerReactions(
    app,
    reactions,
    {
      discussion: (id, viewer) => discussions.load(id, viewer),
      comment: (id, viewer) => comments.loadReactable(id, viewer),
    },
    {
      users: userFragments,
      sources: {
        discussions: (query, context) => discussions.list({ ...query, sort: "-dateInserted" }, context),
        comments: (query, context) => comments.list({ ...query, sort: "-dateInserted" }, context),
      },
    },
  );
  await registerNotifications(app, platform, notifications, {
    canReadDiscussion: async (id, viewer) => void (await discussions.load(id, viewer)),
  });
  await registerConversations(app, conversations);
  await registerIgnore(app, ignore);
  // Who is mentioned where: kept from the posts' events; a member's list shows only posts the viewer may see, and
  // anonymising rewrites each post through its own feature's edit.
  await registerMentions(app, platform, {
    visible: async (recordType, ids, context) => {
      if (!ids.length) return new Set();
      if (recordType === "discussion") {
        const { items } = await discussions.list({ discussionID: ids, limit: ids.length }, context);
        return new Set(items.map((item) => item.discussionID));
      }
      const { items } = await comments.list({ commentID: ids, limit: ids.length }, context);
      return new Set(items.map((item) => item.commentID));
    },
    editBody: async (recordType, recordID, body, context) =>
      void (recordType === "discussion"
        ? await discussions.patch(recordID, { body }, context)
        : await comments.patch(recordID, { body }, context)),
  });
  await registerProfileFields(app, profileFields);
  // Analytics: its top lists name the discussions and categories the viewer may see, read as they would be.
  const analytics = await registerAnalytics(app, platform, {
    records: {
      discussions: async (ids, context) =>
        ids.length === 0
          ? []
          : (await discussions.list({ discussionID: ids, limit: ids.length }, context)).items.map((row) => ({
              id: row.discussionID,
              name: row.name,
              url: row.url,
            })),
      categories: async (ids, context) => {
        const named: NamedRecord[] = [];
        for (const id of ids) {
          try {
            const category = await categories.service.get(String(id), context);
            named.push({ id: category.categoryID, name: category.name, url: category.url });
          } catch (error) {
            if (!(error instanceof HttpError)) throw error; // Gone, or not the viewer's to see.
          }
        }
        return named;
      },
    },
  });
  await registerSearch(app, platform, {
    onSearch: (request, query, total) => analytics.searched(request, query, total),
    categories: categories.directory,
    users: userFragments,
    sections,
    // Vanilla's /discussions/search and /comments/search answer the records as their own lists do.
    records: {
      discussions: async (ids, expand, context) =>
        (await discussions.list({ discussionID: ids, limit: ids.length, ...(expand ? { expand } : {}) }, context))
          .items,
      comments: async (ids, expand, context) =>
        (await comments.list({ commentID: ids, limit: ids.length, ...(expand ? { expand } : {}) }, context)).items,
    },
  });
  // RSS and Atom feeds: what a guest may read, through the discussions', comments', categories', tags' and users' services.
  await registerFeeds(app, platform, { discussions, comments, categories: categories.service, tags, users });
  // robots.txt and sitemaps: what a guest may read, each kind through its table's owner.
  await registerSitemaps(app, platform, {
    categories: categories.directory,
    chunkSize: options.sitemapChunkSize,
    customPagePaths: () => customPages.publicPaths(),
    sections: () => sections.list(),
  });
  const knowledge = await registerKnowledge(app, platform, { users: userFragments });
  const groups = await registerGroups(app, platform, {
    users: userFragments,
    categories: categories.directory,
    removePosts,
  });
  collectionPresenters.article = (ids, context) => knowledge.articles.presentByIDs(ids, context);
  collectionPresenters.knowledgeBase = (ids, context) => knowledge.bases.presentByIDs(ids, context);
  collectionPresenters.groups = (ids, context) => groups.groups.presentByIDs(ids, context);
  // Signing in with an OpenID Connect provider: its accounts made, linked and signed in through the users feature.
  const authenticators = await registerAuthenticators(app, platform, { accounts: createConnectedAccounts(platform) });
  // Access tokens; an OAuth 2 provider's access token exchanged for one of ours finds its member as its sign-in does.
  await registerTokens(app, platform, { oauthMember: authenticators.memberForOAuthToken });
  await registerConfig(app, platform, { themes });
  await registerTranslations(app, platform, translations);
  await registerEmbed(app, platform);
  await registerTick(app, platform, {
    loadDiscussion: (id, viewer) => discussions.load(id, viewer),
    onView: (request, view) => analytics.record(request, { kind: "discussionView", ...view }),
    onPageView: (request) => analytics.record(request, { kind: "pageView" }),
  });
  // A download is for whoever may see the record its file is attached to: each record's owner says.
  const media = await registerMedia(app, platform, {
    discussion: async (id, context) => void (await discussions.load(id, context.viewer)),
    comment: async (id, context) => void (await comments.loadReactable(id, context.viewer)),
    category: async (id, context) => void (await categories.service.get(String(id), context)),
  });
  await registerUserPhotos(app, platform, media);
  // An imported forum's old addresses (phpBB's /viewtopic.php?t=…, …) answer 301 to the same record here.
  registerImportRedirects(app, platform.db);
  // The site's totals, each counted by its table's owner, and the counters' recounts by theirs.
  await registerDashboard(
    app,
    platform,
    {
      members: (since) => countMembers(platform.db, since),
      discussions: (since, categoryIDs) => countDiscussions(platform.db, since, categoryIDs),
      comments: (since, categoryIDs) => countComments(platform.db, since, categoryIDs),
      categories: (categoryIDs) => countCategories(platform.db, categoryIDs),
      sectionCategories: async (siteSectionID) => {
        const section = await sections.resolve(siteSectionID);
        if (!section) return null;
        const categoryIDs = await categories.directory.withDescendants(section.categoryID);
        return { siteSectionID: section.subcommunityID, categoryIDs };
      },
    },
    {
      discussion: async () => void (await recountImportedDiscussions(platform.db)),
      conversation: () => recountImportedConversations(platform.db),
      category: () => recountCategories(platform.db),
      "user-mentions": () => rebuildMentionIndex(platform.db),
    },
  );
  // The record types an outside index crawls, each range read by its table's owner; their dirty records.
  const categoryPage = limits.categories.listMaxLimit;
  await registerResources(app, platform, {
    discussion: {
      path: "/api/v2/discussions?sort=discussionID",
      parameter: "discussionID",
      range: () => discussionIDRange(platform.db),
    },
    comment: {
      path: "/api/v2/comments?sort=commentID",
      parameter: "commentID",
      range: () => commentIDRange(platform.db),
    },
    user: { path: "/api/v2/users?sort=dateInserted", parameter: "userID", range: () => memberIDRange(platform.db) },
    // Categories page by number (their list takes no id range): pages 1 to max.
    category: {
      path: `/api/v2/categories?outputFormat=flat&sort=categoryID&limit=${categoryPage}`,
      parameter: "page",
      range: async () => {
        const count = await countCategories(platform.db);
        return { min: 1, max: Math.max(1, Math.ceil(count / categoryPage)), count };
      },
    },
  });
  await registerMail(app, platform);
  await registerDigest(app, platform, {
    categories: categories.directory,
    unsubscribeToken: notifications.mail.unsubscribeToken,
  });
  await registerEmailTemplates(app, platform, emailTemplates);
  // "Download my data": each part read by the feature that owns its tables.
  const { db } = platform;
  await registerPrivacy(app, platform, [
    async (userID) => ({ profile: await exportMemberProfile(db, userID) }),
    (userID) => exportMemberDiscussions(db, userID),
    async (userID) => ({ comments: await exportMemberComments(db, userID) }),
    async (userID) => ({ messages: await exportMemberConversations(db, userID) }),
    async (userID) => ({ reactions: await exportMemberReactions(db, userID) }),
    async (userID) => ({ drafts: await exportMemberDrafts(db, userID) }),
    async (userID) => ({ "notification-preferences": await exportMemberNotificationPreferences(db, userID) }),
  ]);

  // Every feature's routes are in: the POSTs that fall back to a PATCH.
  postAsPatch.register(app);

  if (options.pages)
    await registerPages(app, {
      ...options.pages,
      onPageView: (request) => analytics.record(request, { kind: "pageView" }),
      themeParts: async (request) =>
        themes.pageParts(
          (await themes.previewed(request.viewer, request.cookies[THEME_PREVIEW_COOKIE])) ??
            sectionTheme(siteSectionOf(request)),
        ),
    });
  return app;
}

/**
 * Helmet's security headers (CSP on, as STACK.md asks), worked out once: they are the same for every
 * response here (no nonces, no per-route options), and @fastify/helmet built helmet's middleware anew
 * on each request, parsing the CSP directives each time (0.15 ms of a search's 4 ms in a CPU profile).
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  const outcome: { error?: Error } = {};
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) outcome.error = error instanceof Error ? error : new Error("Helmet refused its options.");
  });
  if (outcome.error) throw outcome.error;
  return headers;
}

/** A subcommunity's own theme, for its pages (null: the site's). */
const sectionTheme = (section: { themeID: string | null } | null) =>
  section?.themeID ? { themeID: section.themeID, revisionID: null } : null;
