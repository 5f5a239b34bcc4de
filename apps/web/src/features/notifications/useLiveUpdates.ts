import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useApi } from "../../lib/api-context.tsx";
import { loadLiveClient } from "./notifications.lazy.ts";

/** The tab's one live client, shared by whoever starts it. */
let shared: { users: number; stop: () => void } | null = null;

/**
 * Live badges and lists for a signed-in member: after hydration (effects never run on the server),
 * the stream client is loaded on demand, so guests' pages never carry it. One stream per tab.
 */
export function useLiveUpdates(userID: number): void {
  const api = useApi();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userID === 0) return;
    if (shared) {
      shared.users += 1;
    } else {
      let client: { stop: () => void } | null = null;
      let stopped = false;
      shared = {
        users: 1,
        stop: () => {
          stopped = true;
          client?.stop();
        },
      };
      void loadLiveClient().then(({ createLiveClient, browserEventSource }) => {
        if (stopped) return;
        const created = createLiveClient({ queryClient, api, connect: browserEventSource() });
        created.start();
        client = created;
      });
    }
    return () => {
      if (!shared) return;
      shared.users -= 1;
      if (shared.users === 0) {
        shared.stop();
        shared = null;
      }
    };
  }, [userID, api, queryClient]);
}
