import type { UserFragment } from "@parley/contracts";
import { limits } from "@parley/contracts/limits";
import { useEffect, useId, useState } from "react";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { formStyles } from "../../../ui/forms/Form.tsx";
import { UserPhoto } from "../../../ui/user-photo/UserPhoto.tsx";
import { conversationsApi } from "../conversations.api.ts";
import { recipientNames } from "../conversations.urls.ts";
import styles from "../pages/ConversationPages.module.css";

const SUGGESTIONS = 5;

/** The name being typed: what follows the last comma. */
const typing = (text: string) => text.slice(text.lastIndexOf(",") + 1).trim();

export interface RecipientFieldProps {
  defaultValue: string;
  error?: string | undefined;
  /** The field's label, name and hint: the To field's by default (the groups' invite form names its own). */
  label?: string;
  name?: string;
  hint?: string;
}

/**
 * The To field: member names separated by commas (a plain text field without JavaScript). With
 * JavaScript, the name being typed is looked up (`/users/by-names`, `name*`) and matches are offered
 * as buttons that complete it.
 */
export function RecipientField({ defaultValue, error, label, name = "to", hint }: RecipientFieldProps) {
  const api = useApi();
  const id = useId();
  const [value, setValue] = useState(defaultValue);
  const [suggestions, setSuggestions] = useState<UserFragment[]>([]);
  const prefix = typing(value);

  useEffect(() => {
    if (!prefix) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      conversationsApi
        .usersByNames(api, `${prefix}*`, SUGGESTIONS, controller.signal)
        .then((users) => {
          const chosen = new Set(recipientNames(value).map((name) => name.toLowerCase()));
          setSuggestions(
            users.filter(
              (user) => !chosen.has(user.name.toLowerCase()) || user.name.toLowerCase() === prefix.toLowerCase(),
            ),
          );
        })
        .catch(() => undefined);
    }, limits.mentions.debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, prefix, value]);

  const handleChoose = (user: UserFragment) => {
    const head = value.slice(0, value.lastIndexOf(",") + 1);
    setValue(`${head}${head ? " " : ""}${user.name}, `);
    setSuggestions([]);
    document.getElementById(`${id}-to`)?.focus();
  };

  const shown = suggestions.filter(
    (user) => user.name.toLowerCase() !== prefix.toLowerCase() || !value.trim().endsWith(","),
  );
  return (
    <div className={formStyles.field}>
      <label className={formStyles.label} htmlFor={`${id}-to`}>
        {label ?? t("Recipients")}
      </label>
      <input
        id={`${id}-to`}
        name={name}
        className={formStyles.input}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        autoComplete="off"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
      />
      <span id={`${id}-hint`} className={formStyles.hint}>
        {hint ?? t("Member names, separated by commas.")}
      </span>
      {error ? (
        <p id={`${id}-error`} className={formStyles.error}>
          {error}
        </p>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {shown.length ? t("Suggestions: {count}", { count: String(shown.length) }) : ""}
      </p>
      {shown.length ? (
        <ul className={styles.suggestions} aria-label={t("Suggestions")}>
          {shown.map((user) => (
            <li key={user.userID}>
              <button type="button" className={styles.suggestion} onClick={() => handleChoose(user)}>
                <UserPhoto name="" photoUrl={user.photoUrl} size="xsmall" decorative />
                {user.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
