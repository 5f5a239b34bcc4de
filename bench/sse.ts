import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Insertable } from "kysely";
import { openDatabase } from "../apps/server/src/platform/db/database.ts";
import { migrateToLatest } from "../apps/server/src/platform/db/migrate.ts";
import type { DB } from "../apps/server/src/platform/db/schema.ts";
import { hashToken, randomToken } from "../apps/server/src/platform/auth/tokens.ts";
import { createAdmin } from "../apps/server/src/db/seed/admin.ts";
import { percentile } from "./load.ts";
import { assignRoles } from "./seed-write.ts";
import { readRssMb, startServerProcess, type ServerProcess } from "./server-process.ts";
import { openStream, type HeldStream } from "./sse-client.ts";

/**
 * The live-events row: N Server-Sent Events streams (`/api/v2/events/stream`, one signed-in member
 * each) held open against one server process, then comments mentioning members whose streams are open,
 * timing each from the POST to the `notification` event on that member's stream. Loopback only,
 * bounded in count (connections, samples) and time (timeouts on every wait).
 */
export interface SseOptions {
  repoRoot: string;
  /** A throwaway data directory (emptied first). */
  dataDir: string;
  connections: number;
  samples: number;
  /** Seconds the streams are held, untouched, before the samples (does anything drop?). */
  holdSeconds: number;
  nodeEnv: string;
  adminPassword: string;
  /** Streams opened at once while connecting. */
  openConcurrency?: number;
  onServer?: (server: ServerProcess | null) => void;
  log?: (line: string) => void;
}

export interface SseFigures {
  target: number;
  opened: number;
  refused: number;
  openSeconds: number;
  /** Streams that ended by themselves while held. */
  dropped: number;
  rss: { idleMb: number; heldMb: number; maxMb: number; perStreamKb: number };
  delay: { samples: number; received: number; p50: number; p99: number; max: number };
  /** The POST's own round trip, for comparison with the delay. */
  post: { p50: number; p99: number };
  fileDescriptorLimit: number | null;
}

const SESSION_COOKIE = "parley_session";
const ROWS_PER_INSERT = 500;

/** The soft limit on open files of this process (what `ulimit -n` says), from /proc. */
function openFileLimit(): number | null {
  try {
    const line = fs
      .readFileSync("/proc/self/limits", "utf8")
      .split("\n")
      .find((row) => row.startsWith("Max open files"));
    const soft = line?.split(/\s{2,}/)[1];
    return soft === undefined || soft === "unlimited" ? null : Number(soft);
  } catch {
    return null;
  }
}

/** A fresh SQLite forum: admin (with an access token) and one member per stream, each signed in. */
async function prepare(dataDir: string, members: number, adminPassword: string) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const database = await openDatabase({
    databaseUrl: null,
    sqliteFile: path.join(dataDir, "parley.sqlite"),
    poolSize: 2,
  });
  try {
    await migrateToLatest(database);
    const { db } = database;
    const adminID = await createAdmin(db, adminPassword);
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const adminToken = randomToken();
    const tokens: string[] = [];
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("accessTokens")
        .values({ userID: adminID, name: "sse bench", tokenHash: hashToken(adminToken), dateInserted: now })
        .execute();
      for (let start = 0; start < members; start += ROWS_PER_INSERT) {
        const end = Math.min(members, start + ROWS_PER_INSERT);
        const users: Insertable<DB["users"]>[] = [];
        const sessions: Insertable<DB["sessions"]>[] = [];
        for (let i = start; i < end; i++) {
          const userID = adminID + 1 + i;
          const token = randomToken();
          tokens.push(token);
          users.push({
            userID,
            name: memberName(i),
            email: `${memberName(i)}@example.com`,
            emailConfirmed: 1,
            passwordHash: null,
            photoUrl: null,
            title: null,
            isAdmin: 0,
            banned: 0,
            deleted: 0,
            private: 0,
            countDiscussions: 0,
            countComments: 0,
            points: 0,
            dateInserted: now,
            dateUpdated: null,
            dateLastActive: now,
          });
          sessions.push({
            sessionID: hashToken(token),
            userID,
            transientKey: randomToken(18),
            persist: 0,
            dateInserted: now,
            dateLastUsed: now,
            dateExpires: later,
            userAgent: "parley-bench",
            ipAddress: "127.0.0.1",
          });
        }
        await trx.insertInto("users").values(users).execute();
        await trx.insertInto("sessions").values(sessions).execute();
      }
      await assignRoles(trx);
    });
    return { adminToken, tokens };
  } finally {
    await database.close();
  }
}

const memberName = (i: number) => `sse_member_${i}`;

async function postJson<T>(baseUrl: string, token: string, apiPath: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v2${apiPath}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`POST ${apiPath} answered ${response.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

/** Opens `count` streams, `concurrency` at a time; returns those that opened. */
async function openAll(
  baseUrl: string,
  tokens: string[],
  concurrency: number,
  log: (line: string) => void,
): Promise<{ streams: HeldStream[]; refused: number }> {
  const streams: HeldStream[] = [];
  let refused = 0;
  let next = 0;
  let lastReport = performance.now();
  const worker = async () => {
    while (next < tokens.length) {
      const index = next++;
      const stream = openStream({
        index,
        baseUrl,
        path: "/api/v2/events/stream",
        cookie: `${SESSION_COOKIE}=${tokens[index]}`,
      });
      try {
        await Promise.race([
          stream.opened,
          sleep(10_000).then(() => Promise.reject(new Error(`stream ${index} did not open within 10 s`))),
        ]);
        streams.push(stream);
      } catch (error) {
        refused++;
        stream.close();
        if (refused <= 3) log(`  ${error instanceof Error ? error.message : String(error)}`);
      }
      if (performance.now() - lastReport > 2_000) {
        lastReport = performance.now();
        log(`  ${streams.length.toLocaleString("en-US")} streams open…`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  streams.sort((a, b) => a.index - b.index);
  return { streams, refused };
}

export async function runSseScenario(options: SseOptions): Promise<SseFigures> {
  const log = options.log ?? ((line: string) => console.log(line));
  const limit = openFileLimit();
  const needed = options.connections + 200;
  if (limit !== null && limit < needed) {
    throw new Error(
      `Holding ${options.connections} streams needs about ${needed} open files in this process and in the server; ` +
        `\`ulimit -n\` is ${limit}. Raise it (\`ulimit -n ${needed}\` in the shell, up to \`ulimit -Hn\`) or pass a smaller --sse-connections.`,
    );
  }
  log(`sse-stream: preparing ${options.connections.toLocaleString("en-US")} signed-in members…`);
  const { adminToken, tokens } = await prepare(options.dataDir, options.connections, options.adminPassword);

  const server = await startServerProcess({
    repoRoot: options.repoRoot,
    dataDir: options.dataDir,
    databaseUrl: null,
    nodeEnv: options.nodeEnv,
    adminPassword: options.adminPassword,
  });
  options.onServer?.(server);
  let streams: HeldStream[] = [];
  try {
    const { baseUrl } = server;
    const category = await postJson<{ categoryID: number }>(baseUrl, adminToken, "/categories", {
      name: "Live bench",
      urlcode: "live-bench",
    });
    const discussion = await postJson<{ discussionID: number }>(baseUrl, adminToken, "/discussions", {
      categoryID: category.categoryID,
      name: "Where the live bench mentions people",
      body: "Comments below mention members whose streams are open.",
      format: "markdown",
    });
    await sleep(500);
    const idleMb = readRssMb(server.pid) ?? 0;

    log(`sse-stream: opening ${options.connections.toLocaleString("en-US")} streams on ${baseUrl}…`);
    const openStarted = performance.now();
    const opening = await openAll(baseUrl, tokens, options.openConcurrency ?? 50, log);
    streams = opening.streams;
    const openSeconds = (performance.now() - openStarted) / 1000;

    log(`sse-stream: holding ${streams.length.toLocaleString("en-US")} streams for ${options.holdSeconds} s…`);
    let maxMb = readRssMb(server.pid) ?? 0;
    const holdUntil = performance.now() + options.holdSeconds * 1000;
    while (performance.now() < holdUntil) {
      await sleep(250);
      maxMb = Math.max(maxMb, readRssMb(server.pid) ?? 0);
    }
    const heldMb = readRssMb(server.pid) ?? 0;

    log(`sse-stream: ${options.samples} comments, each mentioning a member whose stream is open…`);
    const delays: number[] = [];
    const posts: number[] = [];
    const open = streams.filter((stream) => !stream.endedEarly);
    let failures = 0;
    for (let k = 0; k < options.samples && open.length > 0; k++) {
      const stream = open[Math.floor((k * open.length) / options.samples)]!;
      const arrival = stream.nextNotification(5_000);
      const started = performance.now();
      try {
        await postJson(baseUrl, adminToken, "/comments", {
          discussionID: discussion.discussionID,
          body: `@${memberName(stream.index)} sample ${k}: have a look.`,
          format: "markdown",
        });
        posts.push(performance.now() - started);
        delays.push((await arrival) - started);
      } catch (error) {
        arrival.catch(() => undefined);
        if (++failures <= 3) log(`  sample ${k}: ${error instanceof Error ? error.message : String(error)}`);
      }
      maxMb = Math.max(maxMb, readRssMb(server.pid) ?? 0);
    }
    const sorted = Float64Array.from(delays).sort();
    const postSorted = Float64Array.from(posts).sort();
    return {
      target: options.connections,
      opened: streams.length,
      refused: opening.refused,
      openSeconds,
      dropped: streams.filter((stream) => stream.endedEarly).length,
      rss: {
        idleMb,
        heldMb,
        maxMb,
        perStreamKb: streams.length ? ((heldMb - idleMb) * 1024) / streams.length : 0,
      },
      delay: {
        samples: options.samples,
        received: delays.length,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted.length ? sorted[sorted.length - 1]! : 0,
      },
      post: { p50: percentile(postSorted, 50), p99: percentile(postSorted, 99) },
      fileDescriptorLimit: limit,
    };
  } finally {
    for (const stream of streams) stream.close();
    await server.stop();
    options.onServer?.(null);
  }
}
