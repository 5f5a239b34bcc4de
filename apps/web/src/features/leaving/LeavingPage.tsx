import { Link, useSearchParams } from "react-router";
import { PageHead } from "../../lib/head.tsx";
import { t } from "../../lib/i18n.ts";
import { useSite } from "../../lib/site.ts";
import { readLeavingTarget } from "./leaving.ts";
import styles from "./LeavingPage.module.css";

/** `/home/leaving?target=…`: the interstitial before an external link (spec §2). Not indexed. */
export function LeavingPage() {
  const [search] = useSearchParams();
  const target = readLeavingTarget(search);
  const site = useSite();
  return (
    <section className={styles.leaving}>
      <PageHead title={t("Leaving")} noindex />
      <h1 className={styles.title}>{t("Leaving {site}", { site: site.title })}</h1>
      {target ? (
        <>
          <p>{t("You are now leaving {site}. Are you sure you want to continue to:", { site: site.title })}</p>
          <p className={styles.target}>{target}</p>
          <p className={styles.actions}>
            <a className={styles.continue} href={target} rel="noopener noreferrer nofollow ugc">
              {t("Continue")}
            </a>
            <Link to="/">{t("Back to Home")}</Link>
          </p>
        </>
      ) : (
        <>
          <p>{t("That link is not a valid web address.")}</p>
          <p className={styles.actions}>
            <Link to="/">{t("Back to Home")}</Link>
          </p>
        </>
      )}
    </section>
  );
}
