import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { SiteSectionLink } from "@parley/contracts";
import { StrictMode, type ReactNode } from "react";
import type { ApiClient } from "./lib/api.ts";
import { ApiProvider } from "./lib/api-context.tsx";
import { HeadProvider, type HeadCollector } from "./lib/head.tsx";
import { NowProvider } from "./lib/now.tsx";
import { SessionProvider } from "./lib/session.tsx";
import { SiteSectionProvider } from "./lib/site-section.tsx";
import { ThemeHtmlProvider, type ThemeHtml } from "./lib/theme-html.tsx";
import { ToastProvider } from "./ui/toast/ToastProvider.tsx";

/** What every page has around it, on the server and in the browser alike. */
export function Providers({
  queryClient,
  api,
  head,
  transientKey = null,
  now,
  themeHtml,
  siteSection = null,
  children,
}: {
  queryClient: QueryClient;
  api: ApiClient;
  head: HeadCollector | null;
  transientKey?: string | null;
  /** The render time the relative dates start from (the server's, while hydrating). */
  now: number;
  /** The theme's custom header and footer (the server's, embedded in the page for hydration). */
  themeHtml?: ThemeHtml | undefined;
  /** The subcommunity the page is in (the router's basename is its folder); null on the whole site. */
  siteSection?: SiteSectionLink | null | undefined;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <HeadProvider collector={head}>
        <ApiProvider api={api}>
          <SessionProvider transientKey={transientKey}>
            <NowProvider serverNow={now}>
              <ThemeHtmlProvider html={themeHtml}>
                <SiteSectionProvider section={siteSection}>
                  <QueryClientProvider client={queryClient}>
                    <ToastProvider>{children}</ToastProvider>
                  </QueryClientProvider>
                </SiteSectionProvider>
              </ThemeHtmlProvider>
            </NowProvider>
          </SessionProvider>
        </ApiProvider>
      </HeadProvider>
    </StrictMode>
  );
}
