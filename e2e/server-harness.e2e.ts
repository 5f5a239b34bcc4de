import { describe, expect, it } from "vitest";
import { startServer } from "./support/server.ts";

describe("the end-to-end server harness", () => {
  it("fails with the server's stderr when the server cannot start", async () => {
    const failure = startServer({ env: { PARLEY_ADMIN_PASSWORD: "short" } });
    await expect(failure).rejects.toThrow(/exited with code 1[\s\S]*server stderr[\s\S]*PARLEY_ADMIN_PASSWORD/);
  });

  it("starts the built server on a free port, answers /healthz, and stops it", async () => {
    const server = await startServer();
    try {
      expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const health = await fetch(`${server.baseUrl}/healthz`);
      expect(await health.json()).toMatchObject({ status: "ok", process: { worker: null } });
    } finally {
      await server.stop();
    }
    await expect(fetch(`${server.baseUrl}/healthz`)).rejects.toThrow();
  });
});
