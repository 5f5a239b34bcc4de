import { t } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/button/Button.tsx";
import { TextField } from "../../../ui/forms/Form.tsx";
import { useHydrated } from "../../../ui/hydrated.ts";
import { useToast } from "../../../ui/toast/ToastProvider.tsx";
import styles from "../pages/Webhooks.module.css";

/** A new webhook's secret, shown this once in a read-only field (selectable without JavaScript), with Copy. */
export function NewSecret({ name, value }: { name: string; value: string }) {
  const hydrated = useHydrated();
  const { addToast } = useToast();
  const handleCopy = () => {
    void navigator.clipboard.writeText(value).then(
      () => addToast({ toastID: "webhook-secret-copied", body: t("Copied to clipboard.") }),
      () =>
        addToast({
          toastID: "webhook-secret-copied",
          body: t("The secret could not be copied; select it and copy it."),
        }),
    );
  };
  return (
    <div className={styles.secret}>
      <TextField
        label={t("The secret of “{name}”", { name })}
        name="newWebhookSecret"
        readOnly
        value={value}
        hint={t("Copy it now: it will not be shown again. Your receiver checks each delivery's signature with it.")}
        onFocus={(event) => event.currentTarget.select()}
      />
      {hydrated ? <Button onClick={handleCopy}>{t("Copy")}</Button> : null}
    </div>
  );
}
