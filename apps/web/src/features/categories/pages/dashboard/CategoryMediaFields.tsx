import type { Category, PostType } from "@parley/contracts";
import { discussionTypes, type DiscussionType } from "@parley/contracts/categories-constants";
import { imageExtensions } from "@parley/contracts/uploads";
import { t } from "../../../../lib/i18n.ts";
import { CheckboxChoices } from "../../../../ui/forms/CheckboxChoices.tsx";
import { CheckboxField, SelectField, formStyles } from "../../../../ui/forms/Form.tsx";
import styles from "./CategoriesDashboard.module.css";

/** The post types as the form names them. */
const postTypeLabels = (): Record<DiscussionType, string> => ({
  discussion: t("Discussion"),
  question: t("Question"),
  idea: t("Idea"),
  poll: t("Poll"),
});

const accept = imageExtensions.map((extension) => `.${extension}`).join(",");

/**
 * "Allowed post types": a box per type, checked for those the category takes (all of them when it takes every type),
 * then a box per site's own post type (the post types add-on), checked for those it takes (`allowedPostTypeIDs`).
 * `kept`, `keptSiteTypes`: a refused submission's boxes.
 */
export function CategoryPostTypesField({
  category,
  kept,
  error,
  siteTypes,
  keptSiteTypes,
  siteTypesError,
}: {
  category: Category | undefined;
  kept: string[] | undefined;
  error: string | undefined;
  siteTypes: readonly PostType[];
  keptSiteTypes: string[] | undefined;
  siteTypesError: string | undefined;
}) {
  const siteChecked = keptSiteTypes ?? category?.allowedPostTypeIDs ?? [];
  const labels = postTypeLabels();
  const checked = kept ?? category?.allowedDiscussionTypes ?? discussionTypes;
  return (
    <fieldset className={styles.fieldset} aria-describedby="post-types-hint">
      <legend>{t("Allowed post types")}</legend>
      <div className={styles.choices}>
        <CheckboxChoices
          name="allowedDiscussionTypes"
          choices={discussionTypes.map((type) => ({ value: type, label: labels[type] }))}
          checked={checked}
        />
        <p id="post-types-hint" className={styles.note}>
          {t(
            "New discussions in this category can be of the checked types only; moving one of another type here is refused.",
          )}
        </p>
        {error ? <p className={formStyles.error}>{error}</p> : null}
        {siteTypes.length ? (
          <>
            <input type="hidden" name="postTypesOffered" value="1" />
            <CheckboxChoices
              name="allowedPostTypeIDs"
              choices={siteTypes.map((type) => ({ value: type.postTypeID, label: type.name }))}
              checked={siteChecked}
            />
            <p className={styles.note}>
              {t("The site's own post types are offered only in the categories checked here.")}
            </p>
            {siteTypesError ? <p className={formStyles.error}>{siteTypesError}</p> : null}
          </>
        ) : null}
        <SelectField
          label={t("Idea voting")}
          name="ideationType"
          defaultValue={category?.ideationType ?? "up"}
          options={[
            { value: "up", label: t("Up votes only") },
            { value: "up-down", label: t("Up and down votes") },
          ]}
          error={undefined}
        />
      </div>
    </fieldset>
  );
}

/** One image of the category (its icon or banner): what it is now, a file to replace it, and "Remove". */
function ImageField({
  name,
  label,
  current,
  remove,
  url,
  error,
}: {
  name: "icon" | "banner";
  label: string;
  /** The current image's text alternative, and the label of the box that removes it. */
  current: string;
  remove: string;
  url: string | null | undefined;
  error: string | undefined;
}) {
  const id = `category-${name}`;
  return (
    <div className={formStyles.field}>
      <label className={formStyles.label} htmlFor={id}>
        {label}
      </label>
      {url ? <img className={styles[name]} src={url} alt={current} /> : null}
      <input
        id={id}
        type="file"
        name={name}
        accept={accept}
        className={formStyles.input}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
      />
      <span id={`${id}-hint`} className={formStyles.hint}>
        {t("An image: jpg, png, gif or webp.")}
      </span>
      {error ? (
        <p id={`${id}-error`} className={formStyles.error}>
          {error}
        </p>
      ) : null}
      {url ? <CheckboxField label={remove} name={`remove-${name}`} /> : null}
    </div>
  );
}

/** The category's icon (beside it in the lists) and banner (at the top of its page), uploaded with the form. */
export function CategoryImageFields({
  category,
  errors,
}: {
  category: Category | undefined;
  errors: Record<string, string>;
}) {
  return (
    <>
      <ImageField
        name="icon"
        label={t("Icon")}
        current={t("Current icon")}
        remove={t("Remove the icon")}
        url={category?.iconUrl}
        error={errors["icon"]}
      />
      <ImageField
        name="banner"
        label={t("Banner")}
        current={t("Current banner")}
        remove={t("Remove the banner")}
        url={category?.bannerUrl}
        error={errors["banner"]}
      />
    </>
  );
}
