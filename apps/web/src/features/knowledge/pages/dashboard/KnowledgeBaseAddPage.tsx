import { Link, useActionData, useNavigation } from "react-router";
import type { FormResult } from "../../../../lib/forms.ts";
import { PageHead } from "../../../../lib/head.tsx";
import { t } from "../../../../lib/i18n.ts";
import { FormAlert } from "../../../../ui/forms/Form.tsx";
import { knowledgeDashboardPath } from "../../knowledge.dashboard.paths.ts";
import { newKnowledgeBasePath } from "../../knowledge.dashboard.queries.ts";
import { KnowledgeBaseForm } from "./KnowledgeBaseForm.tsx";
import styles from "./KnowledgeDashboard.module.css";

/** `/dashboard/knowledge/add`: a new knowledge base (with its root category; the API makes both). */
export function KnowledgeBaseAddPage() {
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className={styles.page} aria-labelledby="kb-add-title">
      <PageHead title={t("Add Knowledge Base")} noindex />
      <p className={styles.note}>
        <Link to={knowledgeDashboardPath}>{t("← Knowledge Bases")}</Link>
      </p>
      <h1 id="kb-add-title" className={styles.title}>
        {t("Add Knowledge Base")}
      </h1>
      {result?.message ? <FormAlert>{result.message}</FormAlert> : null}
      <section className={styles.panel} aria-label={t("Details")}>
        <KnowledgeBaseForm result={result} busy={busy} action={newKnowledgeBasePath} />
      </section>
    </section>
  );
}
