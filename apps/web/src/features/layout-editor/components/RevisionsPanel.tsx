import type { LayoutRevision } from "@parley/contracts";
import { t } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/button/Button.tsx";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import styles from "./EditorPanels.module.css";

/** A saved layout's revisions, newest first (the current one first), each with who saved it, when, and Restore. */
export function RevisionsPanel({
  revisions,
  authors,
  busy,
  onRestore,
}: {
  revisions: readonly LayoutRevision[];
  authors: Readonly<Record<number, string>>;
  busy: boolean;
  onRestore: (revision: LayoutRevision, label: string) => void;
}) {
  return (
    <section className={styles.panel} aria-labelledby="layout-revisions-title">
      <h2 id="layout-revisions-title" className={styles.title}>
        {t("Revisions")}
      </h2>
      {revisions.length === 0 ? (
        <p className={styles.meta}>{t("Saved layouts keep a revision of every save.")}</p>
      ) : null}
      <ol className={styles.list}>
        {revisions.map((revision, index) => {
          const label = t("Revision {n}", { n: revisions.length - index });
          return (
            <li key={revision.revisionID} className={styles.item}>
              <div>
                <h3 className={styles.itemTitle}>
                  {label}
                  {index === 0 ? <span className={styles.badge}>{t("Current")}</span> : null}
                </h3>
                <p className={styles.meta}>
                  {t("By {name}", { name: authors[revision.insertUserID] ?? t("Unknown User") })}{" "}
                  <DateTime date={revision.dateInserted} />
                </p>
              </div>
              {index === 0 ? null : (
                <Button
                  size="compact"
                  isPending={busy}
                  aria-label={t("Restore {revision}", { revision: label })}
                  onPress={() => onRestore(revision, label)}
                >
                  {t("Restore")}
                </Button>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
