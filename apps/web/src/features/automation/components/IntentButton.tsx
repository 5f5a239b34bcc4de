import { Form } from "react-router";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";

/** A button that posts one intent (Activate, Run now) to a page's action, with the fields it acts on. */
export function IntentButton({
  intent,
  label,
  busy,
  fields = {},
  accessibleName,
  action,
}: {
  intent: string;
  label: string;
  busy: boolean;
  fields?: Record<string, string>;
  accessibleName?: string;
  action?: string;
}) {
  return (
    <Form method="post" action={action}>
      <TransientKeyField />
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" buttonType="standard" isPending={busy} aria-label={accessibleName}>
        {label}
      </Button>
    </Form>
  );
}
