import { Form } from "react-router";
import { TransientKeyField } from "../../../lib/session.tsx";
import { buttonLook, type ButtonSize } from "../../../ui/button/Button.tsx";
import { formStyles } from "../../../ui/forms/Form.tsx";
import shared from "./themes.module.css";

/**
 * A form of one button: what it asks for (`intent`) and what it is about travel as hidden fields, so it
 * works without JavaScript. Outlined, or the form's primary button.
 */
export function IntentButton({
  action,
  fields,
  label,
  accessibleName,
  primary = false,
  size,
  busy = false,
}: {
  /** The route the form posts to. */
  action: string;
  fields: Record<string, string | number>;
  label: string;
  accessibleName?: string;
  primary?: boolean;
  size?: ButtonSize;
  busy?: boolean;
}) {
  return (
    <Form method="post" action={action} className={shared.buttonForm}>
      <TransientKeyField />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        {...(primary ? { className: formStyles.button } : buttonLook({ buttonType: "outline", size }))}
        aria-label={accessibleName}
        disabled={busy}
      >
        {label}
      </button>
    </Form>
  );
}
