import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { categoryID, signInAdmin } from "./support/content.ts";
import { startServer, type RunningServer } from "./support/server.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Listed {
  name: string;
  dateInserted: string;
}

/** The discussions a guest sees on the first page of /api/v2/discussions. */
async function publicDiscussions(baseUrl: string): Promise<Listed[]> {
  const response = await fetch(`${baseUrl}/api/v2/discussions?limit=50`);
  expect(response.status).toBe(200);
  return (await response.json()) as Listed[];
}

describe("Scheduled posts survive a restart (spec §4, issue 9)", () => {
  it("a post scheduled a few seconds ahead appears at its time though the server was stopped and started in between", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "parley-e2e-restart-"));
    let server: RunningServer | undefined;
    try {
      server = await startServer({ dataDir });
      const admin = await signInAdmin(server.baseUrl);
      const general = await categoryID(admin, "general");
      const name = "Published while nobody watched";
      const when = new Date(Date.now() + 12_000);
      const draft = await admin.post<{ draftID: number; draftStatus: string }>("/drafts", {
        recordType: "discussion",
        parentRecordType: "category",
        parentRecordID: general,
        attributes: {
          body: "Scheduled before the restart.",
          format: "markdown",
          draftType: "discussion",
          draftMeta: { name, categoryID: general, pinLocation: "none" },
        },
        draftStatus: "scheduled",
        dateScheduled: when.toISOString(),
      });
      expect(draft.draftStatus).toBe("scheduled");
      await server.stop();

      // A new process on the same database.
      server = await startServer({ dataDir });
      if (Date.now() < when.getTime() - 1000) {
        expect((await publicDiscussions(server.baseUrl)).map((d) => d.name)).not.toContain(name);
      }
      let found: Listed | undefined;
      const deadline = when.getTime() + 30_000;
      while (!found && Date.now() < deadline) {
        found = (await publicDiscussions(server.baseUrl)).find((d) => d.name === name);
        if (!found) await sleep(500);
      }
      expect(found, server.stderr()).toBeDefined();
      expect(Date.parse(found!.dateInserted)).toBeGreaterThanOrEqual(when.getTime() - 1000);
      // Its page is server-rendered like any other, and the draft is gone.
      const listPage = await (await fetch(`${server.baseUrl}/discussions`)).text();
      expect(listPage).toContain(name);
      const again = await signInAdmin(server.baseUrl);
      expect(await again.get<unknown[]>("/drafts")).toEqual([]);
    } finally {
      await server?.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
