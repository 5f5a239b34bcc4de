import type { ReactNode } from "react";
import { Form, useActionData, useLocation, useNavigation, useSearchParams } from "react-router";
import type { FormResult } from "../../lib/forms.ts";
import { PageHead } from "../../lib/head.tsx";
import { t } from "../../lib/i18n.ts";
import { TransientKeyField } from "../../lib/session.tsx";
import { FormAlert } from "../forms/Form.tsx";
import sheet from "./DashboardTable.module.css";

/** A dashboard list page's form state: where its forms post, the last answer, and Add's refused answer. */
export function useDashboardListState() {
  const location = useLocation();
  const result = useActionData<FormResult>();
  return {
    action: location.pathname,
    result,
    busy: useNavigation().state === "submitting",
    creating: result && !result.ok && result.values?.["intent"] === "create" ? result : undefined,
  };
}

/**
 * A dashboard page listing records edited in place (profile fields, post types, post fields): its title and
 * introduction, what the last post said (saved, or deleted: `?deleted=name`), the Add form in a disclosure, then
 * the list. `count` keys the disclosure: a record added, the form starts afresh (closed, empty); refused, it stays
 * open with what was typed.
 */
export function DashboardListPage({
  id,
  title,
  canonical,
  intro,
  addLabel,
  addForm,
  addClassName,
  count,
  children,
}: {
  id: string;
  title: string;
  canonical: string;
  intro: ReactNode;
  addLabel: string;
  addForm: ReactNode;
  addClassName?: string | undefined;
  count: number;
  children: ReactNode;
}) {
  const [search] = useSearchParams();
  const { result, creating } = useDashboardListState();
  const deleted = search.get("deleted");
  return (
    <section className={sheet.page} aria-labelledby={id}>
      <PageHead title={title} canonical={canonical} noindex />
      <h1 id={id} className={sheet.title}>
        {title}
      </h1>
      <p className={sheet.intro}>{intro}</p>
      {result?.ok && result.message ? <FormAlert kind="success">{result.message}</FormAlert> : null}
      {deleted && !result ? (
        <FormAlert kind="success">{t("“{name}” has been deleted.", { name: deleted })}</FormAlert>
      ) : null}
      <details key={count} className={addClassName} open={creating !== undefined}>
        <summary>{addLabel}</summary>
        {addForm}
      </details>
      {children}
    </section>
  );
}

/**
 * A record's form on such a page: Add's (`intent=create`) or a row's Edit (`intent=edit`), with what the API said
 * when it refused the whole form. Fields come as children.
 */
export function DashboardRecordForm({
  action,
  editing,
  result,
  children,
}: {
  action: string;
  editing: boolean;
  result?: FormResult | undefined;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action} className={sheet.form}>
      <TransientKeyField />
      <input type="hidden" name="intent" value={editing ? "edit" : "create"} />
      {result?.message && !result.ok ? <FormAlert>{result.message}</FormAlert> : null}
      {children}
    </Form>
  );
}
