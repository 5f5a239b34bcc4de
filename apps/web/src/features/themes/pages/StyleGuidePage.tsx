import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { EmptyState } from "../../../ui/empty-state/EmptyState.tsx";
import { Button, ButtonLink, type ButtonType } from "../../../ui/button/Button.tsx";
import { CountBadge } from "../../../ui/count-badge/CountBadge.tsx";
import { CheckboxField, FormAlert, SelectField, TextAreaField, TextField } from "../../../ui/forms/Form.tsx";
import { Loader } from "../../../ui/loader/Loader.tsx";
import { Skeleton } from "../../../ui/skeleton/Skeleton.tsx";
import { UserPhoto } from "../../../ui/user-photo/UserPhoto.tsx";
import { styleGuidePath } from "../themes.queries.ts";
import styles from "./StyleGuidePage.module.css";
import { CommentIcon } from "../../../ui/icons/more.tsx";

/** The theme's colours, as the theme editor and the presets set them. */
const COLOURS = [
  "--color-primary",
  "--color-primary-dark",
  "--color-primary-contrast",
  "--color-fg",
  "--color-muted",
  "--color-bg",
  "--color-surface",
  "--color-border",
  "--color-error",
  "--title-bar-bg",
  "--title-bar-fg",
] as const;

/** The type scale, smallest first. */
const TYPE_SCALE = [
  "--font-size-extra-small",
  "--font-size-small",
  "--font-size-medium",
  "--font-size-large",
  "--font-size-subtitle",
  "--font-size-title",
  "--font-size-large-title",
] as const;

const BUTTON_TYPES: ButtonType[] = ["primary", "standard", "outline", "text", "transparent"];

/** Members as lists and posts show them: the letter avatar the server draws from a name, and a guest's silhouette. */
const FACES = [
  { name: "Alice Moreau", photoUrl: "/avatars/letter/2/A.svg" },
  { name: "Chen Wei", photoUrl: "/avatars/letter/10/C.svg" },
  { name: "Emeka", photoUrl: "/avatars/letter/6/E.svg" },
  { name: "Guest", photoUrl: null },
];

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * `/dashboard/style-guide`: every primitive of the design system as the current theme draws it (spec §2 names style
 * guides): colours, type, buttons, form controls, avatars, badges, loading and empty states. Changing the theme
 * changes this page, so an operator sees at once what a new brand colour does everywhere.
 */
export function StyleGuidePage() {
  return (
    <section className={styles.page} aria-labelledby="style-guide-title">
      <PageHead title={t("Style Guide")} canonical={styleGuidePath} noindex />
      <h1 id="style-guide-title" className={styles.title}>
        {t("Style Guide")}
      </h1>
      <p className={styles.lead}>{t("The building blocks of every page, drawn with the current theme's variables.")}</p>

      <Section id="style-colours" title={t("Colors")}>
        <ul className={styles.swatches}>
          {COLOURS.map((variable) => (
            <li key={variable} className={styles.swatch}>
              <span className={styles.chip} style={{ background: `var(${variable})` }} aria-hidden="true" />
              <code>{variable}</code>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="style-type" title={t("Type")}>
        <ul className={styles.scale}>
          {TYPE_SCALE.map((variable) => (
            <li key={variable} style={{ fontSize: `var(${variable})` }}>
              {t("The quick brown fox")} <code className={styles.note}>{variable}</code>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="style-buttons" title={t("Buttons")}>
        <p className={styles.note}>{t("One primary action per page; links only for navigation.")}</p>
        <div className={styles.row}>
          {BUTTON_TYPES.map((type) => (
            <Button key={type} buttonType={type}>
              {type}
            </Button>
          ))}
          <Button buttonType="primary" isDisabled>
            {t("Disabled")}
          </Button>
          <Button buttonType="primary" isPending>
            {t("Saving")}
          </Button>
          <ButtonLink buttonType="primary" to={styleGuidePath}>
            {t("A link that looks like a button")}
          </ButtonLink>
        </div>
        <div className={styles.row}>
          <Button size="medium">{t("Medium")}</Button>
          <Button size="compact">{t("Compact")}</Button>
        </div>
      </Section>

      <Section id="style-forms" title={t("Form controls")}>
        <form className={styles.form} onSubmit={(event) => event.preventDefault()}>
          <TextField label={t("Title")} name="title" hint={t("A hint under the field.")} defaultValue="" />
          <TextField label={t("E-mail")} name="email" type="email" error={t("Enter a valid e-mail address.")} />
          <SelectField
            label={t("Category")}
            name="category"
            options={[
              { value: "1", label: t("General Discussion") },
              { value: "2", label: t("Help & Support") },
            ]}
          />
          <TextAreaField label={t("Body")} name="body" rows={3} />
          <CheckboxField label={t("Notify me of replies")} name="notify" defaultChecked />
          <FormAlert>{t("A message about the whole form.")}</FormAlert>
          <FormAlert kind="success">{t("Your changes have been saved.")}</FormAlert>
        </form>
      </Section>

      <Section id="style-avatars" title={t("Avatars")}>
        <p className={styles.note}>
          {t("A member without a photo has the first letter of their name on a colour of it.")}
        </p>
        {(["xsmall", "small", "medium", "large"] as const).map((size) => (
          <div key={size} className={styles.row}>
            {FACES.map((face) => (
              <UserPhoto key={face.name} name={face.name} photoUrl={face.photoUrl} size={size} />
            ))}
          </div>
        ))}
      </Section>

      <Section id="style-badges" title={t("Badges")}>
        <div className={styles.row}>
          <span className={styles.badgeDemo}>
            {t("Notifications")} <CountBadge count={3} label={t("{count} unread notifications", { count: 3 })} />
          </span>
          <span className={styles.badgeDemo}>
            {t("Messages")} <CountBadge count={120} label={t("{count} unread messages", { count: 120 })} />
          </span>
        </div>
      </Section>

      <Section id="style-loading" title={t("Loading")}>
        <div className={styles.row}>
          <Loader delay={0} />
          <Skeleton circle width={40} height={40} />
          <div className={styles.skeletonText}>
            <Skeleton width="60%" />
            <Skeleton width="90%" />
          </div>
        </div>
      </Section>

      <Section id="style-empty" title={t("Empty states")}>
        <EmptyState
          icon={<CommentIcon size={32} strokeWidth={1.5} />}
          action={
            <ButtonLink buttonType="primary" to="/post/discussion">
              {t("New Discussion")}
            </ButtonLink>
          }
        >
          {t("No discussions were found.")}
        </EmptyState>
      </Section>
    </section>
  );
}
