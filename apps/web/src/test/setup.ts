import { configure } from "@testing-library/react";
import { afterAll } from "vitest";
import { loadLiveClient } from "../features/notifications/index.ts";

/**
 * Parts that load on demand (React Aria, the editor) are imported on first use; in a full parallel run on
 * two cores, transforming them takes longer than Testing Library's default 1 s wait. The waits still end
 * as soon as the element appears.
 */
configure({ asyncUtilTimeout: 5_000 });

/**
 * A signed-in member's page starts loading the live client and does not wait for it (useLiveUpdates). If
 * a file's last test ends while that import is still in flight, Vitest tears the environment down under it
 * and reports "Cannot load … after the environment was torn down". Importing the same module here shares
 * that in-flight load, so every file ends only once it has settled.
 */
afterAll(async () => {
  await loadLiveClient();
});
