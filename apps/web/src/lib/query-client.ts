import { QueryClient } from "@tanstack/react-query";
import { limits } from "@parley/contracts/limits";

/** The only client cache (spec §7): fresh for 5 minutes, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: limits.query.staleTimeMs,
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
