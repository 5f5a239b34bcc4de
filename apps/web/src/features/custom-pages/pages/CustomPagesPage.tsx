import { useSuspenseQuery } from "@tanstack/react-query";
import type { CustomPage } from "@parley/contracts";
import { customPagesLimits } from "@parley/contracts/limits";
import { Form, useActionData, useLocation, useNavigation, useSearchParams } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import {
  CheckboxField,
  FormAlert,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from "../../../ui/forms/Form.tsx";
import { EmptyState } from "../../../ui/empty-state/EmptyState.tsx";
import { FileTextIcon } from "../../../ui/icons/more.tsx";
import { DashboardRowActions } from "../../../ui/page/DashboardRowActions.tsx";
import sheet from "../../../ui/page/DashboardTable.module.css";
import { customPagesPath, customPagesQuery, layoutEditorPath, pageRolesQuery } from "../custom-pages.queries.ts";
import styles from "./CustomPagesPage.module.css";

const hidden = (name: string, value: string) => <input type="hidden" name={name} value={value} />;

/** A page's fields: to add one (no `page`) or edit it; a refused post's values and errors shown again. */
function PageForm({
  page,
  action,
  busy,
  result,
  roles,
}: {
  page?: CustomPage;
  action: string;
  busy: boolean;
  result?: FormResult | undefined;
  roles: ReadonlyArray<{ roleID: number; name: string }>;
}) {
  const value = (field: string, fallback: string) => result?.values?.[field] ?? fallback;
  const error = (field: string) => result?.errors?.[field];
  const chosenRoles = (result?.values?.["roleIDs"] ?? page?.roleIDs.join(",") ?? "").split(",").filter(Boolean);
  const idPrefix = page ? `page-${page.customPageID}` : "new-page";
  return (
    <Form method="post" action={action} className={sheet.form}>
      {result?.message && !result.ok ? <FormAlert>{result.message}</FormAlert> : null}
      <TransientKeyField />
      {hidden("intent", page ? "edit" : "create")}
      {page ? hidden("customPageID", String(page.customPageID)) : null}
      <TextField
        label={t("Title")}
        name="seoTitle"
        id={`${idPrefix}-title`}
        required
        maxLength={customPagesLimits.seoTitleMaxLength}
        hint={t("The page's heading and its title in search results.")}
        defaultValue={value("seoTitle", page?.seoTitle ?? "")}
        error={error("seoTitle")}
      />
      <TextField
        label={t("Address")}
        name="urlcode"
        id={`${idPrefix}-address`}
        required
        maxLength={customPagesLimits.urlcodeMaxLength}
        hint={t("Such as /about or /help/rules: lowercase letters, digits and hyphens, not an address the forum uses.")}
        defaultValue={value("urlcode", page?.urlcode ?? "")}
        error={error("urlcode")}
      />
      <TextAreaField
        label={t("Description")}
        name="seoDescription"
        id={`${idPrefix}-description`}
        maxLength={customPagesLimits.seoDescriptionMaxLength}
        hint={t("What search engines and link previews show under the title.")}
        defaultValue={value("seoDescription", page?.seoDescription ?? "")}
        error={error("seoDescription")}
      />
      <SelectField
        label={t("Status")}
        name="status"
        id={`${idPrefix}-status`}
        hint={t("Only site managers see an unpublished page.")}
        defaultValue={value("status", page?.status ?? "unpublished")}
        options={[
          { value: "unpublished", label: t("Not published") },
          { value: "published", label: t("Published") },
        ]}
        error={error("status")}
      />
      <fieldset className={styles.roles}>
        <legend>{t("Who may see it")}</legend>
        <p className={sheet.intro}>{t("None chosen: everyone who may see the forum.")}</p>
        {roles.map((role) => (
          <CheckboxField
            key={role.roleID}
            label={role.name}
            name="roleIDs"
            value={String(role.roleID)}
            defaultChecked={chosenRoles.includes(String(role.roleID))}
          />
        ))}
        {error("roleIDs") ? <FormAlert>{error("roleIDs")}</FormAlert> : null}
      </fieldset>
      <CheckboxField
        label={t("Show in the title bar's navigation")}
        name="showInNavigation"
        defaultChecked={value("showInNavigation", page?.showInNavigation ? "1" : "") === "1"}
      />
      <SubmitButton busy={busy}>{page ? t("Save") : t("Add Page")}</SubmitButton>
    </Form>
  );
}

function PageRow({
  page,
  action,
  busy,
  result,
  roles,
  editing: editingByAddress,
}: {
  page: CustomPage;
  action: string;
  busy: boolean;
  result?: FormResult | undefined;
  roles: ReadonlyArray<{ roleID: number; name: string }>;
  editing: boolean;
}) {
  const mine = result && result.values?.["customPageID"] === String(page.customPageID) ? result : undefined;
  const refused = mine && !mine.ok && mine.values?.["intent"] === "edit" ? mine : undefined;
  const confirming = mine?.values?.["confirm"] === "delete";
  const published = page.status === "published";
  return (
    <tr aria-label={page.seoTitle}>
      <th scope="row" className={sheet.name}>
        <span>{page.seoTitle}</span>
        {page.seoDescription ? <span className={sheet.facts}>{page.seoDescription}</span> : null}
      </th>
      <td data-label={t("Address")}>
        <code>{page.urlcode}</code>
      </td>
      <td data-label={t("Status")}>
        <span className={`${sheet.status} ${published ? sheet.on : sheet.off}`}>
          {published ? t("Published") : t("Not published")}
        </span>
        {page.roleIDs.length ? (
          <span className={sheet.facts}>
            {" "}
            {t("Limited to: {roles}", {
              roles: page.roleIDs.map((id) => roles.find((role) => role.roleID === id)?.name ?? id).join(", "),
            })}
          </span>
        ) : null}
      </td>
      <td data-label={t("Links")} className={styles.links}>
        <a href={page.urlcode}>{t("View page")}</a>
        <a href={layoutEditorPath(page.layoutID)}>{t("Edit layout")}</a>
      </td>
      <DashboardRowActions
        name={page.seoTitle}
        action={action}
        busy={busy}
        editing={refused !== undefined || editingByAddress}
        editForm={<PageForm page={page} action={action} busy={busy} result={refused} roles={roles} />}
        hidden={{ customPageID: String(page.customPageID), name: page.seoTitle }}
        confirming={confirming}
        confirmText={t("Delete “{name}”? Its address shows “Page Not Found” and its layout is deleted with it.", {
          name: page.seoTitle,
        })}
        failure={mine && !mine.ok && !refused ? mine.message : undefined}
      />
    </tr>
  );
}

/** `/dashboard/pages` (Appearance): the custom pages by address, each edited in place; a form adds one. */
export function CustomPagesPage() {
  const api = useApi();
  const location = useLocation();
  const [search] = useSearchParams();
  const { data: pages } = useSuspenseQuery(customPagesQuery(api));
  const { data: roles } = useSuspenseQuery(pageRolesQuery(api));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const action = location.pathname + location.search;
  const deleted = search.get("deleted");
  const editID = search.get("edit");
  const adding = result && !result.ok && result.values?.["intent"] === "create" ? result : undefined;
  return (
    <section className={sheet.page} aria-labelledby="custom-pages-title">
      <PageHead title={t("Pages")} canonical={customPagesPath} noindex />
      <h1 id="custom-pages-title" className={sheet.title}>
        {t("Pages")}
      </h1>
      <p className={sheet.intro}>
        {t(
          "Pages of your own at addresses you choose, such as /about. Each has a layout of its own: add its content with Edit layout.",
        )}
      </p>
      {result?.ok && result.message ? <FormAlert kind="success">{result.message}</FormAlert> : null}
      {deleted ? <FormAlert kind="success">{t("“{name}” has been deleted.", { name: deleted })}</FormAlert> : null}
      {pages.length === 0 ? (
        <EmptyState
          icon={<FileTextIcon size={32} strokeWidth={1.5} />}
          link={{ href: "#add-page", label: t("Add Page") }}
        >
          {t("No pages yet. Add the first one below.")}
        </EmptyState>
      ) : (
        <table className={sheet.table}>
          <caption className="visually-hidden">{t("Pages")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("Page")}</th>
              <th scope="col">{t("Address")}</th>
              <th scope="col">{t("Status")}</th>
              <th scope="col">{t("Links")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("Edit")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {pages.map((page) => (
              <PageRow
                key={page.customPageID}
                page={page}
                action={action}
                busy={busy}
                result={result}
                roles={roles}
                editing={editID === String(page.customPageID)}
              />
            ))}
          </tbody>
        </table>
      )}
      <h2 id="add-page">{t("Add Page")}</h2>
      <PageForm action={action} busy={busy} result={adding} roles={roles} />
    </section>
  );
}
