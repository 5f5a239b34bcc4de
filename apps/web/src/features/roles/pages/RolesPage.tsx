import { useSuspenseQuery } from "@tanstack/react-query";
import { Link, useLocation } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { ButtonLink } from "../../../ui/button/Button.tsx";
import { FormAlert } from "../../../ui/forms/Form.tsx";
import { membersHref } from "../../members/index.ts";
import { rolePath, rolesListQuery, rolesPagePath } from "../roles.queries.ts";
import { roleTypeLabel } from "./roleTypes.ts";
import styles from "./RolesPage.module.css";

/** `/dashboard/roles`: every role, what it is for, whether it is built in; "Add Role". */
export function RolesPage() {
  const api = useApi();
  const search = new URLSearchParams(useLocation().search);
  const { data: roles } = useSuspenseQuery(rolesListQuery(api));
  const deleted = search.get("deleted");
  return (
    <section className={styles.page} aria-labelledby="roles-title">
      <PageHead title={t("Roles & Permissions")} canonical={rolesPagePath} noindex />
      <div className={styles.header}>
        <h1 id="roles-title" className={styles.title}>
          {t("Roles & Permissions")}
        </h1>
        <ButtonLink to={rolePath("add")} buttonType="primary">
          {t("Add Role")}
        </ButtonLink>
      </div>
      <p className={styles.note}>
        {t("A member holds every permission of each of their roles. The built-in roles cannot be deleted.")}
      </p>
      {deleted ? (
        <FormAlert kind="success">{t("The role “{name}” has been deleted.", { name: deleted })}</FormAlert>
      ) : null}
      <div className={styles.scroll}>
        <table className={styles.table} aria-label={t("Roles")}>
          <thead>
            <tr>
              <th scope="col">{t("Role")}</th>
              <th scope="col">{t("Description")}</th>
              <th scope="col">{t("Default type")}</th>
              <th scope="col">{t("Kind")}</th>
              <th scope="col" className={styles.number}>
                {t("Members")}
              </th>
            </tr>
          </thead>
          <tbody>
            {roles.map((role) => (
              <tr key={role.roleID}>
                <th scope="row" className={styles.name}>
                  <Link to={rolePath(role.roleID)}>{role.name}</Link>
                </th>
                <td className={styles.description}>{role.description ?? ""}</td>
                <td>{roleTypeLabel(role.type)}</td>
                <td>{role.deletable ? t("Custom") : t("Built-in")}</td>
                <td className={styles.number}>
                  {role.type === "guest" ? (
                    "—"
                  ) : (
                    <Link
                      to={membersHref(1, { roleID: role.roleID })}
                      aria-label={t("{count} members with the role {name}", {
                        count: role.countUsers.toLocaleString(),
                        name: role.name,
                      })}
                    >
                      {role.countUsers.toLocaleString()}
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
