import { useQuery } from "@tanstack/react-query";
import { Link, useLocation } from "react-router";
import { useApi } from "../lib/api-context.tsx";
import { t } from "../lib/i18n.ts";
import { entryLink } from "../lib/targets.ts";
import { meQuery } from "../features/users/users.queries.ts";
import styles from "./MeBox.module.css";

/** Guests: Sign In and Register; signed-in members: their name and Sign Out (spec §2, §6). */
export function MeBox() {
  const api = useApi();
  const location = useLocation();
  const { data: me } = useQuery(meQuery(api));
  if (!me) return null;
  if (me.userID === 0) {
    return (
      <div className={styles.meBox}>
        <Link className={styles.buttonLight} to={entryLink("/entry/signin", location)}>
          {t("Sign In")}
        </Link>
        <Link className={styles.buttonSolid} to={entryLink("/entry/register", location)}>
          {t("Register")}
        </Link>
      </div>
    );
  }
  return (
    <div className={styles.meBox}>
      <span className={styles.name}>
        <img className={styles.photo} src={me.photoUrl} alt="" width={28} height={28} />
        {me.name}
      </span>
      <Link className={styles.buttonLight} to={entryLink("/entry/signout", location)}>
        {t("Sign Out")}
      </Link>
    </div>
  );
}

/** 'Your email address is not confirmed.' with 'Resend confirmation email' (spec §5). */
export function EmailUnconfirmedNotice() {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  if (!me || me.userID === 0 || me.emailConfirmed) return null;
  return (
    <div role="status" className={styles.notice}>
      {t("Your email address is not confirmed.")}{" "}
      <Link to="/entry/emailconfirmrequest">{t("Resend confirmation email")}</Link>
    </div>
  );
}
