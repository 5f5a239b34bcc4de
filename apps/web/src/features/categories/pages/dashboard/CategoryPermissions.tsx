import type { PermissionFragment, Role } from "@parley/contracts";
import { categoryPermissionNames, type CategoryPermissionName } from "@parley/contracts/permissions-constants";
import { t } from "../../../../lib/i18n.ts";
import styles from "./CategoriesDashboard.module.css";

/** The checkbox of one role's one permission: what the form sends when it is checked. */
export const grantField = (roleID: number, name: string) => `${roleID}:${name}`;

const labels = (): Record<string, string> => ({
  "discussions.view": t("View"),
  "discussions.add": t("Start discussions"),
  "comments.add": t("Comment"),
  "discussions.edit": t("Edit discussions"),
  "discussions.delete": t("Delete discussions"),
  "discussions.announce": t("Announce"),
  "discussions.sink": t("Sink"),
  "discussions.close": t("Close"),
  "comments.edit": t("Edit comments"),
  "comments.delete": t("Delete comments"),
  "posts.moderate": t("Moderate posts"),
  "events.view": t("View events"),
  "events.manage": t("Manage events"),
});

/**
 * The names shown, in the order a reader meets them: the consolidated ones (discussions.moderate, .manage)
 * follow from their parts, so they are left out.
 */
const shown = Object.keys(labels()).filter((name) =>
  (categoryPermissionNames as readonly string[]).includes(name),
) as CategoryPermissionName[];

/**
 * What a role may do in the category now: in a category with its own permissions, its grants there (none
 * when it has no fragment for it); otherwise the site's defaults for categories, which new grants start from.
 */
function granted(role: Role, categoryID: number | null, custom: boolean): Record<string, boolean | null> {
  // The role schema refers to the fragment by $ref, which its static type does not follow.
  const fragments = (role.permissions ?? []) as PermissionFragment[];
  if (custom && categoryID !== null) {
    return fragments.find((f) => f.type === "category" && f.id === categoryID)?.permissions ?? {};
  }
  return fragments.find((fragment) => fragment.type === "global")?.permissions ?? {};
}

/** The matrix of roles × category permissions, a checkbox each, labelled with both. */
export function CategoryPermissionsMatrix({
  roles,
  categoryID,
  custom,
  kept,
}: {
  roles: Role[];
  categoryID: number | null;
  /** Whether the category has its own permissions now. */
  custom: boolean;
  /** The boxes checked in a refused submission, to show again. */
  kept?: Set<string> | undefined;
}) {
  const names = labels();
  return (
    <div className={styles.scroll}>
      <table className={styles.matrix}>
        <caption className="visually-hidden">{t("What each role may do in this category")}</caption>
        <thead>
          <tr>
            <td />
            {shown.map((name) => (
              <th key={name} scope="col">
                {names[name] ?? name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {roles.map((role) => {
            const now = granted(role, categoryID, custom);
            return (
              <tr key={role.roleID}>
                <th scope="row">{role.name}</th>
                {shown.map((name) => {
                  const field = grantField(role.roleID, name);
                  return (
                    <td key={name}>
                      <input
                        type="checkbox"
                        name="grant"
                        value={field}
                        aria-label={t("{role}: {permission}", { role: role.name, permission: names[name] ?? name })}
                        defaultChecked={kept ? kept.has(field) : now[name] === true}
                      />
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
