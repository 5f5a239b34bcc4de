import { useEffect, useMemo, useState } from "react";
import { Form } from "react-router";
import type { ButtonShape, Theme, ThemePreset } from "@parley/contracts";
import type { FontStack } from "@parley/contracts/theme-css";
import { limits } from "@parley/contracts/limits";
import type { FormResult } from "../../../lib/forms.ts";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { buttonLook } from "../../../ui/button/Button.tsx";
import { formStyles, SelectField, TextAreaField, TextField } from "../../../ui/forms/Form.tsx";
import { useHydrated } from "../../../ui/hydrated.ts";
import { UnsavedChangesModal } from "../../../ui/modal/UnsavedChangesModal.tsx";
import {
  buttonPresets,
  buttonShapes,
  colorFields,
  CUSTOM_FONT,
  editorCssProperties,
  editorPalette,
  editorValues,
  fontStackNames,
  hasUnsavedChanges,
  radiusSizes,
  themePresets,
  type ColorFieldName,
  type EditorFieldName,
  type ThemeEditorValues,
} from "../theme-editor.form.ts";
import { useSite } from "../../../lib/site.ts";
import { themeEditorPath } from "../themes.queries.ts";
import { ColorField } from "./ColorField.tsx";
import { ThemeMiniature } from "./ThemeMiniature.tsx";
import { useLeaveGuard } from "../../../lib/useLeaveGuard.ts";
import styles from "./ThemeEditorForm.module.css";

/** The fields' labels, in the interface's language. */
const colorLabels = (): Record<ColorFieldName, string> => ({
  primary: t("Primary Color"),
  bg: t("Background Color"),
  fg: t("Text Color"),
  titleBarBg: t("Title Bar Background"),
  titleBarFg: t("Title Bar Text"),
  link: t("Link Color"),
});
const presetLabels = (): Record<ThemePreset, string> => ({ light: t("Light"), dark: t("Dark") });
const fontLabels = (): Record<FontStack, string> => ({
  openSans: t("Open Sans (bundled)"),
  system: t("System UI"),
  humanist: t("Humanist sans-serif"),
  serif: t("Serif"),
  monospace: t("Monospace"),
});
const buttonPresetLabels = (): Record<string, string> => ({
  solid: t("Filled"),
  outline: t("Outlined"),
  transparent: t("Text only"),
  advanced: t("Custom colors"),
  hide: t("Filled (choice hidden)"),
});
const buttonShapeLabels = (): Record<ButtonShape, string> => ({
  rounded: t("Rounded (the corner radius)"),
  square: t("Square"),
  pill: t("Pill"),
});
const radiusLabels = (): Record<keyof typeof radiusSizes, string> => ({
  none: t("None"),
  small: t("Small"),
  medium: t("Medium"),
  large: t("Large"),
});

/** A menu's options, plus the value as saved when it is none of them (kept, not lost on save). */
const withCurrent = (options: Array<{ value: string; label: string }>, value: string, label: string) =>
  value && !options.some((option) => option.value === value) ? [...options, { value, label }] : options;

/**
 * The editor's form (one per saved revision: a save or a restore starts it again): the name, a name for
 * the new revision, the preset and the colours beside a live miniature; Save (a new revision), Preview
 * (the theme as last saved) and Apply. A plain form post without JavaScript.
 */
export function ThemeEditorForm({
  theme,
  result,
  busy,
}: {
  theme: Theme;
  result: FormResult | undefined;
  busy: boolean;
}) {
  const saved = useMemo(() => editorValues(theme), [theme]);
  const hydrated = useHydrated();
  // The values a refused post sent come back in the server's page (without JavaScript); in the
  // browser the form keeps its own, and a form started again (after a save) starts from the saved ones.
  const [values, setValues] = useState<ThemeEditorValues>(() =>
    !hydrated && result?.values && "name" in result.values ? { ...saved, ...result.values } : saved,
  );
  const dirty = hasUnsavedChanges(values, saved);
  const guard = useLeaveGuard(dirty);
  const { reset } = guard;
  // The page answered without leaving (a refusal): the next navigation is guarded again.
  useEffect(() => reset(), [result, reset]);
  const palette = useMemo(() => editorPalette(values, theme.assets.variables.data), [values, theme]);
  const properties = useMemo(() => editorCssProperties(values, theme.assets.variables.data), [values, theme]);
  const site = useSite();
  const fontOptions = (empty: string, value: string) =>
    withCurrent(
      [{ value: "", label: empty }, ...fontStackNames.map((stack) => ({ value: stack, label: fontLabels()[stack] }))],
      value,
      value === CUSTOM_FONT ? t("The theme's own fonts") : value,
    );
  const set = (name: EditorFieldName) => (value: string) => setValues((previous) => ({ ...previous, [name]: value }));
  const error = (name: EditorFieldName) => result?.errors?.[name];
  return (
    <>
      <Form
        method="post"
        action={themeEditorPath(theme.themeID)}
        className={styles.editor}
        onSubmit={(event) => {
          // Saving keeps the edits; the other buttons leave them behind and ask first.
          if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === "save") guard.allow();
        }}
      >
        <TransientKeyField />
        <div className={`${formStyles.form} ${styles.fields}`}>
          <TextField
            label={t("Theme Name")}
            name="name"
            value={values.name}
            onChange={(event) => set("name")(event.target.value)}
            maxLength={limits.themes.nameMaxLength}
            required
            error={error("name")}
          />
          <TextField
            label={t("Revision Name")}
            name="revisionName"
            value={values.revisionName}
            onChange={(event) => set("revisionName")(event.target.value)}
            maxLength={limits.themes.nameMaxLength}
            error={error("revisionName")}
            hint={t("Optional: names the revision this save makes.")}
          />
          <SelectField
            label={t("Preset")}
            name="preset"
            value={values.preset}
            onChange={(event) => set("preset")(event.target.value)}
            options={themePresets.map((preset) => ({ value: preset, label: presetLabels()[preset] }))}
            error={error("preset")}
            hint={t("The light or dark defaults that the colors you leave empty come from.")}
          />
          <fieldset className={styles.colors} aria-describedby="theme-colors-hint">
            <legend className={formStyles.label}>{t("Colors")}</legend>
            <p id="theme-colors-hint" className={formStyles.hint}>
              {t("Hex (#037dbc), rgb() or hsl(). Leave a color empty to use the preset's.")}
            </p>
            {colorFields.map((field) => (
              <ColorField
                key={field.name}
                name={field.name}
                label={colorLabels()[field.name]}
                value={values[field.name]}
                fallback={palette[field.palette]}
                error={error(field.name)}
                describedBy="theme-colors-hint"
                picker={hydrated}
                onChange={set(field.name)}
              />
            ))}
          </fieldset>
          <fieldset className={styles.colors} aria-describedby="theme-type-hint">
            <legend className={formStyles.label}>{t("Type and Shape")}</legend>
            <p id="theme-type-hint" className={formStyles.hint}>
              {t("Fonts are ones readers' devices have (or the bundled Open Sans): nothing is downloaded.")}
            </p>
            <SelectField
              label={t("Body Font")}
              name="bodyFont"
              value={values.bodyFont}
              onChange={(event) => set("bodyFont")(event.target.value)}
              options={fontOptions(t("Default (Open Sans)"), values.bodyFont)}
              error={error("bodyFont")}
            />
            <SelectField
              label={t("Heading Font")}
              name="headingFont"
              value={values.headingFont}
              onChange={(event) => set("headingFont")(event.target.value)}
              options={fontOptions(t("Same as the body"), values.headingFont)}
              error={error("headingFont")}
            />
            <TextField
              label={t("Base Font Size (px)")}
              name="fontSize"
              type="number"
              inputMode="numeric"
              min={limits.themes.fontSizeMin}
              max={limits.themes.fontSizeMax}
              placeholder="14"
              value={values.fontSize}
              onChange={(event) => set("fontSize")(event.target.value)}
              error={error("fontSize")}
              hint={t("The size of body text, {min} to {max} px; empty for 14 px.", {
                min: limits.themes.fontSizeMin,
                max: limits.themes.fontSizeMax,
              })}
            />
            <SelectField
              label={t("Corner Radius")}
              name="radius"
              value={values.radius}
              onChange={(event) => set("radius")(event.target.value)}
              options={withCurrent(
                [
                  { value: "", label: t("Default (6 px)") },
                  ...Object.entries(radiusSizes).map(([size, px]) => ({
                    value: String(px),
                    label: `${radiusLabels()[size as keyof typeof radiusSizes]} (${px} px)`,
                  })),
                ],
                values.radius,
                `${values.radius} px`,
              )}
              error={error("radius")}
              hint={t("Buttons, inputs, chips and cards.")}
            />
            <SelectField
              label={t("Button Style")}
              name="buttonPreset"
              value={values.buttonPreset}
              onChange={(event) => set("buttonPreset")(event.target.value)}
              options={withCurrent(
                [
                  { value: "", label: t("Default (filled)") },
                  ...buttonPresets.map((preset) => ({ value: preset, label: buttonPresetLabels()[preset]! })),
                ],
                values.buttonPreset,
                buttonPresetLabels()[values.buttonPreset] ?? values.buttonPreset,
              )}
              error={error("buttonPreset")}
            />
            <SelectField
              label={t("Button Shape")}
              name="buttonShape"
              value={values.buttonShape}
              onChange={(event) => set("buttonShape")(event.target.value)}
              options={[
                { value: "", label: t("Default (rounded)") },
                ...buttonShapes.map((shape) => ({ value: shape, label: buttonShapeLabels()[shape] })),
              ]}
              error={error("buttonShape")}
            />
          </fieldset>
          <fieldset className={styles.colors} aria-describedby="theme-logo-hint">
            <legend className={formStyles.label}>{t("Logo")}</legend>
            <p id="theme-logo-hint" className={formStyles.hint}>
              {t("An image address (https://… or /…). The site's name is its text alternative; empty shows the name.")}
            </p>
            <TextField
              label={t("Logo Image")}
              name="logoUrl"
              value={values.logoUrl}
              onChange={(event) => set("logoUrl")(event.target.value)}
              maxLength={500}
              error={error("logoUrl")}
            />
            <TextField
              label={t("Mobile Logo Image")}
              name="logoUrlMobile"
              value={values.logoUrlMobile}
              onChange={(event) => set("logoUrlMobile")(event.target.value)}
              maxLength={500}
              error={error("logoUrlMobile")}
              hint={t("Optional: a smaller image for phones.")}
            />
          </fieldset>
          <fieldset className={styles.colors} aria-describedby="theme-assets-hint">
            <legend className={formStyles.label}>{t("Header, Footer and Styles")}</legend>
            <p id="theme-assets-hint" className={formStyles.hint}>
              {t("Shown on every page, for readers without JavaScript too. HTML is cleaned when saved, as in posts.")}
            </p>
            <TextAreaField
              label={t("Custom Header (HTML)")}
              name="header"
              value={values.header}
              onChange={(event) => set("header")(event.target.value)}
              maxLength={limits.themes.htmlAssetMaxLength}
              rows={4}
              spellCheck={false}
              error={error("header")}
              hint={t("Above the title bar.")}
            />
            <TextAreaField
              label={t("Custom Footer (HTML)")}
              name="footer"
              value={values.footer}
              onChange={(event) => set("footer")(event.target.value)}
              maxLength={limits.themes.htmlAssetMaxLength}
              rows={4}
              spellCheck={false}
              error={error("footer")}
              hint={t("Below every page.")}
            />
            <TextAreaField
              label={t("Styles (CSS)")}
              name="styles"
              value={values.styles}
              onChange={(event) => set("styles")(event.target.value)}
              maxLength={limits.themes.stylesMaxLength}
              rows={6}
              spellCheck={false}
              error={error("styles")}
              hint={t("A stylesheet of its own, after the theme's: #theme-header and #theme-footer hold your HTML.")}
            />
            <TextAreaField
              label={t("JavaScript")}
              name="javascript"
              value={values.javascript}
              onChange={(event) => set("javascript")(event.target.value)}
              maxLength={limits.themes.javascriptMaxLength}
              rows={4}
              spellCheck={false}
              error={error("javascript")}
              hint={t("Kept with the theme; pages run it only when scripts are allowed in the site's settings.")}
            />
            <TextAreaField
              label={t("Script Addresses")}
              name="scripts"
              value={values.scripts}
              onChange={(event) => set("scripts")(event.target.value)}
              rows={3}
              spellCheck={false}
              error={error("scripts")}
              hint={t("One https:// address a line, at most {count}; loaded only when scripts are allowed.", {
                count: limits.themes.scriptsMaxItems,
              })}
            />
          </fieldset>
        </div>
        <div className={styles.preview}>
          <ThemeMiniature
            palette={palette}
            properties={properties}
            logoUrl={values.logoUrl.trim()}
            siteName={site.title}
          />
        </div>
        <div className={styles.buttons}>
          <button type="submit" name="intent" value="save" className={formStyles.button} disabled={busy}>
            {t("Save")}
          </button>
          {/* Preview and Apply (not for the current theme) use the theme as last saved. */}
          {[
            { intent: "preview", label: t("Preview") },
            ...(theme.current ? [] : [{ intent: "apply", label: t("Apply") }]),
          ].map((action) => (
            <button
              key={action.intent}
              type="submit"
              name="intent"
              value={action.intent}
              {...buttonLook({ buttonType: "outline" })}
              disabled={busy}
            >
              {action.label}
            </button>
          ))}
          {dirty ? <span className={styles.unsaved}>{t("Unsaved changes")}</span> : null}
        </div>
        <p className={formStyles.hint}>
          {t("Save makes a new revision. Preview and Apply use the theme as last saved.")}
        </p>
      </Form>
      <UnsavedChangesModal isOpen={guard.blocked} onCancel={guard.stay} onConfirm={guard.proceed} />
    </>
  );
}
