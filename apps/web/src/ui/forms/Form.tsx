import {
  useContext,
  useId,
  type FocusEvent,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { UNSAFE_DataRouterStateContext } from "react-router";
import styles from "./Form.module.css";
import { useFieldError } from "./useFieldError.ts";

export { styles as formStyles };

interface FieldFrameProps {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: string | undefined;
  id?: string | undefined;
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The control's own handlers and ref, which the frame calls besides its own. */
interface ControlHooks<E extends Control> {
  ref?: Ref<E> | undefined;
  onChange?: ((event: ChangeEvent<E>) => void) | undefined;
  onBlur?: ((event: FocusEvent<E>) => void) | undefined;
}

/**
 * A label, its control, a hint and an error next to it, announced with it (aria-describedby): `control`
 * gets the id, the description, `aria-invalid` and the handlers that keep the error live (`useFieldError`:
 * shown on submitting, gone as soon as the value is fixed) to put on its element.
 */
function FieldFrame<E extends Control>({
  label,
  name,
  error: given,
  hint,
  id,
  hooks,
  control,
}: FieldFrameProps & {
  hooks: ControlHooks<E>;
  control: (props: {
    id: string;
    "aria-invalid": true | undefined;
    "aria-describedby": string | undefined;
    ref: (node: E | null) => void;
    onChange: (event: ChangeEvent<E>) => void;
    onBlur: (event: FocusEvent<E>) => void;
  }) => ReactNode;
}) {
  const generated = useId();
  const live = useFieldError(given, label, hooks.ref);
  const error = live.error;
  const inputId = id ?? `${name}-${generated}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      {control({
        id: inputId,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
        ref: live.ref,
        onChange: (event) => {
          hooks.onChange?.(event);
          live.onChange();
        },
        onBlur: (event) => {
          hooks.onBlur?.(event);
          live.onBlur();
        },
      })}
      {hint ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = FieldFrameProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, "className" | "id"> & { ref?: Ref<HTMLInputElement> };

/** A labelled input whose error sits next to it and is announced with it (aria-describedby). */
export function TextField({ label, name, error, hint, id, ref, onChange, onBlur, ...input }: TextFieldProps) {
  return (
    <FieldFrame
      {...{ label, name, error, hint, id }}
      hooks={{ ref, onChange, onBlur }}
      control={(described) => <input {...input} {...described} name={name} className={styles.input} />}
    />
  );
}

type TextAreaFieldProps = FieldFrameProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "className" | "id"> & { ref?: Ref<HTMLTextAreaElement> };

/** A labelled multi-line text, as `TextField`. */
export function TextAreaField({
  label,
  name,
  error,
  hint,
  id,
  ref,
  onChange,
  onBlur,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <FieldFrame
      {...{ label, name, error, hint, id }}
      hooks={{ ref, onChange, onBlur }}
      control={(described) => (
        <textarea {...textarea} {...described} name={name} className={`${styles.input} ${styles.textarea}`} />
      )}
    />
  );
}

type SelectFieldProps = FieldFrameProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "className" | "id"> & {
    options: ReadonlyArray<{ value: string; label: string }>;
    ref?: Ref<HTMLSelectElement>;
  };

/** A labelled choice among `options`, as `TextField`. */
export function SelectField({
  label,
  name,
  error,
  hint,
  id,
  options,
  ref,
  onChange,
  onBlur,
  ...select
}: SelectFieldProps) {
  return (
    <FieldFrame
      {...{ label, name, error, hint, id }}
      hooks={{ ref, onChange, onBlur }}
      control={(described) => (
        <select {...select} {...described} name={name} className={styles.input}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

export function CheckboxField({
  label,
  name,
  value = "1",
  defaultChecked,
  disabled,
  lang,
}: {
  label: string;
  name: string;
  /** What a checked box sends ("1" by default; one of several boxes of one name sends its own). */
  value?: string;
  defaultChecked?: boolean;
  disabled?: boolean;
  lang?: string;
}) {
  return (
    <label className={styles.checkbox} lang={lang}>
      <input type="checkbox" name={name} value={value} defaultChecked={defaultChecked} disabled={disabled} />
      {label}
    </label>
  );
}

/**
 * A message about the whole form: a refusal (role=alert) or a confirmation (role=status). A confirmation is hidden while a form of the page is
 * being sent: it said what the last send did, and the next one is announced anew when it comes back.
 */
export function FormAlert({ children, kind = "error" }: { children: ReactNode; kind?: "error" | "success" }) {
  // The router's state without useNavigation, which refuses to render outside a data router.
  const sending = useContext(UNSAFE_DataRouterStateContext)?.navigation.state === "submitting";
  if (kind === "success" && sending) return null;
  return kind === "error" ? (
    <p role="alert" className={styles.alert}>
      {children}
    </p>
  ) : (
    <p role="status" className={`${styles.alert} ${styles.success}`}>
      {children}
    </p>
  );
}

export function SubmitButton({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <button type="submit" className={styles.button} disabled={busy} aria-busy={busy || undefined}>
      {children}
    </button>
  );
}
