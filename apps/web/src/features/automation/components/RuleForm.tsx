import { Form } from "react-router";
import type { AutomationPreview } from "@parley/contracts";
import type { FormResult } from "../../../lib/forms.ts";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import { FormAlert } from "../../../ui/forms/Form.tsx";
import type { RuleFormValues } from "../automation.form.ts";
import styles from "../pages/Automation.module.css";
import { RuleFields } from "./RuleFields.tsx";

/** The dry run's answer: the records the rule would act on now, their titles linked, or that there are none. */
function PreviewResult({ preview }: { preview: AutomationPreview }) {
  return (
    <section className={styles.preview} aria-labelledby="automation-preview-title">
      <h2 id="automation-preview-title" className={styles.heading}>
        {t("Preview")}
      </h2>
      {preview.count === 0 ? (
        <p role="status" className={styles.note}>
          {t("Nothing matches this rule right now.")}
        </p>
      ) : (
        <>
          <p role="status" className={styles.note}>
            {preview.count === 1
              ? t("1 discussion would be changed now.")
              : t("{count} discussions would be changed now.", { count: String(preview.count) })}
            {preview.count > preview.records.length
              ? ` ${t("The first {shown} are listed.", { shown: String(preview.records.length) })}`
              : null}
          </p>
          <ul className={styles.records} aria-label={t("Discussions the rule would change")}>
            {preview.records.map((record) => (
              <li key={record.recordID}>
                <a href={record.url}>{record.name}</a>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * The rule form (Add or Edit): its fields, Preview (a dry run of what is typed, nothing saved) and the save
 * button. A plain form: both buttons post it, each with its intent.
 */
export function RuleForm({
  titleID,
  title,
  intent,
  saveLabel,
  values,
  result,
  busy,
}: {
  titleID: string;
  title: string;
  intent: "create" | "edit";
  saveLabel: string;
  values: RuleFormValues;
  result: (FormResult & { preview?: AutomationPreview }) | undefined;
  busy: boolean;
}) {
  const refused = result && !result.ok ? result : undefined;
  const shown = (result?.values as RuleFormValues | undefined) ?? values;
  return (
    <>
      <Form method="post" className={styles.form} aria-labelledby={titleID}>
        <h2 id={titleID} className={styles.heading}>
          {title}
        </h2>
        <TransientKeyField />
        {refused?.message ? <FormAlert>{refused.message}</FormAlert> : null}
        <RuleFields values={shown} refused={refused} />
        <div className={styles.buttons}>
          <Button type="submit" name="intent" value="preview" buttonType="standard" isPending={busy}>
            {t("Preview")}
          </Button>
          <Button type="submit" name="intent" value={intent} buttonType="primary" isPending={busy}>
            {saveLabel}
          </Button>
        </div>
      </Form>
      {result?.preview ? <PreviewResult preview={result.preview} /> : null}
    </>
  );
}
