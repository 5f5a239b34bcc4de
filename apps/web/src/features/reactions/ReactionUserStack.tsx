import { limits } from "@parley/contracts/limits";
import { t } from "../../lib/i18n.ts";
import styles from "./Reactions.module.css";

/** The reaction tooltip names at most this many users, the rest as '+N' (spec §5, §9). */
const reactionStackMax = 5;
const photo = limits.sizes.userPhoto.xsmall;

export interface StackUser {
  userID: number;
  name: string;
  photoUrl: string;
}

/** Who reacted: up to five photos and names, then a '+N' for the others; 'No Reactions Yet' when nobody. */
export function ReactionUserStack({ users }: { users: StackUser[] }) {
  if (users.length === 0) return <p className={styles.empty}>{t("No Reactions Yet")}</p>;
  const shown = users.slice(0, reactionStackMax);
  const more = users.length - shown.length;
  return (
    <ul className={styles.stack} aria-label={t("Reacted")}>
      {shown.map((user) => (
        <li key={user.userID} className={styles.stackUser}>
          <img src={user.photoUrl} alt="" width={photo} height={photo} className={styles.stackPhoto} />
          <span>{user.name}</span>
        </li>
      ))}
      {more > 0 ? (
        <li className={styles.stackMore} aria-label={t("{count} more", { count: more })}>
          +{more}
        </li>
      ) : null}
    </ul>
  );
}
