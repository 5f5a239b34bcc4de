import type { Color } from "@parley/contracts/colors";
import { t } from "../../../lib/i18n.ts";
import { formStyles } from "../../../ui/forms/Form.tsx";
import { pickerValue } from "../theme-editor.form.ts";
import styles from "./ColorField.module.css";

/**
 * A colour: a text input (hex, rgb(), hsl()… as the API reads them; empty for the default) and, with
 * JavaScript, an `<input type="color">` beside it, each following the other. The picker shows the
 * text's colour, or `fallback` (what the theme resolves to) while the text is empty or not a colour.
 */
export function ColorField({
  name,
  label,
  value,
  fallback,
  error,
  describedBy,
  picker,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  fallback: Color;
  error?: string | undefined;
  /** The id of the colours' shared hint. */
  describedBy?: string;
  /** Whether to show the picker (it needs JavaScript to follow the text). */
  picker: boolean;
  onChange: (value: string) => void;
}) {
  const id = `theme-color-${name}`;
  const errorID = `${id}-error`;
  const fallbackHex = pickerValue("", fallback);
  return (
    <div className={formStyles.field}>
      <label className={formStyles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.row}>
        <input
          id={id}
          name={name}
          type="text"
          className={`${formStyles.input} ${styles.text}`}
          value={value}
          placeholder={fallbackHex}
          onChange={(event) => onChange(event.target.value)}
          maxLength={100}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={[describedBy, error ? errorID : null].filter(Boolean).join(" ") || undefined}
        />
        {picker ? (
          <input
            type="color"
            className={styles.picker}
            value={pickerValue(value, fallback)}
            onChange={(event) => onChange(event.target.value)}
            aria-label={t("Choose {color}", { color: label })}
          />
        ) : null}
      </div>
      {error ? (
        <p id={errorID} className={formStyles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
