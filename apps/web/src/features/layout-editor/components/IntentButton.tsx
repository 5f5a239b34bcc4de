import { Form } from "react-router";
import { TransientKeyField } from "../../../lib/session.tsx";
import { buttonLook } from "../../../ui/button/Button.tsx";
import styles from "../pages/LayoutsPage.module.css";

/** A form of one button posting an intent and its layout, so it works without JavaScript. */
export function IntentButton({
  fields,
  label,
  accessibleName,
  busy,
}: {
  fields: Record<string, string>;
  label: string;
  accessibleName: string;
  busy: boolean;
}) {
  return (
    <Form method="post" className={styles.buttonForm}>
      <TransientKeyField />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        {...buttonLook({ buttonType: "outline", size: "medium" })}
        aria-label={accessibleName}
        disabled={busy}
      >
        {label}
      </button>
    </Form>
  );
}
