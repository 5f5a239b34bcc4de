import { permissionRule } from "../../platform/auth/access.ts";

/** Who may ask for a link's preview on demand. */
export const previewsPolicy = {
  /** `POST /media/scrape` (an editor's embed): a signed-in member; the server fetches for them, rate-limited. */
  canScrape: permissionRule("session.valid"),
};
