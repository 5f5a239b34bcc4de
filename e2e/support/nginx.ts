import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { repoRoot } from "./server.ts";

export const nginxBinary = "/usr/sbin/nginx";
export const nginxInstalled = () => existsSync(nginxBinary);

/** The header the test's nginx adds to each proxied answer: the upstream address that gave it. */
export const UPSTREAM_HEADER = "x-parley-upstream";

export interface RunningNginx {
  baseUrl: string;
  /** The config it runs (deploy/nginx.conf with the test's ports and paths). */
  config: string;
  stop(): Promise<void>;
}

/**
 * deploy/nginx.conf as the test runs it: its upstream servers, listening address, static root, pid and log
 * files swapped for the test's, and each proxied answer naming its upstream. Each swap must find its line,
 * so the test fails when the deployed file changes shape rather than testing something else.
 */
async function testConfig(dir: string, port: number, upstreamPorts: number[]): Promise<string> {
  let config = await readFile(path.join(repoRoot, "deploy/nginx.conf"), "utf8");
  const swap = (pattern: RegExp, replacement: string) => {
    if (!pattern.test(config)) throw new Error(`deploy/nginx.conf has no line matching ${pattern}.`);
    config = config.replace(pattern, replacement);
  };
  // As root, nginx's workers would become www-data, who cannot read the test's directories.
  swap(/^user www-data;$/m, process.getuid?.() === 0 ? "user root;" : "");
  swap(/^pid \/run\/nginx\.pid;$/m, `pid ${dir}/nginx.pid;`);
  swap(/^error_log \/var\/log\/nginx\/error\.log;$/m, `error_log ${dir}/error.log;`);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
    (kind) => `${kind}_temp_path ${dir}/${kind}_temp;`,
  );
  swap(/access_log \/var\/log\/nginx\/access\.log;/, `access_log ${dir}/access.log;\n    ${temp.join("\n    ")}`);
  swap(
    /( {8}server 127\.0\.0\.1:\d+;\n)+/,
    upstreamPorts.map((upstream) => `        server 127.0.0.1:${upstream};\n`).join(""),
  );
  swap(/listen 80;\n\s*listen \[::\]:80;/, `listen 127.0.0.1:${port};`);
  swap(
    /server_name forum\.example;/,
    `server_name forum.example;\n        add_header X-Parley-Upstream $upstream_addr always;`,
  );
  swap(/root \/srv\/parley\//, `root ${repoRoot.replace(/\/?$/, "/")}`);
  return config;
}

/** Debian's nginx in front of the given ports, on `port`, as this user, with its files in a temporary directory. */
export async function startNginx(upstreamPorts: number[], port: number): Promise<RunningNginx> {
  const dir = await mkdtemp(path.join(tmpdir(), "parley-nginx-"));
  const config = await testConfig(dir, port, upstreamPorts);
  await writeFile(path.join(dir, "nginx.conf"), config);
  const child = spawn(
    nginxBinary,
    ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log"), "-g", "daemon off;"],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  // Stopped with the test process, even when a time-out skipped the test's own stop.
  const killWithUs = () => child.kill("SIGKILL");
  process.once("exit", killWithUs);
  const exited = new Promise<void>((resolve) =>
    child.once("exit", () => {
      process.off("exit", killWithUs);
      resolve();
    }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answered = await fetch(`${baseUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = await readFile(path.join(dir, "error.log"), "utf8").catch(() => "");
      await stop();
      throw new Error(`nginx did not start.\n${stderr}\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { baseUrl, config, stop };
}
