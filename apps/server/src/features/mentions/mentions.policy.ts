import { permissionRule } from "../../platform/auth/access.ts";

/** Who may see a member's mentions and anonymise them: administrators (`site.manage`), as in Vanilla. */
export const mentionsPolicy = {
  /** A member's mentions (in the posts the viewer may read). */
  canView: permissionRule(["site.manage"]),
  /** Rewriting a member's mentions in every post. */
  canAnonymize: permissionRule(["site.manage"]),
};
