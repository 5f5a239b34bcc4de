import type { KnowledgeBase, KnowledgeCategory } from "@parley/contracts";
import { knowledgeRules } from "@parley/contracts/knowledge-constants";
import { Form, Link } from "react-router";
import type { FormResult } from "../../../../lib/forms.ts";
import { currentLocale, t } from "../../../../lib/i18n.ts";
import { TransientKeyField } from "../../../../lib/session.tsx";
import { Button } from "../../../../ui/button/Button.tsx";
import { ConfirmAction } from "../../../../ui/confirm/ConfirmAction.tsx";
import { FormAlert, SelectField, SubmitButton, TextField } from "../../../../ui/forms/Form.tsx";
import { categoryTree, flattenTree, type CategoryNode } from "../../knowledge.dashboard.form.ts";
import { knowledgeBaseEditPath } from "../../knowledge.dashboard.queries.ts";
import styles from "./KnowledgeDashboard.module.css";

interface PanelProps {
  action: string;
  busy: boolean;
  /** The last answer of the page's action, when it was about one category (or the add form). */
  result: FormResult | undefined;
}

/** A small form posting one intent about one category (a move, a first delete step). */
function CategoryButton({
  category,
  intent,
  label,
  action,
  busy,
}: {
  category: KnowledgeCategory;
  intent: string;
  label: string;
  action: string;
  busy: boolean;
}) {
  return (
    <Form method="post" action={action}>
      <TransientKeyField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="knowledgeCategoryID" value={category.knowledgeCategoryID} />
      <input type="hidden" name="categoryName" value={category.name} />
      <Button type="submit" buttonType="standard" size="compact" isPending={busy}>
        {label}
      </Button>
    </Form>
  );
}

/** The deletion's second step: what will happen, and the button that does it. */
function CategoryDeleteConfirmation({
  base,
  name,
  id,
  busy,
}: {
  base: KnowledgeBase;
  name: string;
  id: string;
  busy: boolean;
}) {
  const action = knowledgeBaseEditPath(base.knowledgeBaseID);
  return (
    <ConfirmAction
      id="kb-category-confirm"
      title={t("Delete “{name}”?", { name })}
      text={t("Only an empty category can be deleted: one with articles or child categories is refused.")}
      fields={{ intent: "delete-category", knowledgeCategoryID: id, categoryName: name }}
      cancelTo={action}
      action={action}
      busy={busy}
      headingLevel={3}
    />
  );
}

/** One category: its name and articles, its rename disclosure, its moves and its delete; then its children. */
function CategoryItem({
  node,
  index,
  count,
  action,
  busy,
  result,
}: PanelProps & { node: CategoryNode; index: number; count: number }) {
  const { category } = node;
  const id = String(category.knowledgeCategoryID);
  const mine = result?.values?.["knowledgeCategoryID"] === id ? result : undefined;
  const renaming = mine && !mine.ok && mine.values?.["intent"] === "rename-category" ? mine : undefined;
  const headingID = `kb-category-${id}`;
  return (
    <li className={styles.category} aria-labelledby={headingID}>
      <div className={styles.categoryRow}>
        <div className={styles.about}>
          <Link
            id={headingID}
            to={new URL(category.url, "http://parley.invalid").pathname}
            className={styles.categoryName}
          >
            {category.name}
          </Link>{" "}
          <span className={styles.note}>
            {category.countArticlesRecursive === 1
              ? t("1 article")
              : t("{count} articles", { count: category.countArticlesRecursive.toLocaleString(currentLocale()) })}
          </span>
        </div>
        <div className={styles.actions}>
          {index > 0 ? (
            <CategoryButton
              category={category}
              intent="move-up"
              label={t("Move “{name}” up", { name: category.name })}
              {...{ action, busy }}
            />
          ) : null}
          {index < count - 1 ? (
            <CategoryButton
              category={category}
              intent="move-down"
              label={t("Move “{name}” down", { name: category.name })}
              {...{ action, busy }}
            />
          ) : null}
          <CategoryButton
            category={category}
            intent="delete-category"
            label={t("Delete “{name}”…", { name: category.name })}
            {...{ action, busy }}
          />
        </div>
      </div>
      {mine && !mine.ok && mine.message ? <FormAlert>{mine.message}</FormAlert> : null}
      {/* Keyed by the name: once renamed, the disclosure starts closed again. */}
      <details key={category.name} className={styles.rename} open={renaming ? true : undefined}>
        <summary>{t("Rename “{name}”", { name: category.name })}</summary>
        <Form method="post" action={action} className={styles.row}>
          <TransientKeyField />
          <input type="hidden" name="intent" value="rename-category" />
          <input type="hidden" name="knowledgeCategoryID" value={id} />
          <TextField
            label={t("New name of “{name}”", { name: category.name })}
            name="name"
            required
            maxLength={knowledgeRules.nameMaxLength}
            defaultValue={renaming?.values?.["name"] ?? category.name}
            error={renaming?.errors?.["name"]}
          />
          <SubmitButton busy={busy}>{t("Rename")}</SubmitButton>
        </Form>
      </details>
      {node.children.length > 0 ? (
        <ul className={styles.categories}>
          {node.children.map((child, childIndex) => (
            <CategoryItem
              key={child.category.knowledgeCategoryID}
              node={child}
              index={childIndex}
              count={node.children.length}
              {...{ action, busy, result }}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** A base's categories as a nested list, in the readers' order, and the form that adds one. */
export function KnowledgeCategoriesPanel({
  base,
  categories,
  action,
  busy,
  result,
}: PanelProps & { base: KnowledgeBase; categories: KnowledgeCategory[] }) {
  const tree = categoryTree(categories, base.rootCategoryID);
  const adding = result && !result.ok && result.values?.["intent"] === "add-category" ? result : undefined;
  const confirming = result?.values?.["confirm"] === "delete-category" ? result.values : undefined;
  // Categories nest at most knowledgeRules.maxCategoryDepth deep: the deepest cannot take a child.
  const parents = flattenTree(tree).filter((node) => node.depth < knowledgeRules.maxCategoryDepth);
  return (
    <section className={styles.panel} aria-labelledby="kb-categories">
      <h2 id="kb-categories" className={styles.panelTitle}>
        {t("Categories")}
      </h2>
      {confirming ? (
        <CategoryDeleteConfirmation
          base={base}
          name={confirming["categoryName"] ?? ""}
          id={confirming["knowledgeCategoryID"] ?? ""}
          busy={busy}
        />
      ) : null}
      {tree.length === 0 ? (
        <p className={styles.note}>{t("No category yet: articles sit at the base’s top level.")}</p>
      ) : (
        <ul className={`${styles.categories} ${styles.topCategories}`}>
          {tree.map((node, index) => (
            <CategoryItem
              key={node.category.knowledgeCategoryID}
              node={node}
              index={index}
              count={tree.length}
              {...{ action, busy, result }}
            />
          ))}
        </ul>
      )}
      <h3 id="kb-category-add" className={styles.subTitle}>
        {t("Add Category")}
      </h3>
      {adding?.message ? <FormAlert>{adding.message}</FormAlert> : null}
      {/* Keyed by the count: a category added empties the form (a refused one keeps what was typed). */}
      <Form
        key={categories.length}
        method="post"
        action={action}
        className={styles.row}
        aria-labelledby="kb-category-add"
      >
        <TransientKeyField />
        <input type="hidden" name="intent" value="add-category" />
        <TextField
          label={t("Category name")}
          name="name"
          required
          maxLength={knowledgeRules.nameMaxLength}
          defaultValue={adding?.values?.["name"] ?? ""}
          error={adding?.errors?.["name"]}
        />
        <SelectField
          label={t("Parent")}
          name="parentID"
          defaultValue={adding?.values?.["parentID"] ?? String(base.rootCategoryID)}
          options={[
            { value: String(base.rootCategoryID), label: t("(top level)") },
            ...parents.map((node) => ({
              value: String(node.category.knowledgeCategoryID),
              label: `${"— ".repeat(node.depth)}${node.category.name}`,
            })),
          ]}
          error={adding?.errors?.["parentID"]}
        />
        <SubmitButton busy={busy}>{t("Add Category")}</SubmitButton>
      </Form>
    </section>
  );
}
