import { randomBytes, randomInt } from "node:crypto";
import http, { type IncomingHttpHeaders } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { nginxBinary, nginxInstalled, startNginx, UPSTREAM_HEADER, type RunningNginx } from "./nginx.ts";
import { createTestDatabase, type TestDatabase } from "./postgres.ts";
import { adminPassword, findFreePort, startServer, type RunningServer } from "./server.ts";

/*
 * Parley's cluster as deploy/README.md sets it up (issue 37): server processes from the built bundle on one
 * PostgreSQL database and one Redis, behind Debian's nginx running deploy/nginx.conf, and a client that
 * talks to it through nginx and learns from nginx which process answered. e2e/cluster.e2e.ts and
 * e2e/cluster-failover.e2e.ts run on it.
 */

const databaseServer = process.env["TEST_DATABASE_URL"] || null;
const redisUrl = process.env["TEST_REDIS_URL"] || null;
/** Why the cluster tests cannot run here, or null. */
export const clusterSkipReason =
  !databaseServer || !redisUrl
    ? "TEST_DATABASE_URL and TEST_REDIS_URL are not set"
    : !nginxInstalled()
      ? `nginx is not installed (${nginxBinary}; Debian's nginx-light)`
      : null;

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** Which process answered (its index), through nginx's upstream header; -1 for nginx itself. */
  process: number;
  /** Every process nginx tried, in order (more than one when it passed the request on after an error). */
  tried: number[];
}

export interface CallOptions {
  cookie?: string;
  body?: unknown;
  /** A raw body with its content type (a multipart upload). */
  raw?: { contentType: string; data: Buffer };
  /** The client's own address: any of 127.0.0.0/8, so each check counts under an address nobody else uses. */
  from?: string;
  /** Extra request headers. */
  headers?: Record<string, string>;
}

/** A loopback address of its own: nginx forwards it in X-Forwarded-For, and Parley counts limits under it. */
export const newAddress = () => `127.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(1, 255)}`;

export const json = <T>(answer: Answer): T => JSON.parse(answer.text) as T;

export interface Member {
  userID: number;
  name: string;
  cookie: string;
}

export interface Cluster {
  database: TestDatabase;
  /** The Redis every process shares (TEST_REDIS_URL). */
  redisUrl: string;
  nginx: RunningNginx;
  /** The site's address (PARLEY_PUBLIC_URL): nginx's. */
  publicUrl: string;
  /** The processes, by index; `restart` replaces one. */
  servers: RunningServer[];
  /** Each process's port, by index (a restarted process keeps its own). */
  ports: number[];
  /** The seeded administrator's cookie. */
  admin: string;
  /** The seeded General category. */
  generalID: number;
  /** One request through nginx, on a connection of its own from `options.from`. */
  call: (method: string, url: string, options?: CallOptions) => Promise<Answer>;
  /** A call that must succeed: the answer, or a failure naming the status and body. */
  ok: (method: string, url: string, options?: CallOptions) => Promise<Answer>;
  /** The process index of an upstream address (`127.0.0.1:port`); -2 for an unknown one. */
  processOf: (upstream: string) => number;
  signIn: (username: string, password: string) => Promise<string>;
  /** A new member, signed in; `fields` go to POST /users (`bypassSpam: true`: no flood control). */
  newMember: (fields?: Record<string, unknown>) => Promise<Member>;
  newDiscussion: (cookie: string, name: string, body?: string) => Promise<number>;
  /** Starts process `index` again on its own port and data directory (after `servers[index].kill()`). */
  restart: (index: number) => Promise<void>;
  stop: () => Promise<void>;
}

/** `count` processes on a fresh database, nginx in front; the first migrates and seeds, the others join it. */
export async function startCluster(options: {
  count: number;
  /** The database's name prefix. */
  prefix: string;
  /** Extra environment for every process. */
  env?: Record<string, string>;
}): Promise<Cluster> {
  if (clusterSkipReason) throw new Error(`The cluster cannot start: ${clusterSkipReason}.`);
  const database = await createTestDatabase(databaseServer!, options.prefix);
  // One data directory: uploads written by one process are read by the others.
  const dataDir = await mkdtemp(path.join(tmpdir(), "parley-cluster-"));
  // nginx's port is known once its config is written, after the processes listen: the site address names
  // a port reserved now, and nginx is started on it.
  const nginxPort = await findFreePort();
  const publicUrl = `http://127.0.0.1:${nginxPort}`;
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl!,
    PARLEY_PUBLIC_URL: publicUrl,
    ...options.env,
  };
  const servers: RunningServer[] = [];
  let nginx: RunningNginx | undefined;
  const stop = async () => {
    await nginx?.stop();
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const start = (port?: number) => startServer({ dataDir, env, startupTimeoutMs: 60_000, ...(port ? { port } : {}) });
    // The first migrates and seeds; the others start on the ready database, together.
    servers.push(await start());
    servers.push(...(await Promise.all(Array.from({ length: options.count - 1 }, () => start()))));
    const ports = servers.map((server) => Number(new URL(server.baseUrl).port));
    const upstreamIndex = new Map(ports.map((port, index) => [`127.0.0.1:${port}`, index]));
    const processOf = (upstream: string) => upstreamIndex.get(upstream.trim()) ?? -2;
    const runningNginx = await startNginx(ports, nginxPort);
    nginx = runningNginx;

    const call = (method: string, url: string, callOptions: CallOptions = {}): Promise<Answer> =>
      new Promise((resolve, reject) => {
        const data =
          callOptions.raw?.data ??
          (callOptions.body === undefined ? null : Buffer.from(JSON.stringify(callOptions.body)));
        const request = http.request(
          `${runningNginx.baseUrl}${url}`,
          {
            method,
            agent: false,
            localAddress: callOptions.from ?? "127.0.0.1",
            headers: {
              ...(callOptions.cookie ? { cookie: callOptions.cookie } : {}),
              ...(method === "GET" ? {} : { origin: publicUrl, "x-requested-with": "XMLHttpRequest" }),
              ...(data
                ? { "content-type": callOptions.raw?.contentType ?? "application/json", "content-length": data.length }
                : {}),
              ...callOptions.headers,
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () => {
              const upstream = response.headers[UPSTREAM_HEADER];
              // nginx lists every upstream it tried ("a, b" when it passed the request on); the last answered.
              const tried = typeof upstream === "string" ? upstream.split(",").map(processOf) : [];
              resolve({
                status: response.statusCode ?? 0,
                headers: response.headers,
                text: Buffer.concat(chunks).toString("utf8"),
                process: tried.at(-1) ?? -1,
                tried,
              });
            });
            response.on("error", reject);
          },
        );
        request.on("error", reject);
        request.end(data ?? undefined);
      });
    const ok = async (method: string, url: string, callOptions: CallOptions = {}) => {
      const answer = await call(method, url, callOptions);
      expect(answer.status, `${method} ${url}: ${answer.text.slice(0, 300)}`).toBeLessThan(300);
      return answer;
    };
    const signIn = async (username: string, password: string) => {
      const answer = await ok("POST", "/api/v2/authenticate/password", { body: { username, password } });
      return (answer.headers["set-cookie"] ?? []).map((line) => line.split(";")[0]).join("; ");
    };
    const admin = await signIn("admin", adminPassword);
    const generalID = json<{ categoryID: number }>(
      await ok("GET", "/api/v2/categories/$urlcode:general", { cookie: admin }),
    ).categoryID;

    return {
      database,
      redisUrl: redisUrl!,
      nginx: runningNginx,
      publicUrl,
      servers,
      ports,
      admin,
      generalID,
      call,
      ok,
      processOf,
      signIn,
      async newMember(fields = {}) {
        const name = `cluster_${randomBytes(3).toString("hex")}`;
        const password = `pw-${randomBytes(6).toString("hex")}`;
        const created = await ok("POST", "/api/v2/users", {
          cookie: admin,
          body: { name, email: `${name}@example.test`, password, ...fields },
        });
        return { userID: json<{ userID: number }>(created).userID, name, cookie: await signIn(name, password) };
      },
      async newDiscussion(cookie, name, body = "Posted through nginx.") {
        const answer = await ok("POST", "/api/v2/discussions", {
          cookie,
          body: { name, body, format: "markdown", categoryID: generalID },
        });
        return json<{ discussionID: number }>(answer).discussionID;
      },
      async restart(index) {
        servers[index] = await start(ports[index]);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** One message of a Server-Sent Events stream. */
export interface StreamEvent {
  id: string | null;
  event: string;
  data: string;
}

/** A Server-Sent Events stream through nginx; `received` waits until what came so far matches. */
export function openStream(
  cluster: Pick<Cluster, "nginx" | "processOf">,
  url: string,
  cookie: string,
  options: { headers?: Record<string, string>; onEvent?: (event: StreamEvent) => void } = {},
) {
  return new Promise<{
    process: number;
    /** The events so far, parsed (comment lines left out). */
    events: StreamEvent[];
    /** The answer's end: the server closed the stream, or it broke. */
    ended: Promise<void>;
    received: (match: (text: string) => boolean, timeoutMs?: number) => Promise<void>;
    close: () => void;
  }>((resolve, reject) => {
    const request = http.get(
      `${cluster.nginx.baseUrl}${url}`,
      { agent: false, headers: { cookie, ...options.headers } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          return reject(new Error(`The stream answered ${response.statusCode}.`));
        }
        let text = "";
        let pending = "";
        const events: StreamEvent[] = [];
        const waiting = new Set<() => void>();
        response.setEncoding("utf8").on("data", (chunk: string) => {
          text += chunk;
          pending += chunk;
          let end: number;
          while ((end = pending.indexOf("\n\n")) !== -1) {
            const block = pending.slice(0, end);
            pending = pending.slice(end + 2);
            const field = (name: string) =>
              block
                .split("\n")
                .filter((line) => line.startsWith(`${name}:`))
                .map((line) => line.slice(name.length + 1).replace(/^ /, ""));
            const [id] = field("id");
            const [event] = field("event");
            const data = field("data");
            if (id === undefined && event === undefined && !data.length) continue;
            const parsed = { id: id ?? null, event: event ?? "message", data: data.join("\n") };
            events.push(parsed);
            options.onEvent?.(parsed);
          }
          for (const check of waiting) check();
        });
        const ended = new Promise<void>((done) => {
          response.once("close", done);
          response.on("error", () => done());
        });
        resolve({
          process: cluster.processOf(
            String(response.headers[UPSTREAM_HEADER] ?? "")
              .split(",")
              .at(-1) ?? "",
          ),
          events,
          ended,
          received: (match, timeoutMs = 10_000) =>
            new Promise<void>((done, fail) => {
              const timer = setTimeout(
                () => fail(new Error(`The stream did not receive it; it had:\n${text}`)),
                timeoutMs,
              );
              const check = () => {
                if (!match(text)) return;
                clearTimeout(timer);
                waiting.delete(check);
                done();
              };
              waiting.add(check);
              check();
            }),
          close: () => request.destroy(),
        });
      },
    );
    request.on("error", reject);
  });
}
