import { useSuspenseQuery } from "@tanstack/react-query";
import { knowledgePaths } from "@parley/contracts/knowledge-constants";
import { Link, useLocation } from "react-router";
import { useApi } from "../../../../lib/api-context.tsx";
import { PageHead } from "../../../../lib/head.tsx";
import { currentLocale, t } from "../../../../lib/i18n.ts";
import { ButtonLink } from "../../../../ui/button/Button.tsx";
import { FormAlert } from "../../../../ui/forms/Form.tsx";
import { knowledgeDashboardPath } from "../../knowledge.dashboard.paths.ts";
import { dashboardBasesQuery, knowledgeBaseEditPath, newKnowledgeBasePath } from "../../knowledge.dashboard.queries.ts";
import { statusLabel, viewTypeLabel } from "./KnowledgeBaseForm.tsx";
import styles from "./KnowledgeDashboard.module.css";

/** `/dashboard/knowledge`: every knowledge base, published or deleted, each linking to its edit page. */
export function KnowledgeBasesDashboardPage() {
  const api = useApi();
  const { data: bases } = useSuspenseQuery(dashboardBasesQuery(api));
  const deleted = new URLSearchParams(useLocation().search).get("deleted");
  return (
    <section className={styles.page} aria-labelledby="kb-dashboard-title">
      <PageHead title={t("Knowledge Bases")} canonical={knowledgeDashboardPath} noindex />
      <div className={styles.header}>
        <h1 id="kb-dashboard-title" className={styles.title}>
          {t("Knowledge Bases")}
        </h1>
        <ButtonLink to={newKnowledgeBasePath} buttonType="primary">
          {t("Add Knowledge Base")}
        </ButtonLink>
      </div>
      {deleted ? <FormAlert kind="success">{t("“{name}” has been deleted.", { name: deleted })}</FormAlert> : null}
      {bases.length === 0 ? (
        <p className={styles.note}>{t("There is no knowledge base yet.")}</p>
      ) : (
        <div className={styles.scroll}>
          <table className={styles.table} aria-labelledby="kb-dashboard-title">
            <thead>
              <tr>
                <th scope="col">{t("Name")}</th>
                <th scope="col">{t("URL code")}</th>
                <th scope="col">{t("Type")}</th>
                <th scope="col" className={styles.number}>
                  {t("Articles")}
                </th>
                <th scope="col" className={styles.number}>
                  {t("Categories")}
                </th>
                <th scope="col">{t("Status")}</th>
              </tr>
            </thead>
            <tbody>
              {bases.map((base) => (
                <tr key={base.knowledgeBaseID}>
                  <th scope="row" className={styles.name}>
                    <Link to={knowledgeBaseEditPath(base.knowledgeBaseID)}>{base.name}</Link>
                  </th>
                  <td>
                    {base.status === "published" ? (
                      <Link to={knowledgePaths.base(base.urlCode)}>{base.urlCode}</Link>
                    ) : (
                      base.urlCode
                    )}
                  </td>
                  <td>{viewTypeLabel(base.viewType)}</td>
                  <td className={styles.number}>{base.countArticles.toLocaleString(currentLocale())}</td>
                  <td className={styles.number}>{base.countCategories.toLocaleString(currentLocale())}</td>
                  <td className={base.status === "deleted" ? styles.deleted : undefined}>{statusLabel(base.status)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
