import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { execFileSync } from "node:child_process";
import { build } from "../scripts/build.mjs";
import { endpoints } from "./endpoints.ts";
import { BENCH_ADMIN_PASSWORD, benchRoot, defaultTarget, ensureSeeded, repoRoot } from "./seed.ts";
import { signIn, startServerProcess, type ServerProcess } from "./server-process.ts";

/**
 * `npm run bench:ab`: the built server against a saved build of it, on the same machine at the same time.
 *
 * `npm run bench` measures one build; this machine's speed drifts by half within an hour, so two runs of it compare
 * two moments as much as two builds. Here both servers run at once on the seeded data and take turns: a round of
 * requests to one, then to the other, many rounds, and each round's CPU time is read from the server's own
 * /proc/<pid>/stat. Drift then moves both sides alike.
 *
 *   npm run bench:ab -- --save                    keep the current build as the base (.bench/ab/base)
 *   (change the code)
 *   npm run bench:ab -- --endpoint=page-discussion   the working tree's build against the base, as the member
 *   npm run bench:ab -- --path=/categories --rounds=40 --per-round=20 --connections=2
 *
 * Both use the node options and environment of `npm start`. The base shares `node_modules` with the checkout: compare
 * builds with the same dependencies.
 */

const baseDir = path.join(benchRoot, "ab", "base");
const WARMUP_ROUNDS = 5;

const { values } = parseArgs({
  options: {
    save: { type: "boolean", default: false },
    endpoint: { type: "string", default: "page-discussion" },
    path: { type: "string" },
    guest: { type: "boolean", default: false },
    rounds: { type: "string", default: "30" },
    "per-round": { type: "string" },
    connections: { type: "string", default: "2" },
  },
});

/** Copies the current build (the server bundle, the web build, package.json) to the base, linking `node_modules`. */
function saveBase(): void {
  fs.rmSync(baseDir, { recursive: true, force: true });
  for (const dist of ["apps/server/dist", "apps/web/dist"])
    fs.cpSync(path.join(repoRoot, dist), path.join(baseDir, dist), { recursive: true });
  fs.copyFileSync(path.join(repoRoot, "package.json"), path.join(baseDir, "package.json"));
  for (const modules of ["node_modules", "apps/server/node_modules", "apps/web/node_modules"]) {
    if (fs.existsSync(path.join(repoRoot, modules)))
      fs.symlinkSync(path.join(repoRoot, modules), path.join(baseDir, modules), "dir");
  }
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: repoRoot }).toString().trim();
  const dirty = execFileSync("git", ["status", "--porcelain"], { cwd: repoRoot }).toString().trim() !== "";
  fs.writeFileSync(path.join(baseDir, "SAVED"), `${commit}${dirty ? " with uncommitted changes" : ""}\n`);
  console.log(`Saved the build of ${commit}${dirty ? " (with uncommitted changes)" : ""} as the base: ${baseDir}`);
}

/** The process's CPU time so far (user + system), in ms: clock ticks of 10 ms. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

function get(baseUrl: string, address: string, cookie: string | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(address, baseUrl);
    http
      .get(url, { agent, headers: cookie ? { cookie } : {} }, (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      })
      .on("error", reject);
  });
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const mean = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / list.length;

async function compare(): Promise<void> {
  if (!fs.existsSync(path.join(baseDir, "SAVED")))
    throw new Error("No base yet: run `npm run bench:ab -- --save` first.");
  const target = defaultTarget("nodebb");
  const { marker } = await ensureSeeded({ ...target, progress: true });
  const samples = marker.samples;
  if (!samples) throw new Error("The seed marker has no samples; delete it to reseed.");
  const endpoint = endpoints.find((candidate) => candidate.name === values.endpoint);
  const address = values.path ?? endpoint?.path(samples);
  if (!address) throw new Error(`No endpoint "${values.endpoint}" in bench/endpoints.ts.`);
  const rounds = Number(values.rounds);
  const perRound = Number(values["per-round"] ?? (address.startsWith("/api/") ? 400 : 20));
  const connections = Number(values.connections);

  const servers: Array<{ label: string; process: ServerProcess; cpu: number[] }> = [];
  try {
    for (const [label, root] of [
      ["working tree", repoRoot],
      [`base (${fs.readFileSync(path.join(baseDir, "SAVED"), "utf8").trim()})`, baseDir],
    ] as const) {
      const process = await startServerProcess({
        repoRoot: root,
        dataDir: target.dataDir,
        databaseUrl: null,
        nodeEnv: "production",
        adminPassword: BENCH_ADMIN_PASSWORD,
      });
      servers.push({ label, process, cpu: [] });
    }
    // One session for both: they share the database.
    const cookie = values.guest ? null : (await signIn(servers[0]!.process.baseUrl, samples.memberName)).cookie;
    console.log(
      `${address} as ${cookie ? `the member ${samples.memberName}` : "a guest"}: ${rounds} rounds of ${perRound} ` +
        `requests on ${connections} connections to each server in turn, load average ${fs.readFileSync("/proc/loadavg", "utf8").split(" ")[0]}`,
    );
    // Warm-up: the JIT, the lazily loaded modules and the caches of both, unmeasured.
    for (const server of servers)
      for (let i = 0; i < WARMUP_ROUNDS * perRound; i++) {
        const status = await get(server.process.baseUrl, address, cookie);
        if (status !== 200) throw new Error(`${server.label} answered ${status} for ${address}.`);
      }
    for (let round = 0; round < rounds; round++) {
      // Alternate which goes first, so neither always follows the other's garbage collection.
      for (const server of round % 2 ? servers : [...servers].reverse()) {
        const before = cpuMs(server.process.pid);
        let left = perRound;
        const connection = async () => {
          while (left-- > 0) await get(server.process.baseUrl, address, cookie);
        };
        await Promise.all(Array.from({ length: connections }, connection));
        server.cpu.push((cpuMs(server.process.pid) - before) / perRound);
      }
    }
    for (const server of servers)
      console.log(
        `  ${server.label}: ${mean(server.cpu).toFixed(3)} ms of CPU per request (median of rounds ${median(server.cpu).toFixed(3)})`,
      );
    const [tree, base] = servers;
    console.log(`  working tree / base: ${(mean(tree!.cpu) / mean(base!.cpu)).toFixed(3)}`);
  } finally {
    agent.destroy();
    await Promise.all(servers.map((server) => server.process.stop()));
  }
}

await build({ ifNeeded: true });
if (values.save) saveBase();
else await compare();
