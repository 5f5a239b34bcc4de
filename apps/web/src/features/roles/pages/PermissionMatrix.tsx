import type { PermissionName } from "@parley/contracts/permissions-constants";
import { t } from "../../../lib/i18n.ts";
import { categoryColumns, categoryField, grantKey, permissionAreas, permissionLabel } from "../roles.matrix.ts";
import styles from "./RolesPage.module.css";

/** One box of the matrix: its label says what it allows, the API's name beside it in small print. */
function PermissionBox({ name, checked }: { name: PermissionName; checked: boolean }) {
  return (
    <label className={styles.permission}>
      <input type="checkbox" name="global" value={name} defaultChecked={checked} />
      <span>
        {permissionLabel(name)} <code className={styles.code}>{name}</code>
      </span>
    </label>
  );
}

/**
 * The role's global permissions by area (fieldsets of boxes), then one table per category that has its own
 * permissions: a row per per-category permission, a box in the category's column. Plain checkboxes in the tab
 * order: Tab moves, Space ticks, with or without JavaScript.
 */
export function PermissionMatrix({
  granted,
  categories,
  error,
}: {
  granted: ReadonlySet<string>;
  categories: ReadonlyArray<{ categoryID: number; name: string }>;
  error?: string | undefined;
}) {
  return (
    <>
      <section className={styles.panel} aria-labelledby="role-permissions">
        <h2 id="role-permissions" className={styles.panelTitle}>
          {t("Permissions")}
        </h2>
        <p className={styles.note}>
          {t(
            "What holders of this role may do everywhere. The discussion, comment and event permissions here also apply in every category without its own permissions.",
          )}
        </p>
        {error ? (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        ) : null}
        <div className={styles.areas}>
          {permissionAreas().map((area) => (
            <fieldset key={area.id} className={styles.area}>
              <legend>{area.label}</legend>
              {area.names.map((name) => (
                <PermissionBox key={name} name={name} checked={granted.has(grantKey(name))} />
              ))}
            </fieldset>
          ))}
        </div>
      </section>
      {categories.length > 0 ? (
        <section className={styles.panel} aria-labelledby="role-category-permissions">
          <h2 id="role-category-permissions" className={styles.panelTitle}>
            {t("Categories with their own permissions")}
          </h2>
          <p className={styles.note}>
            {t("In these categories, only what is ticked here applies; the global permissions above do not.")}
          </p>
          {categories.map((category) => (
            <input key={category.categoryID} type="hidden" name="categoryID" value={category.categoryID} />
          ))}
          <div className={styles.scroll}>
            <table className={styles.matrix}>
              <caption className="visually-hidden">{t("Permissions per category")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("Permission")}</th>
                  {categories.map((category) => (
                    <th scope="col" key={category.categoryID}>
                      {category.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {categoryColumns.map((name) => (
                  <tr key={name}>
                    <th scope="row" className={styles.name}>
                      {permissionLabel(name)} <code className={styles.code}>{name}</code>
                    </th>
                    {categories.map((category) => (
                      <td key={category.categoryID} className={styles.box}>
                        <input
                          type="checkbox"
                          name={categoryField(category.categoryID)}
                          value={name}
                          defaultChecked={granted.has(grantKey(name, category.categoryID))}
                          aria-label={t("{permission} in {category}", {
                            permission: permissionLabel(name),
                            category: category.name,
                          })}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </>
  );
}
