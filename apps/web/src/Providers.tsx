import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { StrictMode, type ReactNode } from "react";
import type { ApiClient } from "./lib/api.ts";
import { ApiProvider } from "./lib/api-context.tsx";
import { HeadProvider, type HeadCollector } from "./lib/head.tsx";
import { SessionProvider } from "./lib/session.tsx";

/** What every page has around it, on the server and in the browser alike. */
export function Providers({
  queryClient,
  api,
  head,
  transientKey = null,
  children,
}: {
  queryClient: QueryClient;
  api: ApiClient;
  head: HeadCollector | null;
  transientKey?: string | null;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <HeadProvider collector={head}>
        <ApiProvider api={api}>
          <SessionProvider transientKey={transientKey}>
            <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
          </SessionProvider>
        </ApiProvider>
      </HeadProvider>
    </StrictMode>
  );
}
