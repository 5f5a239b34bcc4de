import { permissionRule, rule } from "../../platform/auth/access.ts";
import { can } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { siteConfigRules, type SiteConfigKey } from "../../platform/site-config.ts";

/** Who may read and change site settings: each setting is read and changed with its own permission. */
export const configPolicy = {
  canRead: (viewer: Viewer, key: SiteConfigKey) => {
    const { read } = siteConfigRules[key];
    return read === "public" || (read !== null && can(viewer, read));
  },
  /** Change settings at all (each key then needs its own `canWrite`). */
  canChange: permissionRule(["community.manage", "site.manage"]),
  /** Change one setting that the API changes (its `write` is not null). */
  canWrite: rule(
    (key: SiteConfigKey) => siteConfigRules[key].write!,
    (viewer, key) => can(viewer, siteConfigRules[key].write!),
  ),
  /** List and switch add-ons. */
  canManageAddons: permissionRule("site.manage"),
};
