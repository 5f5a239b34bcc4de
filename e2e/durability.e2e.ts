import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../apps/server/src/platform/db/database.ts";
import { counterMismatches } from "../apps/server/src/test/counters.ts";
import { createTestDatabase } from "./support/postgres.ts";
import { adminPassword, startServer, type RunningServer } from "./support/server.ts";

/*
 * Durability (issue 25): members write at once over real HTTP (discussions, comments, reactions, and an
 * administrator's deletes), the server is killed with SIGKILL in the middle, then started again on the
 * same database. Every write that was acknowledged (2xx) must be there (every acknowledged delete gone),
 * and every stored counter must equal a recount from the tables. On SQLite (a data directory) and, with
 * TEST_DATABASE_URL, on PostgreSQL (a database of its own, dropped afterwards).
 */

const MEMBERS = 6;
/** Each member's writes are bounded; the kill comes first, after this many acknowledged writes (or the deadline). */
const OPS_PER_MEMBER = 150;
const KILL_AFTER_ACKS = 240;
const KILL_DEADLINE_MS = 20_000;
const reactionTypes = ["like", "agree", "dislike", "awesome", "up"];

const testDatabaseUrl = process.env["TEST_DATABASE_URL"] || null;
const engines = testDatabaseUrl ? (["sqlite", "postgres"] as const) : (["sqlite"] as const);

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** A signed-in client (session cookie, same-origin headers as the site's own pages); null answers when the server is gone. */
function client(baseUrl: string, cookie: string) {
  return async (method: "GET" | "POST" | "DELETE" | "PATCH", url: string, body?: unknown): Promise<Answer | null> => {
    try {
      const response = await fetch(`${baseUrl}/api/v2${url}`, {
        method,
        headers: {
          cookie,
          origin: baseUrl,
          "x-requested-with": "XMLHttpRequest",
          ...(body ? { "content-type": "application/json" } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    } catch {
      return null;
    }
  };
}
type Client = ReturnType<typeof client>;

async function signIn(baseUrl: string, username: string, password: string): Promise<Client> {
  const response = await fetch(`${baseUrl}/api/v2/authenticate/password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 201) throw new Error(`Signing in as ${username} answered ${response.status}.`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return client(baseUrl, cookie);
}

/** A database for the run: a SQLite file in the data directory, or a fresh PostgreSQL database. */
async function prepareDatabase(
  engine: "sqlite" | "postgres",
): Promise<{ env: Record<string, string>; url: string | null; drop: () => Promise<void> }> {
  if (engine === "sqlite") return { env: {}, url: null, drop: async () => {} };
  const database = await createTestDatabase(testDatabaseUrl!, "parley_durability");
  return { env: { DATABASE_URL: database.url }, url: database.url, drop: () => database.drop() };
}

describe.each(engines)("durability on %s", (engine) => {
  it("keeps every acknowledged write and exact counters through a SIGKILL mid-run", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "parley-durability-"));
    const database = await prepareDatabase(engine);
    const env = { ...database.env, PARLEY_SEED: "demo" };
    let server: RunningServer | undefined;
    try {
      server = await startServer({ dataDir, env, startupTimeoutMs: 60_000 });
      const { baseUrl } = server;
      const admin = await signIn(baseUrl, "admin", adminPassword);

      // The cast: members exempt from flood control, and two threads everyone comments on.
      const members: Array<{ userID: number; call: Client }> = [];
      for (let index = 0; index < MEMBERS; index++) {
        const name = `durable_${index}_${randomBytes(2).toString("hex")}`;
        const password = `pw-${randomBytes(6).toString("hex")}`;
        const created = await admin("POST", "/users", {
          name,
          email: `${name}@example.test`,
          password,
          bypassSpam: true,
        });
        expect(created?.status, JSON.stringify(created?.body)).toBe(201);
        members.push({ userID: created!.body["userID"] as number, call: await signIn(baseUrl, name, password) });
      }
      const categories = (await admin("GET", "/categories?limit=100"))!.body as unknown as Array<{
        categoryID: number;
        urlcode: string;
      }>;
      const categoryOf = (code: string) => categories.find((row) => row.urlcode === code)!.categoryID;
      const postable = [categoryOf("general"), categoryOf("troubleshooting"), categoryOf("ideas")];
      const targets: number[] = [];
      for (const name of ["Durable thread one", "Durable thread two"]) {
        const made = await admin("POST", "/discussions", {
          name,
          body: "Comment here.",
          format: "markdown",
          categoryID: postable[0],
        });
        expect(made?.status).toBe(201);
        targets.push(made!.body["discussionID"] as number);
      }

      // What the server acknowledged.
      const acked = {
        comments: [] as number[],
        discussions: [] as number[],
        reactions: [] as Array<{ recordType: "comment" | "discussion"; recordID: number; userID: number }>,
        deletedComments: new Set<number>(),
        deletedDiscussions: new Set<number>(),
      };
      // Deletes sent, answered or not: one cut short by the kill may or may not have committed.
      const triedDeletes = new Set<string>();
      let acks = 0;
      let killed = false;
      const ack = () => {
        acks += 1;
      };
      /** The server's logged errors, for a write that answered 5xx. */
      const serverErrors = () =>
        server!
          .stdout()
          .split("\n")
          .filter((line) => /"level":(50|60)/u.test(line))
          .join("\n");

      const memberLoop = async (member: (typeof members)[number], index: number) => {
        for (let op = 0; op < OPS_PER_MEMBER && !killed; op++) {
          let answer: Answer | null;
          if (op % 5 === 0) {
            answer = await member.call("POST", "/discussions", {
              name: `Durable ${index}.${op}`,
              body: "A discussion.",
              format: "markdown",
              categoryID: postable[(index + op) % postable.length],
            });
            if (answer?.status === 201) acked.discussions.push(answer.body["discussionID"] as number);
          } else if (op % 5 === 3 && acked.comments.length) {
            // Someone's comment (or a thread), chosen by position: many members react to the same records.
            const onThread = op % 2 === 0;
            const recordID = onThread ? targets[index % 2]! : acked.comments[(index * 7 + op) % acked.comments.length]!;
            const type = onThread ? "discussions" : "comments";
            answer = await member.call("POST", `/${type}/${recordID}/reactions`, {
              reactionType: reactionTypes[(index + op) % reactionTypes.length],
            });
            if (answer && answer.status < 300)
              acked.reactions.push({
                recordType: onThread ? "discussion" : "comment",
                recordID,
                userID: member.userID,
              });
          } else {
            answer = await member.call("POST", "/comments", {
              discussionID: targets[(index + op) % 2],
              body: `Comment ${op} of ${index}.`,
              format: "markdown",
            });
            if (answer?.status === 201) acked.comments.push(answer.body["commentID"] as number);
          }
          if (answer === null) return; // The server is gone.
          if (answer.status < 300) ack();
          else if (answer.status >= 500)
            throw new Error(`A write answered ${answer.status}: ${JSON.stringify(answer.body)}\n${serverErrors()}`);
        }
      };
      const deleterLoop = async () => {
        for (let op = 0; op < OPS_PER_MEMBER && !killed; op++) {
          let answer: Answer | null = null;
          if (op % 3 === 2 && acked.discussions.length > 2) {
            const discussionID = acked.discussions[(op * 5) % acked.discussions.length]!;
            triedDeletes.add(`discussion ${discussionID}`);
            answer = await admin("DELETE", `/discussions/${discussionID}`);
            if (answer?.status === 204) acked.deletedDiscussions.add(discussionID);
          } else if (acked.comments.length > 4) {
            const commentID = acked.comments[(op * 11) % acked.comments.length]!;
            triedDeletes.add(`comment ${commentID}`);
            answer = await admin("DELETE", `/comments/${commentID}`);
            if (answer?.status === 204) acked.deletedComments.add(commentID);
          } else {
            await new Promise((resolve) => setTimeout(resolve, 50));
            continue;
          }
          if (answer === null) return;
          if (answer.status < 300) ack();
          else if (answer.status >= 500)
            throw new Error(`A delete answered ${answer.status}: ${JSON.stringify(answer.body)}\n${serverErrors()}`);
        }
      };

      const running = server;
      const started = Date.now();
      const killer = (async () => {
        while (acks < KILL_AFTER_ACKS && Date.now() - started < KILL_DEADLINE_MS) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        killed = true;
        await running.kill();
      })();
      await Promise.all([...members.map(memberLoop), deleterLoop(), killer]);

      // The same database, a new process.
      server = await startServer({ dataDir, env, startupTimeoutMs: 60_000 });
      const after = await signIn(server.baseUrl, "admin", adminPassword);
      const probe = await after("POST", "/comments", {
        discussionID: targets[0],
        body: "After the restart.",
        format: "markdown",
      });
      expect(probe?.status, "the restarted server takes writes").toBe(201);

      const opened = await openDatabase({
        databaseUrl: database.url,
        sqliteFile: path.join(dataDir, "parley.sqlite"),
        poolSize: 2,
      });
      const { db } = opened;
      try {
        const lost: string[] = [];
        const present = async (table: "comments" | "discussions", ids: number[]) => {
          if (!ids.length) return new Set<number>();
          const rows =
            table === "comments"
              ? await db.selectFrom("comments").select("commentID as id").where("commentID", "in", ids).execute()
              : await db
                  .selectFrom("discussions")
                  .select("discussionID as id")
                  .where("discussionID", "in", ids)
                  .execute();
          return new Set(rows.map((row) => row.id));
        };
        const comments = await present("comments", acked.comments);
        const discussions = await present("discussions", acked.discussions);
        for (const id of acked.comments) {
          if (acked.deletedComments.has(id) && comments.has(id)) lost.push(`deleted comment ${id} is back`);
          if (!comments.has(id) && !triedDeletes.has(`comment ${id}`)) lost.push(`comment ${id}`);
        }
        for (const id of acked.discussions) {
          if (acked.deletedDiscussions.has(id) && discussions.has(id)) lost.push(`deleted discussion ${id} is back`);
          if (!discussions.has(id) && !triedDeletes.has(`discussion ${id}`)) lost.push(`discussion ${id}`);
        }
        for (const reaction of acked.reactions) {
          // Reactions go with their comment (the threads are never deleted).
          if (reaction.recordType === "comment" && triedDeletes.has(`comment ${reaction.recordID}`)) continue;
          const row = await db
            .selectFrom("reactions")
            .select("userID")
            .where("recordType", "=", reaction.recordType)
            .where("recordID", "=", reaction.recordID)
            .where("userID", "=", reaction.userID)
            .executeTakeFirst();
          if (!row) lost.push(`reaction of ${reaction.userID} on ${reaction.recordType} ${reaction.recordID}`);
        }
        const mismatches = await counterMismatches(db);
        console.info(
          `durability (${engine}): ${acks} writes acknowledged, ${lost.length} lost, ${mismatches.length} counters off`,
        );
        expect(acks, "enough writes were acknowledged before the kill").toBeGreaterThan(20);
        expect(lost, lost.slice(0, 20).join("\n")).toEqual([]);
        expect(mismatches, mismatches.slice(0, 20).join("\n")).toEqual([]);
      } finally {
        await opened.close();
      }
    } finally {
      await server?.stop();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});
