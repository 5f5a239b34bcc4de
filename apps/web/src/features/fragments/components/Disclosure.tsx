import { Form } from "react-router";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import styles from "../pages/Fragments.module.css";

/**
 * The custom code disclosure: an administrator accepts it once (it is kept for them) before writing a fragment's
 * code. A plain form.
 */
export function Disclosure({ busy }: { busy: boolean }) {
  return (
    <Form method="post" className={styles.disclosure} aria-labelledby="fragment-disclosure-title">
      <h2 id="fragment-disclosure-title" className={styles.heading}>
        {t("Custom code")}
      </h2>
      <TransientKeyField />
      <p className={styles.note}>
        {t(
          "I understand that a fragment's code runs on this forum's pages for everyone who reads them, and that I answer for what it does. It runs in a sandboxed frame: it cannot read visitors' sessions, cookies or the page around it, but it shows whatever it draws, and it may load images and fonts from the web.",
        )}
      </p>
      <div className={styles.buttons}>
        <Button type="submit" name="intent" value="accept-disclosure" buttonType="primary" isPending={busy}>
          {t("I understand")}
        </Button>
      </div>
    </Form>
  );
}
