import { useEffect } from "react";
import { useQuery } from "../../../lib/query.ts";
import { useApi } from "../../../lib/api-context.tsx";
import { onDemand, useOnDemand } from "../../../ui/on-demand.ts";
import { meQuery } from "../../users/index.ts";
import { canManageThemes, themePreviewQuery } from "../themes.preview.ts";

/**
 * The preview banner, on demand: before hydrating when the server rendered it, else once a theme manager's
 * session previews a theme; other pages never load it.
 */
const banner = onDemand(() => import("./ThemePreviewBanner.tsx"), { rendered: "[data-theme-preview]" });

/** The theme preview banner (spec §4 "Themes") while this session previews a theme. */
export function ThemePreviewBanner() {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  const allowed = me ? canManageThemes(me) : false;
  const { data: preview } = useQuery({ ...themePreviewQuery(api), enabled: allowed });
  const shown = allowed && Boolean(preview);
  const { module, preload } = useOnDemand(banner);
  useEffect(() => {
    if (shown) preload();
  }, [shown, preload]);
  if (!shown || !module) return null;
  return <module.ThemePreviewBanner />;
}
