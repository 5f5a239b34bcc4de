import { useSuspenseQuery } from "@tanstack/react-query";
import type { KnowledgeBase } from "@parley/contracts";
import { knowledgePaths } from "@parley/contracts/knowledge-constants";
import { Form, Link, useActionData, useLocation, useNavigation, useParams } from "react-router";
import { useApi } from "../../../../lib/api-context.tsx";
import type { FormResult } from "../../../../lib/forms.ts";
import { PageHead } from "../../../../lib/head.tsx";
import { t } from "../../../../lib/i18n.ts";
import { TransientKeyField } from "../../../../lib/session.tsx";
import { Button } from "../../../../ui/button/Button.tsx";
import { ConfirmAction } from "../../../../ui/confirm/ConfirmAction.tsx";
import { FormAlert } from "../../../../ui/forms/Form.tsx";
import { knowledgeDashboardPath } from "../../knowledge.dashboard.paths.ts";
import {
  dashboardBaseQuery,
  dashboardCategoriesQuery,
  knowledgeBaseEditPath,
} from "../../knowledge.dashboard.queries.ts";
import { KnowledgeBaseForm } from "./KnowledgeBaseForm.tsx";
import { KnowledgeCategoriesPanel } from "./KnowledgeCategoriesPanel.tsx";
import styles from "./KnowledgeDashboard.module.css";

const categoryIntents = ["add-category", "rename-category", "move-up", "move-down", "delete-category"];

/** The base's deletion, second step: what will happen, and the button that does it. */
function DeleteConfirmation({ base, busy }: { base: KnowledgeBase; busy: boolean }) {
  return (
    <ConfirmAction
      id="kb-confirm"
      title={t("Delete “{name}”?", { name: base.name })}
      text={t("The knowledge base and its categories will be deleted. This cannot be undone.")}
      fields={{ intent: "delete", name: base.name }}
      cancelTo={knowledgeBaseEditPath(base.knowledgeBaseID)}
      busy={busy}
    />
  );
}

/** `/dashboard/knowledge/{id}`: a knowledge base's details, its categories and its deletion. */
export function KnowledgeBaseEditPage() {
  const api = useApi();
  const knowledgeBaseID = Number(useParams()["knowledgeBaseID"]);
  const { data: base } = useSuspenseQuery(dashboardBaseQuery(api, knowledgeBaseID));
  const { data: categories } = useSuspenseQuery(dashboardCategoriesQuery(api, knowledgeBaseID));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const location = useLocation();
  const action = location.pathname;
  const intent = result?.values?.["intent"] ?? "";
  const refused = (name: string) => (result && !result.ok && intent === name ? result : undefined);
  const details = refused("base");
  const forCategories = categoryIntents.includes(intent) ? result : undefined;
  const added = new URLSearchParams(location.search).get("added") === "1";
  return (
    <section className={styles.page} aria-labelledby="kb-edit-title">
      <PageHead title={t("Edit {name}", { name: base.name })} noindex />
      <p className={styles.note}>
        <Link to={knowledgeDashboardPath}>{t("← Knowledge Bases")}</Link>
      </p>
      <h1 id="kb-edit-title" className={styles.title}>
        {base.name}
      </h1>
      <p className={styles.note}>
        {base.status === "published" ? (
          <Link to={knowledgePaths.base(base.urlCode)}>{t("View the knowledge base")}</Link>
        ) : (
          t("Deleted: readers do not see it.")
        )}
      </p>
      {added && !result ? (
        <FormAlert kind="success">{t("“{name}” has been added.", { name: base.name })}</FormAlert>
      ) : null}
      {result?.ok && result.message ? <FormAlert kind="success">{result.message}</FormAlert> : null}
      {result?.values?.["confirm"] === "delete" ? <DeleteConfirmation base={base} busy={busy} /> : null}

      <section className={styles.panel} aria-labelledby="kb-details">
        <h2 id="kb-details" className={styles.panelTitle}>
          {t("Details")}
        </h2>
        {details?.message ? <FormAlert>{details.message}</FormAlert> : null}
        <KnowledgeBaseForm base={base} result={details} busy={busy} action={action} />
      </section>

      <KnowledgeCategoriesPanel
        base={base}
        categories={categories}
        action={action}
        busy={busy}
        result={forCategories}
      />

      <section className={styles.panel} aria-labelledby="kb-delete">
        <h2 id="kb-delete" className={styles.panelTitle}>
          {t("Delete")}
        </h2>
        {refused("delete")?.message ? <FormAlert>{refused("delete")!.message}</FormAlert> : null}
        {refused("delete")?.description ? <p className={styles.note}>{refused("delete")!.description}</p> : null}
        <p className={styles.note}>
          {t(
            "Only a knowledge base without articles can be deleted, with its categories. To hide one that has articles, set its status to Deleted: its articles are kept.",
          )}
        </p>
        <Form method="post" action={action}>
          <TransientKeyField />
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="name" value={base.name} />
          <Button type="submit" buttonType="standard" isPending={busy}>
            {t("Delete “{name}”…", { name: base.name })}
          </Button>
        </Form>
      </section>
    </section>
  );
}
