import { randomBytes } from "node:crypto";
import http from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clusterSkipReason,
  json,
  newAddress,
  openStream,
  startCluster,
  type Answer,
  type Cluster,
} from "./support/cluster.ts";
import { startServer, type RunningServer } from "./support/server.ts";

/*
 * Cluster mode (issue 37): three server processes from the built bundle on one PostgreSQL database and one
 * Redis, behind Debian's nginx running deploy/nginx.conf (e2e/support/cluster.ts). Every request goes
 * through nginx, which hands them out in turn; the test's nginx names the upstream that answered, and each
 * check asserts that all three processes took part. Then PARLEY_WORKERS itself: two workers on one port, one
 * killed and replaced, and a SIGTERM that ends them all. e2e/cluster-failover.e2e.ts kills a process under load.
 */

const PROCESSES = 3;
const SEARCH_LIMIT = 5;

const title = `cluster mode${clusterSkipReason ? ` (skipped: ${clusterSkipReason})` : ""}`;

describe.skipIf(clusterSkipReason !== null)(title, () => {
  let cluster: Cluster;
  let database: Cluster["database"];
  let publicUrl: string;
  let admin: string;
  let generalID: number;
  let call: Cluster["call"];
  let ok: Cluster["ok"];
  let newMember: Cluster["newMember"];
  let newDiscussion: Cluster["newDiscussion"];

  /** `count` requests, one after another; nginx hands them to the processes in turn. */
  const repeat = async (count: number, send: () => Promise<Answer>) => {
    const answers: Answer[] = [];
    for (let index = 0; index < count; index++) answers.push(await send());
    return answers;
  };
  const everyProcess = (answers: Answer[]) =>
    expect(new Set(answers.map((answer) => answer.process)).size).toBe(PROCESSES);

  beforeAll(async () => {
    cluster = await startCluster({
      count: PROCESSES,
      prefix: "parley_cluster",
      env: { PARLEY_SEARCH_LIMIT: String(SEARCH_LIMIT) },
    });
    ({ database, publicUrl, admin, generalID, call, ok, newMember, newDiscussion } = cluster);
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
  });

  it("hands requests to the three processes in turn; nginx serves the built assets itself", async () => {
    everyProcess(await repeat(PROCESSES, () => ok("GET", "/healthz")));
    const page = await ok("GET", "/");
    const asset = /\/assets\/[\w.-]+\.js/.exec(page.text)?.[0];
    expect(asset).toBeDefined();
    const served = await ok("GET", asset!);
    expect(served.process).toBe(-1);
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("a session signed in through one process works on every other", async () => {
    const member = await newMember();
    const answers = await repeat(PROCESSES * 2, () => ok("GET", "/api/v2/users/me", { cookie: member.cookie }));
    everyProcess(answers);
    for (const answer of answers) expect(json<{ userID: number }>(answer).userID).toBe(member.userID);
  });

  it("counts rate limits across processes, under the address nginx forwards", async () => {
    const from = newAddress();
    const search = (address: string) => call("GET", "/api/v2/search?query=welcome", { from: address });
    const allowed = await repeat(SEARCH_LIMIT, () => search(from));
    everyProcess(allowed);
    expect(allowed.map((answer) => answer.status)).toEqual(Array(SEARCH_LIMIT).fill(200));
    // The next one is refused wherever it lands, and so are those after it on the other processes.
    const refused = await repeat(PROCESSES, () => search(from));
    everyProcess(refused);
    expect(refused.map((answer) => answer.status)).toEqual(Array(PROCESSES).fill(429));
    expect(refused[0]!.headers["retry-after"]).toMatch(/^\d+$/);
    // Another client address has its own allowance: the limit counts the address nginx saw, not nginx's own.
    expect((await search(newAddress())).status).toBe(200);
  });

  it("counts flood control across processes: the fourth post in 30 s is refused wherever it lands", async () => {
    const member = await newMember();
    const posts = await repeat(PROCESSES + 1, () =>
      call("POST", "/api/v2/discussions", {
        cookie: member.cookie,
        body: {
          name: `Flood ${randomBytes(3).toString("hex")}`,
          body: "Again.",
          format: "markdown",
          categoryID: generalID,
        },
      }),
    );
    everyProcess(posts);
    expect(posts.map((answer) => answer.status)).toEqual([201, 201, 201, 429]);
    // Locked out on every process.
    const locked = await repeat(PROCESSES, () =>
      call("POST", "/api/v2/discussions", {
        cookie: member.cookie,
        body: { name: "Locked", body: "Still.", format: "markdown", categoryID: generalID },
      }),
    );
    everyProcess(locked);
    expect(locked.map((answer) => answer.status)).toEqual(Array(PROCESSES).fill(429));
  });

  it("drops every process's guest caches after a change: a guest sees a new discussion through each at once", async () => {
    const list = "/api/v2/discussions?limit=50";
    // Warm each process's caches (API answer and page) and see them answer from the cache.
    await repeat(PROCESSES, () => ok("GET", list));
    const cached = await repeat(PROCESSES, () => ok("GET", list));
    everyProcess(cached);
    for (const answer of cached) expect(answer.headers["x-parley-cache"]).toBe("hit");
    await repeat(PROCESSES * 2, () => ok("GET", "/discussions"));

    const name = `Fresh for guests ${randomBytes(3).toString("hex")}`;
    await newDiscussion(admin, name);
    // The caches last 10 s: each process sees the change well before, once Redis has told it.
    await expect
      .poll(
        async () => {
          const answers = [
            ...(await repeat(PROCESSES, () => ok("GET", list))),
            ...(await repeat(PROCESSES, () => ok("GET", "/discussions"))),
          ];
          return answers
            .filter((answer) => answer.text.includes(name))
            .map((answer) => answer.process)
            .sort();
        },
        { timeout: 4_000, interval: 100 },
      )
      .toEqual([0, 0, 1, 1, 2, 2]);
  });

  it("delivers a live event to a stream held through nginx when another process served the write", async () => {
    const member = await newMember();
    const discussionID = await newDiscussion(admin, `Live through nginx ${randomBytes(3).toString("hex")}`);
    const stream = await openStream(cluster, `/api/v2/events/stream?discussionID=${discussionID}`, member.cookie);
    try {
      // Comments until one is written by another process than the stream's (the next one, in turn).
      let commentID = 0;
      for (let attempt = 0; attempt < PROCESSES && !commentID; attempt++) {
        const posted = await ok("POST", "/api/v2/comments", {
          cookie: admin,
          body: { discussionID, body: `Live ${attempt}`, format: "markdown" },
        });
        if (posted.process !== stream.process) commentID = json<{ commentID: number }>(posted).commentID;
      }
      expect(commentID).toBeGreaterThan(0);
      await stream.received((text) => text.includes("event: comment") && text.includes(`"commentID":${commentID}`));
    } finally {
      stream.close();
    }
  });

  it("publishes a scheduled draft exactly once with three processes running jobs", async () => {
    const name = `Scheduled in the cluster ${randomBytes(3).toString("hex")}`;
    const due = new Date(Date.now() + 2_000);
    const draft = await ok("POST", "/api/v2/drafts", {
      cookie: admin,
      body: {
        recordType: "discussion",
        parentRecordType: "category",
        parentRecordID: generalID,
        attributes: {
          body: "Published by one process.",
          format: "markdown",
          draftType: "discussion",
          draftMeta: { name, categoryID: generalID, pinLocation: "none" },
        },
        draftStatus: "scheduled",
        dateScheduled: due.toISOString(),
      },
    });
    expect(json<{ draftStatus: string }>(draft).draftStatus).toBe("scheduled");
    const count = async () => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ count: string }>(
          `select count(*) as count from discussions where name = $1`,
          [name],
        );
        return Number(rows[0]!.count);
      } finally {
        await client.end();
      }
    };
    await expect.poll(count, { timeout: 15_000, interval: 250 }).toBe(1);
    // Each process looks for due drafts every 5 s (limits.drafts.publishPollMs): after one more round, every
    // process has seen this one, and none published it again.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    expect(await count()).toBe(1);
  });

  it("drops every process's search cache after an edit", async () => {
    const member = await newMember();
    const word = `zebra${randomBytes(3).toString("hex")}`;
    const discussionID = await newDiscussion(admin, `About the ${word}`, `All about the ${word}.`);
    // A member's searches (a guest's answers would come from the guest cache), from an address per round.
    const search = (query: string) => {
      const from = newAddress();
      return repeat(PROCESSES, () => ok("GET", `/api/v2/search?query=${query}`, { cookie: member.cookie, from }));
    };
    const before = await search(word);
    everyProcess(before);
    for (const answer of before) expect(json<unknown[]>(answer)).toHaveLength(1);
    await ok("PATCH", `/api/v2/discussions/${discussionID}`, {
      cookie: admin,
      body: { name: "Renamed", body: "Nothing to find here." },
    });
    await expect
      .poll(async () => (await search(word)).map((answer) => json<unknown[]>(answer).length), {
        timeout: 4_000,
        interval: 100,
      })
      .toEqual([0, 0, 0]);
  });

  it("serves an upload made through one process from every process", async () => {
    const content = `Uploaded through nginx ${randomBytes(8).toString("hex")}\n`;
    const boundary = `----parley${randomBytes(8).toString("hex")}`;
    const data = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="note.txt"\r\n` +
        `Content-Type: text/plain\r\n\r\n${content}\r\n--${boundary}--\r\n`,
    );
    const uploaded = await ok("POST", "/api/v2/media", {
      cookie: admin,
      raw: { contentType: `multipart/form-data; boundary=${boundary}`, data },
    });
    const { url } = json<{ url: string }>(uploaded);
    const reads = await repeat(PROCESSES, () => ok("GET", new URL(url).pathname));
    everyProcess(reads);
    for (const answer of reads) expect(answer.text).toBe(content);
  });

  // The same database, migrated: the primary's bootstrap finds nothing to do, and its workers join the site.
  it("PARLEY_WORKERS: two workers on one port, one that dies replaced, all ended by SIGTERM", async () => {
    let server: RunningServer | undefined;
    try {
      server = await startServer({
        env: {
          PARLEY_WORKERS: "2",
          DATABASE_URL: database.url,
          REDIS_URL: cluster.redisUrl,
          PARLEY_PUBLIC_URL: publicUrl,
        },
        startupTimeoutMs: 60_000,
      });
      const base = server.baseUrl;
      // A connection per request: node:cluster hands out connections, not requests.
      const workerOf = () =>
        new Promise<number>((resolve, reject) => {
          http
            .get(`${base}/healthz`, { agent: false, timeout: 5_000 }, (response) => {
              response.resume();
              if (response.statusCode !== 200) reject(new Error(`/healthz answered ${response.statusCode}.`));
              else resolve(Number(response.headers["x-parley-worker"]));
            })
            .on("timeout", function (this: http.ClientRequest) {
              this.destroy(new Error("/healthz did not answer within 5 s."));
            })
            .on("error", reject);
        });
      const seen = new Set<number>();
      await expect.poll(async () => seen.add(await workerOf()).size, { timeout: 60_000, interval: 50 }).toBe(2);
      const [killed, kept] = [...seen] as [number, number];
      process.kill(killed, "SIGKILL");
      // The primary starts another (after a second's wait: the killed one had only just started).
      const after = new Set<number>();
      await expect.poll(async () => after.add(await workerOf()).size, { timeout: 60_000, interval: 100 }).toBe(2);
      expect(after.has(killed)).toBe(false);
      expect(after.has(kept)).toBe(true);
      const replacement = [...after].find((pid) => pid !== kept)!;

      // As systemd stops a service: SIGTERM to the whole group at once (the workers then hear it twice, from
      // the primary too); each worker closes and exits 0, then the primary.
      const stopped = server.stop();
      for (const pid of [kept, replacement]) process.kill(pid, "SIGTERM");
      await stopped;
      expect(server.exitCode()).toBe(0);
      for (const pid of [kept, replacement]) expect(isRunning(pid), `worker ${pid}`).toBe(false);
    } finally {
      await server?.stop();
    }
  }, 180_000);
});

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
