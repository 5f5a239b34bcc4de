import type { ThemeRevision, UserFragment } from "@parley/contracts";
import { t } from "../../../lib/i18n.ts";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { themeEditorPath } from "../themes.queries.ts";
import { IntentButton } from "./IntentButton.tsx";
import shared from "./themes.module.css";
import styles from "./ThemeRevisions.module.css";

/** A revision's name, or 'Revision {n}' (the oldest is 1). */
const revisionLabel = (revision: Pick<ThemeRevision, "revisionName">, number: number) =>
  revision.revisionName?.trim() || t("Revision {n}", { n: number });

/** The revision's author (the schema refers to the user fragment by reference). */
const authorName = (revision: ThemeRevision) =>
  (revision.insertUser as UserFragment | undefined)?.name ?? t("Unknown User");

/**
 * A theme's revisions, newest first: each one's name, author and date, the active one marked, with
 * Preview (that revision, in this browser session) and Restore (makes it the active one again).
 */
export function ThemeRevisions({ revisions, busy }: { revisions: readonly ThemeRevision[]; busy: boolean }) {
  return (
    <section className={styles.section} aria-labelledby="theme-revisions-title" id="revisions">
      <h2 id="theme-revisions-title" className={styles.title}>
        {t("Revision History")}
      </h2>
      <ol className={styles.list}>
        {revisions.map((revision, index) => {
          const label = revisionLabel(revision, revisions.length - index);
          const headingID = `theme-revision-${revision.revisionID}`;
          return (
            <li key={revision.revisionID} className={styles.item} aria-labelledby={headingID}>
              <div className={styles.about}>
                <h3 id={headingID} className={styles.name}>
                  {label}
                  {revision.active ? <span className={shared.badge}>{t("Active")}</span> : null}
                </h3>
                <p className={styles.meta}>
                  {t("By {name}", { name: authorName(revision) })} <DateTime date={revision.dateInserted} />
                </p>
              </div>
              <div className={shared.actions}>
                {[
                  {
                    intent: "preview-revision",
                    label: t("Preview"),
                    name: t("Preview {revision}", { revision: label }),
                  },
                  // The active revision is the one shown already: nothing to restore.
                  ...(revision.active
                    ? []
                    : [
                        {
                          intent: "restore",
                          label: t("Restore"),
                          name: t("Restore {revision}", { revision: label }),
                        },
                      ]),
                ].map((action) => (
                  <IntentButton
                    key={action.intent}
                    action={themeEditorPath(revision.themeID)}
                    fields={{ intent: action.intent, revisionID: revision.revisionID }}
                    size="medium"
                    label={action.label}
                    accessibleName={action.name}
                    busy={busy}
                  />
                ))}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
