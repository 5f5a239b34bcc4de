import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { PAGE_VIEW_TICK } from "@parley/contracts/tick-kinds";
import { useApi } from "./api-context.tsx";

/**
 * Tells the site's analytics of each page the app shows after it hydrated (`POST /tick` with
 * `type: "page_view"`). The first page is not told: the server counted it when it rendered it. The server
 * applies the reader's privacy choice, Do Not Track and its crawler rules; a failed tick is dropped.
 */
export function usePageViewTick(): void {
  const api = useApi();
  const { pathname, search } = useLocation();
  const shown = `${pathname}${search}`;
  const last = useRef(shown);
  useEffect(() => {
    if (last.current === shown) return;
    const referrer = `${window.location.origin}${last.current}`;
    last.current = shown;
    api
      .request({ method: "POST", path: "/tick", body: { type: PAGE_VIEW_TICK, url: window.location.href, referrer } })
      .catch(() => undefined);
  }, [api, shown]);
}
