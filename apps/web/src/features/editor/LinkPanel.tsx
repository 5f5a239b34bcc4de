import { useId, useState, type FormEvent } from "react";
import { Button } from "react-aria-components";
import { t } from "../../lib/i18n.ts";
import styles from "./RichEditor.module.css";

interface LinkPanelProps {
  initialUrl: string;
  /** The selection is in a link: offer to remove it. */
  editing: boolean;
  /** Returns false when the URL was not accepted. */
  onApply: (url: string) => boolean;
  onRemove: () => void;
  onCancel: () => void;
}

/**
 * The link address, inline under the toolbar (not a nested form: the editor sits inside the post form).
 * Enter applies, Escape cancels.
 */
export function LinkPanel({ initialUrl, editing, onApply, onRemove, onCancel }: LinkPanelProps) {
  const [url, setUrl] = useState(initialUrl);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  const handleApply = (event?: FormEvent) => {
    event?.preventDefault();
    if (!onApply(url)) setError(t("Links must start with http://, https://, mailto: or /."));
  };

  return (
    <div className={styles.linkPanel} role="group" aria-label={t("Link")}>
      <label htmlFor={inputId} className={styles.linkLabel}>
        {t("Link address")}
      </label>
      <input
        id={inputId}
        type="url"
        inputMode="url"
        className={styles.linkInput}
        value={url}
        placeholder="https://"
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          setUrl(event.currentTarget.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") handleApply(event);
          if (event.key === "Escape") {
            event.preventDefault();
            onCancel();
          }
        }}
      />
      <Button className={styles.panelButton} onPress={() => handleApply()}>
        {editing ? t("Update link") : t("Add link")}
      </Button>
      {editing ? (
        <Button className={styles.panelButton} onPress={onRemove}>
          {t("Remove link")}
        </Button>
      ) : null}
      <Button className={styles.panelButton} onPress={onCancel}>
        {t("Cancel")}
      </Button>
      {error ? (
        <p id={errorId} role="alert" className={styles.problem}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
