import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPreviewServer, type PreviewServer } from "../../test/preview-server.ts";
import { isPublicAddress, safeFetch, SafeFetchError, type SafeFetchFailure } from "./safe-fetch.ts";

const HTML = ["text/html"];

async function failure(promise: Promise<unknown>): Promise<SafeFetchFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SafeFetchError) return error.reason;
    throw error;
  }
  throw new Error("The fetch succeeded.");
}

describe("the SSRF-safe fetcher", () => {
  let server: PreviewServer;
  beforeAll(async () => {
    server = await startPreviewServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  const allowLoopback = { allowedHosts: ["127.0.0.1"], accept: HTML };

  it("tells public unicast addresses from every other kind", () => {
    const refused = [
      ...["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0"],
      ...["224.0.0.1", "255.255.255.255", "::1", "::", "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1"],
      ...["::ffff:127.0.0.1", "::ffff:10.0.0.1", "64:ff9b::a00:1", "2002:a00:1::1", "not an address"],
    ];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it("reads a page from a host an administrator allows", async () => {
    const page = await safeFetch(`${server.origin}/og`, allowLoopback);
    expect(page).toMatchObject({ url: `${server.origin}/og`, contentType: "text/html", truncated: false });
    expect(page.body).toContain('content="An Open Graph page"');
  });

  it("refuses loopback and names resolving to it unless the host is allowed", async () => {
    const before = server.hits.get("/og") ?? 0;
    expect(await failure(safeFetch(`${server.origin}/og`, { accept: HTML }))).toBe("forbiddenAddress");
    expect(await failure(safeFetch(`http://localhost:${server.port}/og`, { accept: HTML }))).toBe("forbiddenAddress");
    expect(await failure(safeFetch(`http://[::1]:${server.port}/og`, { accept: HTML }))).toBe("forbiddenAddress");
    // Allowing 127.0.0.1 does not allow another name for it.
    expect(await failure(safeFetch(`http://localhost:${server.port}/og`, allowLoopback))).toBe("forbiddenAddress");
    expect(server.hits.get("/og") ?? 0, "no request reached the server").toBe(before);
    const named = await safeFetch(`http://localhost:${server.port}/og`, { allowedHosts: ["LOCALHOST"], accept: HTML });
    expect(named.body).toContain("An Open Graph page");
  });

  it("checks every redirect: to 127.0.0.1 and to a private address refused unless allowed", async () => {
    const fromLocalhost = (to: string) => `http://localhost:${server.port}/redirect?to=${encodeURIComponent(to)}`;
    const onlyLocalhost = { allowedHosts: ["localhost"], accept: HTML };
    const before = server.hits.get("/og") ?? 0;
    expect(await failure(safeFetch(fromLocalhost(`${server.origin}/og`), onlyLocalhost))).toBe("forbiddenAddress");
    expect(server.hits.get("/redirect")).toBeGreaterThan(0);
    expect(server.hits.get("/og") ?? 0, "the refused hop was never requested").toBe(before);
    expect(await failure(safeFetch(fromLocalhost("http://10.0.0.1/admin"), onlyLocalhost))).toBe("forbiddenAddress");
    expect(await failure(safeFetch(fromLocalhost("http://192.168.0.1:8080/"), onlyLocalhost))).toBe("forbiddenAddress");
    expect(await failure(safeFetch(fromLocalhost("file:///etc/passwd"), onlyLocalhost))).toBe("invalidUrl");
    const both = await safeFetch(fromLocalhost(`${server.origin}/og`), {
      allowedHosts: ["localhost", "127.0.0.1"],
      accept: HTML,
    });
    expect(both.url).toBe(`${server.origin}/og`);
    expect(await failure(safeFetch(`${server.origin}/loop`, { ...allowLoopback, maxRedirects: 3 }))).toBe(
      "tooManyRedirects",
    );
  });

  it("gives up on a slow answer at its time limit", async () => {
    const started = performance.now();
    expect(await failure(safeFetch(`${server.origin}/slow`, { ...allowLoopback, timeoutMs: 300 }))).toBe("timeout");
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(2_000);
  });

  it("reads at most its size limit of a huge answer, then hangs up", async () => {
    const page = await safeFetch(`${server.origin}/huge`, { ...allowLoopback, maxBytes: 100_000 });
    expect(page.truncated).toBe(true);
    expect(Buffer.byteLength(page.body)).toBeLessThanOrEqual(100_000);
    expect(page.body).toContain("A huge page");
    // The server stopped long before its 100 MB: the reader closed the connection.
    expect(server.endlessWritten()).toBeLessThan(50_000_000);
  });

  it("reads only the content types asked for, only http(s), only the web's ports on public hosts", async () => {
    expect(await failure(safeFetch(`${server.origin}/json`, allowLoopback))).toBe("unsupportedType");
    expect((await safeFetch(`${server.origin}/json`, { ...allowLoopback, accept: ["application/json"] })).body).toBe(
      "{}",
    );
    expect(await failure(safeFetch(`${server.origin}/missing`, allowLoopback))).toBe("httpError");
    expect(await failure(safeFetch("ftp://example.com/file", { accept: HTML }))).toBe("invalidUrl");
    expect(await failure(safeFetch("http://user:secret@example.com/", { accept: HTML }))).toBe("invalidUrl");
    expect(await failure(safeFetch("http://93.184.216.34:22/", { accept: HTML }))).toBe("forbiddenAddress");
    expect(await failure(safeFetch("http://no-such-host.invalid/", { accept: HTML }))).toBe("unresolved");
  });

  it("posts a body with headers (an OAuth 2 token address) under the same address checks", async () => {
    // Echoes what it was sent; /refuse answers 400 with an OAuth 2 error; /moved sends the client to /echo.
    const echo = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        if (req.url === "/moved") {
          res.writeHead(302, { location: "/echo" }).end();
          return;
        }
        res.writeHead(req.url === "/refuse" ? 400 : 200, { "content-type": "application/json" });
        res.end(JSON.stringify({ method: req.method, authorization: req.headers.authorization ?? null, body }));
      });
    });
    await new Promise<void>((done) => echo.listen(0, "127.0.0.1", done));
    const origin = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
    const post = {
      method: "POST" as const,
      headers: { authorization: "Basic abc", "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=authorization_code&code=xyz",
      accept: ["application/json"],
    };
    try {
      expect(await failure(safeFetch(`${origin}/echo`, post))).toBe("forbiddenAddress");
      expect(await failure(safeFetch("https://10.0.0.1/token", post))).toBe("forbiddenAddress");
      expect(await failure(safeFetch("https://169.254.169.254/token", post))).toBe("forbiddenAddress");
      const allowed = { ...post, allowedHosts: ["127.0.0.1"] };
      const answer = await safeFetch(`${origin}/echo`, allowed);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ method: "POST", authorization: "Basic abc", body: post.body });
      expect(await failure(safeFetch(`${origin}/refuse`, allowed))).toBe("httpError");
      expect((await safeFetch(`${origin}/refuse`, { ...allowed, readErrors: true })).status).toBe(400);
      expect(await failure(safeFetch(`${origin}/moved`, { ...allowed, maxRedirects: 0 }))).toBe("tooManyRedirects");
      // A redirect is followed with GET, without the caller's headers: its credentials stay with the first host.
      const moved = await safeFetch(`${origin}/moved`, allowed);
      expect(JSON.parse(moved.body)).toEqual({ method: "GET", authorization: null, body: "" });
    } finally {
      await new Promise((done) => echo.close(done));
    }
  });
});
