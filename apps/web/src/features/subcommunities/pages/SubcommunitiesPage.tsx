import { useSuspenseQuery } from "@tanstack/react-query";
import type { CategoryTreeItem, Subcommunity } from "@parley/contracts";
import { interfaceLocaleKeys } from "@parley/contracts/interface-locales";
import { subcommunitiesLimits } from "@parley/contracts/limits";
import { useEffect, useRef, type RefObject } from "react";
import { Form, useActionData, useLocation, useNavigation, useSearchParams } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { useSite } from "../../../lib/site.ts";
import { FormAlert, SelectField, SubmitButton, TextField } from "../../../ui/forms/Form.tsx";
import { EmptyState } from "../../../ui/empty-state/EmptyState.tsx";
import { FileTextIcon } from "../../../ui/icons/more.tsx";
import { DashboardRowActions } from "../../../ui/page/DashboardRowActions.tsx";
import sheet from "../../../ui/page/DashboardTable.module.css";
import { categoryListQuery } from "../../categories/index.ts";
import {
  sectionCategoryTree,
  sectionThemesQuery,
  subcommunitiesPath,
  subcommunitiesQuery,
} from "../subcommunities.queries.ts";

const hidden = (name: string, value: string) => <input type="hidden" name={name} value={value} />;

interface Choices {
  categories: ReadonlyArray<{ value: string; label: string }>;
  locales: ReadonlyArray<{ value: string; label: string }>;
  themes: ReadonlyArray<{ value: string; label: string }>;
}

/** Each category with its depth shown by indentation, in the tree's order. */
const flatten = (items: readonly CategoryTreeItem[], depth = 0): Array<{ value: string; label: string }> =>
  items.flatMap((item) => [
    { value: String(item.categoryID), label: `${"\u00a0\u00a0".repeat(depth)}${item.name}` },
    ...flatten(item.children ?? [], depth + 1),
  ]);

/** A locale's own name with its code ('Français (fr)'); an unknown tag as itself. */
function localeName(locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: "language" }).of(locale) ?? locale;
    return `${name.charAt(0).toLocaleUpperCase(locale)}${name.slice(1)} (${locale})`;
  } catch {
    return locale;
  }
}

/** A section's fields: to add one (no `section`) or edit it; a refused post's values and errors shown again. */
function SectionForm({
  section,
  action,
  busy,
  result,
  choices,
  formRef,
}: {
  section?: Subcommunity;
  action: string;
  busy: boolean;
  result?: FormResult | undefined;
  choices: Choices;
  formRef?: RefObject<HTMLFormElement | null>;
}) {
  const value = (field: string, fallback: string) => result?.values?.[field] ?? fallback;
  const error = (field: string) => result?.errors?.[field];
  const idPrefix = section ? `section-${section.subcommunityID}` : "new-section";
  const withCurrent = (options: Choices["locales"], current: string) =>
    current && !options.some((option) => option.value === current)
      ? [...options, { value: current, label: current }]
      : options;
  return (
    <Form
      ref={formRef}
      method="post"
      action={action}
      className={sheet.form}
      {...(section
        ? { "aria-label": t("Edit “{name}”", { name: section.name }) }
        : { "aria-labelledby": "add-subcommunity" })}
    >
      {result?.message && !result.ok ? <FormAlert>{result.message}</FormAlert> : null}
      <TransientKeyField />
      {hidden("intent", section ? "edit" : "create")}
      {section ? hidden("subcommunityID", String(section.subcommunityID)) : null}
      {section?.themeID ? hidden("previousThemeID", section.themeID) : null}
      <TextField
        label={t("Name")}
        name="name"
        id={`${idPrefix}-name`}
        required
        maxLength={subcommunitiesLimits.nameMaxLength}
        hint={t("What the title bar's picker and the section's home call it.")}
        defaultValue={value("name", section?.name ?? "")}
        error={error("name")}
      />
      <TextField
        label={t("Folder")}
        name="folder"
        id={`${idPrefix}-folder`}
        required
        maxLength={subcommunitiesLimits.folderMaxLength}
        hint={t(
          "The start of its pages' addresses, such as en for /en/discussions: lowercase letters, digits and hyphens.",
        )}
        defaultValue={value("folder", section?.folder ?? "")}
        error={error("folder")}
      />
      <SelectField
        label={t("Category")}
        name="categoryID"
        id={`${idPrefix}-category`}
        required
        hint={t("Its lists show this category and the categories under it.")}
        defaultValue={value("categoryID", section ? String(section.categoryID) : "")}
        options={[{ value: "", label: t("Choose a category") }, ...choices.categories]}
        error={error("categoryID")}
      />
      <SelectField
        label={t("Locale")}
        name="locale"
        id={`${idPrefix}-locale`}
        defaultValue={value("locale", section?.locale ?? "")}
        options={[{ value: "", label: t("The site's") }, ...withCurrent(choices.locales, section?.locale ?? "")]}
        error={error("locale")}
      />
      <SelectField
        label={t("Theme")}
        name="themeID"
        id={`${idPrefix}-theme`}
        defaultValue={value("themeID", section?.themeID ?? "")}
        options={[{ value: "", label: t("The site's") }, ...withCurrent(choices.themes, section?.themeID ?? "")]}
        error={error("themeID")}
      />
      <TextField
        label={t("Order")}
        name="sort"
        id={`${idPrefix}-sort`}
        type="number"
        min={0}
        inputMode="numeric"
        hint={t("Its place in the title bar's picker: lower first.")}
        defaultValue={value("sort", section ? String(section.sort) : "")}
        error={error("sort")}
      />
      <SubmitButton busy={busy}>{section ? t("Save") : t("Add Subcommunity")}</SubmitButton>
    </Form>
  );
}

function SectionRow({
  section,
  action,
  busy,
  result,
  choices,
  editing: editingByAddress,
}: {
  section: Subcommunity;
  action: string;
  busy: boolean;
  result?: FormResult | undefined;
  choices: Choices;
  editing: boolean;
}) {
  const mine = result && result.values?.["subcommunityID"] === String(section.subcommunityID) ? result : undefined;
  const refused = mine && !mine.ok && mine.values?.["intent"] === "edit" ? mine : undefined;
  const confirming = mine?.values?.["confirm"] === "delete";
  const label = (options: Choices["locales"], key: string) =>
    options.find((option) => option.value === key)?.label.trim() ?? key;
  return (
    <tr aria-label={section.name}>
      <th scope="row" className={sheet.name}>
        {section.name}
      </th>
      <td data-label={t("Address")}>
        <a href={section.basePath}>{section.basePath}</a>
      </td>
      <td data-label={t("Category")}>
        {section.categoryExists ? (
          label(choices.categories, String(section.categoryID))
        ) : (
          // Deleted since: the section shows nothing until it is given another category or removed.
          <strong className={sheet.off} data-part="category-gone">
            {t("Its root category no longer exists.")}
          </strong>
        )}
      </td>
      <td data-label={t("Locale")}>{section.locale ? label(choices.locales, section.locale) : t("The site's")}</td>
      <td data-label={t("Theme")}>{section.themeID ? label(choices.themes, section.themeID) : t("The site's")}</td>
      <DashboardRowActions
        name={section.name}
        action={action}
        busy={busy}
        editing={refused !== undefined || editingByAddress}
        editForm={<SectionForm section={section} action={action} busy={busy} result={refused} choices={choices} />}
        hidden={{ subcommunityID: String(section.subcommunityID), name: section.name }}
        confirming={confirming}
        confirmText={t("Delete “{name}”? Its address {path} leads nowhere then; its category and posts stay.", {
          name: section.name,
          path: section.basePath,
        })}
        failure={mine && !mine.ok && !refused ? mine.message : undefined}
      />
    </tr>
  );
}

/**
 * `/dashboard/subcommunities` (Appearance, issue 40): the site's sections, each edited in place; a form adds one. A
 * section is a folder of addresses over a category, with a locale, a theme and a home layout of its own.
 */
export function SubcommunitiesPage() {
  const api = useApi();
  const location = useLocation();
  const [search] = useSearchParams();
  const { contentLocales } = useSite();
  const { data: sections } = useSuspenseQuery(subcommunitiesQuery(api));
  const { data: tree } = useSuspenseQuery(categoryListQuery(api, sectionCategoryTree));
  const { data: themes } = useSuspenseQuery(sectionThemesQuery(api));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const action = location.pathname + location.search;
  const deleted = search.get("deleted");
  const editID = search.get("edit");
  const adding = result && !result.ok && result.values?.["intent"] === "create" ? result : undefined;
  // Added: the form is empty again for the next one (without JavaScript the page comes back with it empty).
  const addForm = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result?.ok && result.values?.["intent"] === "create") addForm.current?.reset();
  }, [result]);
  const choices: Choices = {
    categories: flatten(tree),
    locales: [...new Set([...interfaceLocaleKeys, ...contentLocales])].map((locale) => ({
      value: locale,
      label: localeName(locale),
    })),
    themes: themes.map((theme) => ({ value: theme.themeID, label: theme.name })),
  };
  return (
    <section className={sheet.page} aria-labelledby="subcommunities-title">
      <PageHead title={t("Subcommunities")} canonical={subcommunitiesPath} noindex />
      <h1 id="subcommunities-title" className={sheet.title}>
        {t("Subcommunities")}
      </h1>
      <p className={sheet.intro}>
        {t(
          "Sections of the forum at addresses of their own, such as /en: each shows one category and those under it, in its own language and theme. The title bar offers them all.",
        )}
      </p>
      {result?.ok && result.message ? <FormAlert kind="success">{result.message}</FormAlert> : null}
      {deleted ? <FormAlert kind="success">{t("“{name}” has been deleted.", { name: deleted })}</FormAlert> : null}
      {sections.length === 0 ? (
        <EmptyState
          icon={<FileTextIcon size={32} strokeWidth={1.5} />}
          link={{ href: "#add-subcommunity", label: t("Add Subcommunity") }}
        >
          {t("No subcommunities yet. Add the first one below.")}
        </EmptyState>
      ) : (
        <table className={sheet.table}>
          <caption className="visually-hidden">{t("Subcommunities")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("Subcommunity")}</th>
              <th scope="col">{t("Address")}</th>
              <th scope="col">{t("Category")}</th>
              <th scope="col">{t("Locale")}</th>
              <th scope="col">{t("Theme")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("Edit")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sections.map((section) => (
              <SectionRow
                key={section.subcommunityID}
                section={section}
                action={action}
                busy={busy}
                result={result}
                choices={choices}
                editing={editID === String(section.subcommunityID)}
              />
            ))}
          </tbody>
        </table>
      )}
      <h2 id="add-subcommunity">{t("Add Subcommunity")}</h2>
      <SectionForm action={action} busy={busy} result={adding} choices={choices} formRef={addForm} />
    </section>
  );
}
