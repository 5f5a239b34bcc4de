import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import styles from "./Form.module.css";

export { styles as formStyles };

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "className"> {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: string;
}

/** A labelled input whose error sits next to it and is announced with it (aria-describedby). */
export function TextField({ label, name, error, hint, id, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? `${name}-${generated}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <input
        {...input}
        id={inputId}
        name={name}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
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

export function CheckboxField({
  label,
  name,
  defaultChecked,
}: {
  label: string;
  name: string;
  defaultChecked?: boolean;
}) {
  return (
    <label className={styles.checkbox}>
      <input type="checkbox" name={name} value="1" defaultChecked={defaultChecked} />
      {label}
    </label>
  );
}

/** A message about the whole form: an error (role=alert) or a success notice (role=status). */
export function FormAlert({ children, kind = "error" }: { children: ReactNode; kind?: "error" | "success" }) {
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
