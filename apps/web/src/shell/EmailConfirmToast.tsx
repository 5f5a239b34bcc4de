import { useQuery } from "../lib/query.ts";
import { Link } from "react-router";
import { useApi } from "../lib/api-context.tsx";
import { t } from "../lib/i18n.ts";
import { meQuery } from "../features/users/index.ts";
import styles from "./EmailConfirmToast.module.css";

/**
 * The email-unconfirmed toast (spec §5): for a signed-in member whose e-mail is not confirmed, a
 * persistent toast 'Your email address is not confirmed.' with 'Resend confirmation email'. It is
 * server-rendered, so it shows without JavaScript too.
 */
export function EmailConfirmToast() {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  if (!me || me.userID === 0 || me.emailConfirmed) return null;
  return (
    <div className={styles.region}>
      <div role="status" className={styles.toast} data-toast="email-unconfirmed">
        <p className={styles.body}>
          {t("Your email address is not confirmed.")}{" "}
          <Link to="/entry/emailconfirmrequest">{t("Resend confirmation email")}</Link>
        </p>
      </div>
    </div>
  );
}
