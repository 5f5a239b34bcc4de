import styles from "./Reactions.module.css";

/** A reaction type's icon (its `photoUrl`), beside its name: decorative, the name says what it is. */
export function ReactionIcon({ photoUrl }: { photoUrl: string | undefined }) {
  return photoUrl ? <img src={photoUrl} alt="" width={16} height={16} className={styles.icon} /> : null;
}
