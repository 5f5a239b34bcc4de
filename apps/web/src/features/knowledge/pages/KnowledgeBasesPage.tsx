import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { knowledgePaths } from "@parley/contracts/knowledge-constants";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { knowledgeBasesQuery } from "../knowledge.queries.ts";
import styles from "../components/knowledge.module.css";

/** The first letter of a base's name, when it has no icon. */
const initial = (name: string) => name.trim().charAt(0).toUpperCase() || "?";

/** `/kb`: the knowledge bases, as cards (icon, name, description), each linking to its home. */
export function KnowledgeBasesPage() {
  const api = useApi();
  const { data: bases } = useSuspenseQuery(knowledgeBasesQuery(api));
  return (
    <section aria-labelledby="kb-title">
      <PageHead title={t("Knowledge Base")} canonical={knowledgePaths.home} />
      <h1 id="kb-title" className={styles.pageTitle}>
        {t("Knowledge Base")}
      </h1>
      {bases.length === 0 ? (
        <p className={styles.notice}>{t("There are no knowledge bases yet.")}</p>
      ) : (
        <ul className={styles.cards}>
          {bases.map((base) => (
            <li key={base.knowledgeBaseID} className={styles.card}>
              {base.icon ? (
                <img className={styles.cardIcon} src={base.icon} alt="" width={56} height={56} loading="lazy" />
              ) : (
                <span className={styles.cardIcon} aria-hidden="true">
                  {initial(base.name)}
                </span>
              )}
              <h2 className={styles.cardTitle}>
                <Link to={knowledgePaths.base(base.urlCode)} className={styles.cardLink}>
                  {base.name}
                </Link>
              </h2>
              {base.description ? <p className={styles.cardDescription}>{base.description}</p> : null}
              <p className={styles.cardMeta}>
                {base.countArticles === 1 ? t("1 article") : t("{count} articles", { count: base.countArticles })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
