import type { ReactNode } from "react";
import { Form } from "react-router";
import { t } from "../../lib/i18n.ts";
import { TransientKeyField } from "../../lib/session.tsx";
import { Button, ButtonLink } from "../button/Button.tsx";
import styles from "./ConfirmAction.module.css";

/**
 * The second step of a destructive action: what will happen, the button that does it (it takes the focus) and
 * Cancel. It posts the first step's fields again with `confirmed=yes`, a plain form, so it works without
 * JavaScript; the route's action does the work only when it sees `confirmed`.
 */
export function ConfirmAction({
  id,
  title,
  text,
  fields,
  confirmLabel = t("Delete"),
  cancelTo,
  action,
  busy,
  headingLevel = 2,
}: {
  /** A prefix for the title's and the text's ids (the dialog is labelled and described by them). */
  id: string;
  title: string;
  text: ReactNode;
  /** The hidden fields the action reads (the intent and what it acts on). */
  fields: Record<string, string>;
  confirmLabel?: string;
  /** Where Cancel goes: the page as it was before the first step. */
  cancelTo: string;
  /** The form's action; the current route's by default. */
  action?: string;
  busy: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h2";
  return (
    <section
      className={styles.confirm}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
    >
      <Heading id={`${id}-title`} className={styles.title}>
        {title}
      </Heading>
      <p id={`${id}-text`} className={styles.text}>
        {text}
      </p>
      <Form method="post" {...(action ? { action } : {})} className={styles.actions}>
        <TransientKeyField />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmed" value="yes" />
        <Button type="submit" buttonType="primary" isPending={busy} autoFocus>
          {confirmLabel}
        </Button>
        <ButtonLink to={cancelTo} buttonType="standard">
          {t("Cancel")}
        </ButtonLink>
      </Form>
    </section>
  );
}
