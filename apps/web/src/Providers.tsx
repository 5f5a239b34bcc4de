import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { StrictMode, type ReactNode } from "react";
import type { ApiClient } from "./lib/api.ts";
import { ApiProvider } from "./lib/api-context.tsx";
import { HeadProvider, type HeadCollector } from "./lib/head.tsx";
import { NowProvider } from "./lib/now.tsx";
import { SessionProvider } from "./lib/session.tsx";
import { ToastProvider } from "./ui/toast/ToastProvider.tsx";

/** What every page has around it, on the server and in the browser alike. */
export function Providers({
  queryClient,
  api,
  head,
  transientKey = null,
  now,
  children,
}: {
  queryClient: QueryClient;
  api: ApiClient;
  head: HeadCollector | null;
  transientKey?: string | null;
  /** The render time the relative dates start from (the server's, while hydrating). */
  now: number;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <HeadProvider collector={head}>
        <ApiProvider api={api}>
          <SessionProvider transientKey={transientKey}>
            <NowProvider serverNow={now}>
              <QueryClientProvider client={queryClient}>
                <ToastProvider>{children}</ToastProvider>
              </QueryClientProvider>
            </NowProvider>
          </SessionProvider>
        </ApiProvider>
      </HeadProvider>
    </StrictMode>
  );
}
