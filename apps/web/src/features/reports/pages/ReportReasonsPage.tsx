import { useSuspenseQuery } from "@tanstack/react-query";
import { Form, useActionData, useNavigation } from "react-router";
import type { ReportReason } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import { FormAlert, formStyles, SubmitButton, TextAreaField, TextField } from "../../../ui/forms/Form.tsx";
import { reportReasonsQuery } from "../reports.queries.ts";
import { reportReasonsPath } from "../reports.urls.ts";
import styles from "./ReportsPage.module.css";

/** A reason's name and description fields, filled with what it says (or what was refused). */
function ReasonFields({ reason, result }: { reason: Pick<ReportReason, "name" | "description">; result?: FormResult }) {
  return (
    <>
      <TextField
        label={t("Name")}
        name="name"
        required
        maxLength={255}
        defaultValue={result?.values?.["name"] ?? reason.name}
        error={result?.errors?.["name"]}
      />
      <TextAreaField
        label={t("Description")}
        name="description"
        maxLength={1000}
        rows={2}
        defaultValue={result?.values?.["description"] ?? reason.description}
        error={result?.errors?.["description"]}
      />
    </>
  );
}

/**
 * `/dashboard/settings/report-reasons`: the reasons members pick when they report a post (community.manage):
 * each one's name and description changed or deleted (one that reports used is kept for them), new ones
 * added. Plain form posts: they work without JavaScript.
 */
export function ReportReasonsPage() {
  const api = useApi();
  const { data: reasons } = useSuspenseQuery(reportReasonsQuery(api));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  // A refusal's values and errors belong to the form that was sent.
  const resultFor = (intent: string, id = "") =>
    result && !result.ok && result.values?.["intent"] === intent && (result.values["reportReasonID"] ?? "") === id
      ? result
      : undefined;
  const adding = resultFor("add");
  const general = result && (result.ok || !result.values?.["intent"]) ? result : undefined;
  return (
    <section className={styles.page} aria-labelledby="reasons-title">
      <PageHead title={t("Report Reasons")} canonical={reportReasonsPath} noindex />
      <h1 id="reasons-title" className={styles.title}>
        {t("Report Reasons")}
      </h1>
      <p>{t("Members choose one of these when they report a post.")}</p>
      {general?.message ? <FormAlert kind={general.ok ? "success" : "error"}>{general.message}</FormAlert> : null}
      <ul className={styles.list} aria-label={t("Report Reasons")}>
        {reasons.map((reason) => {
          const edited = resultFor("edit", reason.reportReasonID);
          return (
            <li key={reason.reportReasonID} className={styles.item} data-reason-id={reason.reportReasonID}>
              {/* One form: Save and Delete each send their intent (a reason used by reports is kept for them). */}
              <Form method="post" action={reportReasonsPath} className={formStyles.form}>
                <TransientKeyField />
                <input type="hidden" name="reportReasonID" value={reason.reportReasonID} />
                {edited?.message ? <FormAlert>{edited.message}</FormAlert> : null}
                <ReasonFields reason={reason} {...(edited ? { result: edited } : {})} />
                <p className={styles.facts}>
                  {reason.countReports === 1
                    ? t("Used by 1 report.")
                    : t("Used by {count} reports.", { count: reason.countReports ?? 0 })}
                </p>
                <div className={styles.actions}>
                  <Button type="submit" name="intent" value="edit" buttonType="primary" isPending={busy}>
                    {t("Save")}
                  </Button>
                  <Button
                    type="submit"
                    name="intent"
                    value="delete"
                    buttonType="standard"
                    isPending={busy}
                    aria-label={t("Delete {name}", { name: reason.name })}
                  >
                    {t("Delete")}
                  </Button>
                </div>
              </Form>
            </li>
          );
        })}
      </ul>
      <h2>{t("Add a Reason")}</h2>
      {/* Keyed by the number of reasons: a reason added, the form starts empty again. */}
      <Form key={reasons.length} method="post" action={reportReasonsPath} className={formStyles.form}>
        <TransientKeyField />
        <input type="hidden" name="intent" value="add" />
        {adding?.message ? <FormAlert>{adding.message}</FormAlert> : null}
        <ReasonFields reason={{ name: "", description: "" }} {...(adding ? { result: adding } : {})} />
        <div>
          <SubmitButton busy={busy}>{t("Add")}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
