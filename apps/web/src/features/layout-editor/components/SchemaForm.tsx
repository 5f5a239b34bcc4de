import { useId, type ReactNode } from "react";
import { t } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/button/Button.tsx";
import { formStyles } from "../../../ui/forms/Form.tsx";
import {
  fieldKind,
  initialValue,
  labelOf,
  propertiesOf,
  requiredOf,
  withoutNull,
  type JsonSchema,
} from "../schema-form.ts";
import styles from "./SchemaForm.module.css";

type Values = Record<string, unknown>;

interface FieldProps {
  name: string;
  schema: JsonSchema;
  value: unknown;
  required: boolean;
  /** The value's path (errors are keyed by it, as the server's 422 names fields). */
  path: string;
  errors: Readonly<Record<string, string>>;
  onChange: (value: unknown) => void;
  label?: string;
}

/** A label, the control, the schema's description as a hint and the field's error, announced with it. */
function Frame({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: (described: {
    id: string;
    "aria-invalid": true | undefined;
    "aria-describedby": string | undefined;
  }) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={formStyles.field}>
      <label className={formStyles.label} htmlFor={id}>
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint ? (
        <span id={`${id}-hint`} className={formStyles.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={formStyles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

const hintOf = (schema: JsonSchema) => (typeof schema["description"] === "string" ? schema["description"] : undefined);

/** One property's field, by the kind of its schema; objects and arrays recurse. */
function Field({ name, schema, value, required, path, errors, onChange, label: given }: FieldProps) {
  const id = useId();
  const node = withoutNull(schema);
  const kind = fieldKind(node, name);
  const label = given ?? labelOf(name, node);
  const error = errors[path];
  const hint = hintOf(node);
  switch (kind.kind) {
    case "const":
    case "unsupported":
      return kind.kind === "unsupported" ? (
        <p className={formStyles.hint}>{t("{name} cannot be edited here yet.", { name: label })}</p>
      ) : null;
    case "boolean":
      return (
        <div className={formStyles.field}>
          <label className={formStyles.checkbox}>
            <input
              type="checkbox"
              checked={value === true}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => onChange(event.target.checked ? true : required ? false : undefined)}
            />
            {label}
          </label>
          {error ? (
            <p id={`${id}-error`} className={formStyles.error}>
              {error}
            </p>
          ) : null}
        </div>
      );
    case "enum":
      return (
        <Frame id={id} label={label} hint={hint} error={error}>
          {(described) => (
            <select
              {...described}
              className={formStyles.input}
              value={typeof value === "string" || typeof value === "number" ? String(value) : ""}
              onChange={(event) => {
                const chosen = kind.options.find((option) => String(option) === event.target.value);
                onChange(chosen ?? undefined);
              }}
            >
              {required ? null : <option value="">{t("(none)")}</option>}
              {kind.options.map((option) => (
                <option key={String(option)} value={String(option)}>
                  {String(option)}
                </option>
              ))}
            </select>
          )}
        </Frame>
      );
    case "number":
      return (
        <Frame id={id} label={label} hint={hint} error={error}>
          {(described) => (
            <input
              {...described}
              type="number"
              className={formStyles.input}
              step={kind.integer ? 1 : "any"}
              {...(typeof node["minimum"] === "number" ? { min: node["minimum"] } : {})}
              {...(typeof node["maximum"] === "number" ? { max: node["maximum"] } : {})}
              value={typeof value === "number" ? value : ""}
              onChange={(event) => onChange(event.target.value === "" ? undefined : Number(event.target.value))}
            />
          )}
        </Frame>
      );
    case "string":
      return (
        <Frame id={id} label={label} hint={hint} error={error}>
          {(described) =>
            kind.long ? (
              <textarea
                {...described}
                className={`${formStyles.input} ${formStyles.textarea}`}
                rows={4}
                value={typeof value === "string" ? value : ""}
                onChange={(event) => onChange(event.target.value === "" && !required ? undefined : event.target.value)}
              />
            ) : (
              <input
                {...described}
                type="text"
                className={formStyles.input}
                value={typeof value === "string" ? value : ""}
                onChange={(event) => onChange(event.target.value === "" && !required ? undefined : event.target.value)}
              />
            )
          }
        </Frame>
      );
    case "object":
      return (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{label}</legend>
          <ObjectFields
            schema={node}
            value={(value as Values | undefined) ?? {}}
            path={path}
            errors={errors}
            onChange={(next) => onChange(Object.keys(next).length || required ? next : undefined)}
          />
          {error ? <p className={formStyles.error}>{error}</p> : null}
        </fieldset>
      );
    case "array": {
      const rows = Array.isArray(value) ? (value as unknown[]) : [];
      const set = (next: unknown[]) => onChange(next.length || required ? next : undefined);
      return (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{label}</legend>
          {rows.length === 0 ? <p className={formStyles.hint}>{t("None yet.")}</p> : null}
          {rows.map((row, index) => (
            <div key={index} className={styles.row}>
              <Field
                name={name}
                label={t("{name}, row {n}", { name: label, n: index + 1 })}
                schema={kind.items}
                value={row}
                required
                path={`${path}[${index}]`}
                errors={errors}
                onChange={(next) => set(rows.map((old, i) => (i === index ? next : old)))}
              />
              <Button
                size="compact"
                aria-label={t("Remove {name}, row {n}", { name: label, n: index + 1 })}
                onPress={() => set(rows.filter((_, i) => i !== index))}
              >
                {t("Remove row")}
              </Button>
            </div>
          ))}
          <Button
            size="compact"
            aria-label={t("Add a row to {name}", { name: label })}
            onPress={() => set([...rows, initialValue(kind.items)])}
          >
            {t("Add row")}
          </Button>
          {error ? <p className={formStyles.error}>{error}</p> : null}
        </fieldset>
      );
    }
  }
}

/** An object's value, its schema, the path its errors are keyed under, and its changes. */
interface ObjectProps {
  schema: JsonSchema;
  value: Values;
  path: string;
  errors: Readonly<Record<string, string>>;
  onChange: (value: Values) => void;
}

function ObjectFields({ schema, value, path, errors, onChange }: ObjectProps) {
  const required = requiredOf(schema);
  return (
    <>
      {propertiesOf(schema).map(([name, property]) => (
        <Field
          key={name}
          name={name}
          schema={property}
          value={value[name]}
          required={required.includes(name)}
          path={`${path}.${name}`}
          errors={errors}
          onChange={(next) => {
            const copy = { ...value };
            if (next === undefined) delete copy[name];
            else copy[name] = next;
            onChange(copy);
          }}
        />
      ))}
    </>
  );
}

/**
 * A form generated from a widget's JSON schema (the catalogue's): a field per property, by kind: text (a textarea
 * for long text), numbers, checkboxes, selects for enums, fieldsets for nested objects, rows to add and remove for
 * arrays. `errors` are keyed by path under `path` (the server's 422 fields, or the form's own checks).
 */
export function SchemaForm(props: ObjectProps) {
  const { schema } = props;
  if (propertiesOf(schema).length === 0) return <p className={formStyles.hint}>{t("This widget has no options.")}</p>;
  return (
    <div className={styles.form}>
      <ObjectFields {...props} />
    </div>
  );
}
