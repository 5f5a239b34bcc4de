import { useEffect, useId, useState, type ComponentType } from "react";
import { onDemand, useOnDemand } from "./on-demand.ts";

/**
 * A component rendered by the server only (a panel box, the home page's banner, a list item's facts): loaded
 * at the server's start, and in the browser only when a page without its server-rendered markup shows it
 * (after a navigation in the app). Hydrating a page the server rendered, it keeps the server's markup as it is
 * while its props stay the same (plain links and forms: following one loads the next page from the server, as
 * without JavaScript), so reading pages carry none of its JavaScript.
 */
export function serverRendered<P extends object>(importer: () => Promise<ComponentType<P>>) {
  const part = onDemand(importer);
  if (typeof document === "undefined") part.load().catch(() => undefined);
  return function KeptHtml(props: P) {
    const id = useId();
    const key = JSON.stringify(props);
    const [kept] = useState(() => ({
      key,
      html: globalThis.document?.querySelector(`[data-kept="${id}"]`)?.innerHTML,
    }));
    const html = kept.key === key ? kept.html : undefined;
    const { module: Widget, preload } = useOnDemand(part);
    useEffect(() => {
      if (html === undefined) preload();
    }, [html, preload]);
    return html === undefined ? (
      <div data-kept={id}>{Widget ? <Widget {...props} /> : null}</div>
    ) : (
      <div data-kept={id} dangerouslySetInnerHTML={{ __html: html }} />
    );
  };
}
