import { QueryClient } from "@tanstack/react-query";
import { queryLimits } from "@parley/contracts/shell-limits";

/** The only client cache (spec §7): fresh for 5 minutes, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: queryLimits.staleTimeMs,
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
