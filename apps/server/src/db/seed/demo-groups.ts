import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";
import { hotScore } from "../../features/discussions/index.ts";
import { createGroupMembersRepo, createGroupsRepo } from "../../features/groups/index.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface DemoGroup {
  name: string;
  description: string;
  privacy: "public" | "private" | "secret";
  /** Indexes of the demo members (-1: the admin); the first is the leader. */
  members: number[];
  /** A pending application: who, and why. */
  applicant?: { member: number; reason: string };
  discussions: Array<{
    author: number;
    name: string;
    body: string;
    daysAgo: number;
    replies: Array<{ author: number; body: string }>;
  }>;
}

/** `author` and `members` index the demo members; -1 is the admin. Older than the rest, so recent lists start elsewhere. */
const demoGroups: DemoGroup[] = [
  {
    name: "Self-Hosting Club",
    description: "For everyone running Parley on their own servers: proxies, backups, upgrades and war stories.",
    privacy: "public",
    members: [2, 4, 6, 1],
    discussions: [
      {
        author: 2,
        name: "Which reverse proxy do you run in front of Parley?",
        body: "I'm on Caddy for the automatic certificates. Anyone using nginx or Traefik? Any settings you had to change for the live notifications?",
        daysAgo: 27,
        replies: [
          {
            author: 4,
            body: "nginx here. Turn off `proxy_buffering` for the events stream, or notifications arrive late.",
          },
          { author: 6, body: "Traefik works out of the box for me." },
        ],
      },
      {
        author: 4,
        name: "Backups: how often, and where to?",
        body: "I dump the database every night and copy the uploads folder to another machine. Is that enough?",
        daysAgo: 26,
        replies: [
          { author: 2, body: "Test a restore once in a while too. A backup you never restored is a hope, not a plan." },
        ],
      },
    ],
  },
  {
    name: "Theme Designers",
    description: "Share and review themes, colour palettes and icons before they go live.",
    privacy: "private",
    members: [5, 3, 2],
    applicant: { member: 1, reason: "I'd like to share the dark theme I have been working on." },
    discussions: [
      {
        author: 5,
        name: "A colour contrast checklist for new themes",
        body: "Before you share a theme: body text at 4.5:1 at least, links distinguishable without colour, focus rings visible on every background.",
        daysAgo: 28,
        replies: [{ author: 3, body: "Thanks! I'll add a check for the title bar's transparent mode too." }],
      },
    ],
  },
  {
    name: "Moderators' Lounge",
    description: "A quiet room for the moderation team.",
    privacy: "secret",
    members: [0, -1],
    discussions: [
      {
        author: 0,
        name: "Handling the spam wave",
        body: "We had a dozen spam accounts this week. I banned them and removed their posts; let's keep an eye on new registrations.",
        daysAgo: 29,
        replies: [{ author: -1, body: "Thanks, Alice. I'll turn on e-mail confirmation for new members." }],
      },
    ],
  },
];

/** The demo groups, their members, a pending application and their discussions (in the seed's transaction). */
export async function seedDemoGroups(
  trx: Kysely<DB>,
  userOf: (member: number) => number,
  adminUserID: number,
  now: number,
): Promise<void> {
  const iso = (ms: number) => new Date(ms).toISOString();
  const groups = createGroupsRepo(trx);
  const members = createGroupMembersRepo(trx);
  for (const [index, group] of demoGroups.entries()) {
    const created = iso(now - (30 - index) * DAY);
    const leaderID = userOf(group.members[0]!);
    const groupID = await groups.insert({
      name: group.name,
      description: group.description,
      privacy: group.privacy,
      iconUrl: null,
      bannerUrl: null,
      categoryID: 0,
      insertUserID: leaderID,
      dateInserted: created,
      updateUserID: null,
      dateUpdated: null,
    });
    const parent = await groups.parentCategory(adminUserID, created);
    const categoryID = await groups.insertCategory({ ...group, groupID }, parent, leaderID, created);
    await groups.update(groupID, { categoryID });
    for (const [position, member] of group.members.entries())
      await members.addMember(groupID, userOf(member), position === 0 ? "leader" : "member", created);
    if (group.applicant)
      await members.apply(groupID, userOf(group.applicant.member), group.applicant.reason, iso(now - 2 * DAY));

    for (const discussion of group.discussions) {
      const inserted = now - discussion.daysAgo * DAY;
      const replies = discussion.replies.map((reply, position) => ({
        ...reply,
        at: inserted + (position + 1) * 3 * HOUR,
      }));
      const last = replies.at(-1);
      const authorID = userOf(discussion.author);
      const row = await trx
        .insertInto("discussions")
        .values({
          type: "discussion",
          categoryID,
          groupID,
          name: discussion.name,
          body: discussion.body,
          format: "markdown",
          insertUserID: authorID,
          lastUserID: last ? userOf(last.author) : authorID,
          dateInserted: iso(inserted),
          dateLastComment: iso(last ? last.at : inserted),
          countComments: replies.length,
          hot: hotScore(iso(last ? last.at : inserted), 0, replies.length),
          countViews: 5 + replies.length * 9,
        })
        .returning("discussionID")
        .executeTakeFirstOrThrow();
      let lastCommentID: number | null = null;
      for (const reply of replies) {
        const comment = await trx
          .insertInto("comments")
          .values({
            discussionID: row.discussionID,
            body: reply.body,
            format: "markdown",
            insertUserID: userOf(reply.author),
            dateInserted: iso(reply.at),
          })
          .returning("commentID")
          .executeTakeFirstOrThrow();
        lastCommentID = comment.commentID;
      }
      if (lastCommentID !== null)
        await trx
          .updateTable("discussions")
          .set({ lastCommentID })
          .where("discussionID", "=", row.discussionID)
          .execute();
    }
  }
}
