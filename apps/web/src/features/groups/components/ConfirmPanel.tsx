import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import styles from "./groups.module.css";

/**
 * Without JavaScript, an action that asks first answers with this: the question, the same post with
 * `confirmed=1`, and Cancel (the page again). With JavaScript the dialog of `ConfirmForm` asks instead.
 */
export function ConfirmPanel({
  intent,
  fields = {},
  question,
  confirmLabel,
}: {
  intent: string;
  fields?: Record<string, string | number>;
  question: ReactNode;
  confirmLabel: string;
}) {
  const location = useLocation();
  return (
    <Form method="post" action={location.pathname + location.search} className={styles.confirm} role="alert">
      <TransientKeyField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="confirmed" value="1" />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p>{question}</p>
      <Button type="submit" buttonType="primary">
        {confirmLabel}
      </Button>
      <Link to={location.pathname + location.search}>{t("Cancel")}</Link>
    </Form>
  );
}
