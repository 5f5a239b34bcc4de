import { useEffect } from "react";
import { Form } from "react-router";
import type { FormResult } from "../../../lib/forms.ts";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import { FormAlert, TextAreaField, TextField } from "../../../ui/forms/Form.tsx";
import { followFragmentHeights } from "../../../lib/fragment-height.ts";
import type { FragmentFormValues } from "../fragments.form.ts";
import styles from "../pages/Fragments.module.css";

/** The draft in its sandboxed frame, as pages will show it once committed; it takes its content's height. */
export function PreviewFrame({ src, version, title }: { src: string; version: string; title: string }) {
  useEffect(() => followFragmentHeights(), []);
  return (
    <iframe
      // A new frame whenever what it runs changes.
      key={version}
      className={styles.frame}
      src={src}
      sandbox="allow-scripts"
      title={title}
      referrerPolicy="no-referrer"
      data-fragment="preview"
    />
  );
}

/**
 * The fragment's code: name, type (given once), JavaScript and CSS in plain monospaced text areas, and the props the
 * preview runs it with (JSON). Preview and Save draft both save the draft (the frame runs only saved revisions);
 * Preview then shows it. A plain form.
 */
export function FragmentForm({
  values,
  result,
  busy,
  typeEditable,
}: {
  values: FragmentFormValues;
  result: FormResult | undefined;
  busy: boolean;
  typeEditable: boolean;
}) {
  const refused = result && !result.ok && result.values?.["intent"] !== "commit" ? result : undefined;
  const shown = (refused?.values as FragmentFormValues | undefined) ?? values;
  const error = (name: string) => refused?.errors?.[name];
  return (
    <Form method="post" className={`${styles.form} ${styles.code}`} aria-labelledby="fragment-code-title">
      <h2 id="fragment-code-title" className={styles.heading}>
        {t("Code")}
      </h2>
      <TransientKeyField />
      {refused?.message ? <FormAlert>{refused.message}</FormAlert> : null}
      <TextField
        label={t("Name")}
        name="name"
        defaultValue={shown.name}
        error={error("name")}
        required
        maxLength={100}
      />
      {typeEditable ? (
        <TextField
          label={t("Type")}
          name="fragmentType"
          defaultValue={shown.fragmentType}
          error={error("fragmentType")}
          hint={t("What kind of widget it is, such as CallToActionFragment. It cannot be changed later.")}
          maxLength={100}
        />
      ) : null}
      <TextAreaField
        label={t("JavaScript")}
        name="js"
        defaultValue={shown.js}
        error={error("js")}
        hint={t("It runs as a plain script. It finds its props in fragment.props and draws into fragment.root.")}
        rows={14}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
      />
      <TextAreaField
        label={t("CSS")}
        name="css"
        defaultValue={shown.css}
        error={error("css")}
        rows={8}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
      />
      <TextAreaField
        label={t("Preview data (JSON props)")}
        name="previewData"
        defaultValue={shown.previewData}
        error={error("previewData")}
        hint={t("The props the preview gives the fragment.")}
        rows={5}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
      />
      <div className={styles.buttons}>
        <Button type="submit" name="intent" value="preview" buttonType="standard" isPending={busy}>
          {t("Preview")}
        </Button>
        <Button type="submit" name="intent" value="save" buttonType="primary" isPending={busy}>
          {t("Save draft")}
        </Button>
      </div>
    </Form>
  );
}
