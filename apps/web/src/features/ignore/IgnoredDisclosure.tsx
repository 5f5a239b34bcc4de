import type { ReactNode } from "react";
import { t } from "../../lib/i18n.ts";
import styles from "./IgnoredDisclosure.module.css";

/**
 * A post of an ignored member, collapsed where posts are listed outside their discussion (a profile's comments,
 * search results): a native disclosure, "Post from an ignored member — Show", that opens by keyboard and without
 * JavaScript. Not ignored: the post as it is.
 */
export function IgnoredDisclosure({ ignored, children }: { ignored: boolean; children: ReactNode }) {
  if (!ignored) return children;
  return (
    <details className={styles.ignored} data-part="ignored-post">
      <summary>
        {t("Post from an ignored member")}
        <span className={styles.show}>
          {" — "}
          <span>{t("Show")}</span>
        </span>
      </summary>
      {children}
    </details>
  );
}
