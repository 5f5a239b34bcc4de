import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

/*
 * The demo community's knowledge bases: a help centre about using this forum, and a short guide for its
 * administrators. Articles are Markdown with ## headings (their outline).
 */

interface DemoArticle {
  name: string;
  body: string;
}

interface DemoKnowledgeBase {
  name: string;
  urlCode: string;
  description: string;
  viewType: "help" | "guide";
  sortArticles: "manual" | "dateInsertedDesc";
  /** Categories with their articles; a guide's articles sit in its root category (no name). */
  categories: Array<{ name: string | null; articles: DemoArticle[] }>;
}

const demoKnowledgeBases: DemoKnowledgeBase[] = [
  {
    name: "Help Center",
    urlCode: "help-center",
    description: "Answers to common questions about using the community.",
    viewType: "help",
    sortArticles: "manual",
    categories: [
      {
        name: "Getting Started",
        articles: [
          {
            name: "Creating your account",
            body: `Anyone can read the community; to post, react and follow categories you need an account.

## Registering

Choose **Register** in the title bar, then pick a user name, enter your e-mail address and a password of at least 8 characters.

## Confirming your e-mail address

We send you a message with a confirmation link. Until you open it you can read and edit your profile, but not post. If the message does not arrive, check your spam folder, then ask for another one from the sign-in pages.

## Signing in

Use **Sign In** with your user name or e-mail address and your password.`,
          },
          {
            name: "Finding your way around",
            body: `The community is organised in **categories**, each holding discussions about one topic.

## The title bar

The title bar links to the categories, the list of recent discussions and search. Once signed in, it also shows your notifications, your messages and the *My Account* menu.

## Discussions and comments

A discussion is a question or topic started by a member; the replies below it are comments. Open a discussion to read it from the start, or jump to the first comment you have not read yet.

## Searching

Type a few words in the search box. Use quotes for an exact phrase, and the filters on the search page to look in one category or for one author.`,
          },
          {
            name: "Following categories and notifications",
            body: `Stay up to date without checking every page.

## Following a category

Open a category and choose **Follow**. Its new discussions then appear in your followed list, and you can search only the categories you follow.

## Notifications

You are notified when someone replies to your discussion, mentions you with \`@YourName\` or quotes you. Choose which notifications arrive in the site and which by e-mail under **Profile › Preferences**.`,
          },
        ],
      },
      {
        name: "Your Account",
        articles: [
          {
            name: "Your profile and preferences",
            body: `Every member has a profile page at \`/profile/YourName\`.

## What your profile shows

Your profile lists your discussions, your comments and the reactions your posts received. Select your name anywhere on the site to open a member's card, and from there their profile.

## Notification preferences

Under **Profile › Preferences** choose, for each kind of activity, whether you are told in the site, by e-mail, or both. Every notification e-mail also has a one-click unsubscribe link.`,
          },
          {
            name: "Signing in and resetting your password",
            body: `## Signing in

Choose **Sign In** and enter your user name or e-mail address and your password. After several failed attempts sign-in is paused for a while, to protect your account.

## Forgotten password

On the sign-in page choose **Forgot your password?** and enter your e-mail address. We send you a link to choose a new password; it works once.

## Access tokens

Developers can create personal access tokens to use the API as themselves. Treat a token like a password and delete it when you no longer need it.`,
          },
          {
            name: "Privacy and deleting your account",
            body: `## What others see

Other members see your name, photo, title and posts. Your e-mail address is never shown to members, only to administrators.

## Private messages

Private messages are seen by their participants only. Leaving a conversation removes it from your inbox.

## Deleting your account

Ask an administrator to delete your account. They can keep your posts (shown as by a deleted user) or remove them with the account.`,
          },
        ],
      },
      {
        name: "Posting and Moderation",
        articles: [
          {
            name: "Writing a good discussion",
            body: `Good discussions get good answers.

## Choose the right category

Post in the category that fits your topic: help requests in *Help & Support*, ideas in *Ideas & Feedback*.

## Write a clear title

Say what you need in the title: "Emails not sent after upgrading to 2.1" is answered sooner than "Help!".

## Formatting

The editor supports **bold**, *italic*, lists, links, quotes, code blocks and images. You can also write Markdown.

## Drafts

Your text is saved as a draft while you write, so nothing is lost if you close the page.`,
          },
          {
            name: "Reactions, reports and community rules",
            body: `## Reactions

React to posts you find helpful or funny. Reactions add to a post's score and help the best answers stand out.

## Reporting a post

If a post breaks the rules, choose **Report** in its menu, pick a reason and add a note. Moderators review every report; the author is not told who reported it.

## What moderators do

Moderators can edit, move, close and delete posts, and warn or ban members who keep breaking the rules. Every moderation action is logged.`,
          },
        ],
      },
    ],
  },
  {
    name: "Administrator Guide",
    urlCode: "admin-guide",
    description: "Setting up and running your Parley community.",
    viewType: "guide",
    sortArticles: "manual",
    categories: [
      {
        name: null,
        articles: [
          {
            name: "Configuring the site",
            body: `## Title and description

Under **Dashboard › Settings** set the site's title and description; they appear in the title bar and in search results.

## Registration

Choose how people join: basic registration, registration with a captcha, or closed registration.

## Features

Switch on the optional features your community needs: private messages, tagging, signatures and embedding.`,
          },
          {
            name: "Roles and permissions",
            body: `Every member has one or more roles, and each role grants permissions.

## Default roles

Guests read; members post; moderators moderate; administrators manage the site. Moderators and administrators can also write knowledge base articles.

## Per-category permissions

A category can have its own permissions, for example a staff-only category that members cannot see.

## Changing a role

Change a role's permissions through the roles API (\`PATCH /api/v2/roles/{id}\`). Members' rights change at once, even on pages they already have open.`,
          },
          {
            name: "Moderating the community",
            body: `## The report queue

Reported posts wait in **Dashboard › Content › Reports**. Dismiss a report or delete the post.

## Bulk actions

Select several discussions in a list to move, close or delete them together.

## The audit log

Every moderation action is written to the audit log, with who did it and when.`,
          },
        ],
      },
    ],
  },
];

/** Inserts the demo knowledge bases, their categories and articles (each with its first revision). */
export async function seedDemoKnowledge(trx: Kysely<DB>, adminUserID: number, now: number): Promise<void> {
  let minute = 0;
  const at = () => new Date(now - 7 * 24 * 3_600_000 + minute++ * 60_000).toISOString();
  for (const base of demoKnowledgeBases) {
    const created = at();
    const { knowledgeBaseID } = await trx
      .insertInto("knowledgeBases")
      .values({
        name: base.name,
        description: base.description,
        urlCode: base.urlCode,
        viewType: base.viewType,
        sortArticles: base.sortArticles,
        sourceLocale: "en",
        defaultArticleID: null,
        insertUserID: adminUserID,
        dateInserted: created,
        updateUserID: null,
        dateUpdated: null,
      })
      .returning("knowledgeBaseID")
      .executeTakeFirstOrThrow();
    const category = (parentID: number, name: string, sort: number | null, date: string) =>
      trx
        .insertInto("knowledgeCategories")
        .values({
          knowledgeBaseID,
          parentID,
          name,
          sort,
          sortChildren: null,
          insertUserID: adminUserID,
          dateInserted: date,
          updateUserID: null,
          dateUpdated: null,
        })
        .returning("knowledgeCategoryID")
        .executeTakeFirstOrThrow();
    const root = await category(-1, base.name, null, created);
    await trx
      .updateTable("knowledgeBases")
      .set({ rootCategoryID: root.knowledgeCategoryID })
      .where("knowledgeBaseID", "=", knowledgeBaseID)
      .execute();
    let firstArticleID: number | null = null;
    for (const [categorySort, demo] of base.categories.entries()) {
      const knowledgeCategoryID =
        demo.name === null
          ? root.knowledgeCategoryID
          : (await category(root.knowledgeCategoryID, demo.name, categorySort + 1, at())).knowledgeCategoryID;
      for (const [sort, article] of demo.articles.entries()) {
        const date = at();
        const { articleID } = await trx
          .insertInto("articles")
          .values({
            knowledgeCategoryID,
            knowledgeBaseID,
            name: article.name,
            body: article.body,
            format: "markdown",
            locale: "en",
            sort: sort + 1,
            seoName: null,
            seoDescription: null,
            dateFeatured: null,
            insertUserID: adminUserID,
            dateInserted: date,
            updateUserID: null,
            dateUpdated: null,
          })
          .returning("articleID")
          .executeTakeFirstOrThrow();
        firstArticleID ??= articleID;
        await trx
          .insertInto("articleRevisions")
          .values({
            articleID,
            name: article.name,
            format: "markdown",
            body: article.body,
            locale: "en",
            status: "published",
            insertUserID: adminUserID,
            dateInserted: date,
          })
          .execute();
      }
    }
    if (base.viewType === "guide")
      await trx
        .updateTable("knowledgeBases")
        .set({ defaultArticleID: firstArticleID })
        .where("knowledgeBaseID", "=", knowledgeBaseID)
        .execute();
  }
}
