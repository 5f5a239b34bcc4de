import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { StrictMode, type ReactNode } from "react";
import type { ApiClient } from "./lib/api.ts";
import { ApiProvider } from "./lib/api-context.tsx";
import { HeadProvider, type HeadCollector } from "./lib/head.tsx";

/** What every page has around it, on the server and in the browser alike. */
export function Providers({
  queryClient,
  api,
  head,
  children,
}: {
  queryClient: QueryClient;
  api: ApiClient;
  head: HeadCollector | null;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <HeadProvider collector={head}>
        <ApiProvider api={api}>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </ApiProvider>
      </HeadProvider>
    </StrictMode>
  );
}
