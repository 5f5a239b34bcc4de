import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import type { WidgetProps } from "@parley/contracts";
import { profilePath } from "@parley/contracts/urls";
import { useApi } from "../../lib/api-context.tsx";
import { t } from "../../lib/i18n.ts";
import { UserPhoto } from "../../ui/user-photo/UserPhoto.tsx";
import { onlineQuery } from "./users.queries.ts";
import styles from "./OnlineNow.module.css";

/** Who's online (add-on `online`): the members' photos and names with their count; nothing while the add-on is off. */
export function OnlineNow({ limit }: WidgetProps<"react.onlineNow">) {
  const { data } = useSuspenseQuery(onlineQuery(useApi(), limit));
  if (!data) return null;
  const more = data.total - data.users.length;
  return (
    <section className={styles.online} aria-labelledby="online-now" data-part="online-now">
      <h2 id="online-now" className={styles.heading}>
        {t("Online Now")} <span className={styles.count}>({data.total})</span>
      </h2>
      {data.users.length ? (
        <ul className={styles.list}>
          {data.users.map((user) => (
            <li key={user.userID}>
              <Link to={profilePath(user.name)} className={styles.member}>
                <UserPhoto name={user.name} photoUrl={user.photoUrl} size="small" decorative />
                {user.name}
              </Link>
            </li>
          ))}
          {more > 0 ? <li className={styles.count}>{t("and {count} more", { count: more })}</li> : null}
        </ul>
      ) : (
        <p className={styles.count}>{t("No one is online.")}</p>
      )}
    </section>
  );
}
