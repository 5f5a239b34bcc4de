import styles from "./ReactionIcon.module.css";

/**
 * A reaction type's icon (its `photoUrl`), beside its name on the toggles: decorative, the name says what it is. The
 * guests' plain counts go without, to keep the reading pages' JavaScript in its budget.
 */
export function ReactionIcon({ photoUrl }: { photoUrl: string | undefined }) {
  return photoUrl ? <img src={photoUrl} alt="" width={16} height={16} className={styles.icon} /> : null;
}
