import type { ReactNode } from "react";
import { Form } from "react-router";
import { t } from "../../lib/i18n.ts";
import { TransientKeyField } from "../../lib/session.tsx";
import { Button } from "../button/Button.tsx";
import { FormAlert } from "../forms/Form.tsx";
import sheet from "./DashboardTable.module.css";

/**
 * A dashboard table row's last cell: Edit (its form in a disclosure, open while a refused edit is shown again) and
 * Delete, asked first (a second post with `confirmed=yes`, so it works without JavaScript), then what a refused
 * action said. `hidden` are the delete form's fields (`intent=delete` and the record's id and name).
 */
export function DashboardRowActions({
  name,
  action,
  busy,
  editForm,
  editing,
  hidden,
  confirming,
  confirmText,
  failure,
  className,
}: {
  name: string;
  action: string;
  busy: boolean;
  editForm: ReactNode;
  editing: boolean;
  hidden: Record<string, string>;
  confirming: boolean;
  confirmText: string;
  failure?: string | undefined;
  className?: string | undefined;
}) {
  const field = (key: string, value: string) => <input key={key} type="hidden" name={key} value={value} />;
  return (
    <td className={sheet.editCell}>
      <details className={sheet.edit} open={editing}>
        <summary>{t("Edit “{name}”", { name })}</summary>
        {editForm}
      </details>
      <Form method="post" action={action} className={className}>
        <TransientKeyField />
        {Object.entries({ intent: "delete", ...hidden }).map(([key, value]) => field(key, value))}
        {confirming ? (
          <>
            {field("confirmed", "yes")}
            <FormAlert>{confirmText}</FormAlert>
            <Button type="submit" buttonType="primary" isPending={busy}>
              {t("Yes, delete “{name}”", { name })}
            </Button>
          </>
        ) : (
          <Button type="submit" buttonType="standard" isPending={busy}>
            {t("Delete “{name}”", { name })}
          </Button>
        )}
      </Form>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
    </td>
  );
}
