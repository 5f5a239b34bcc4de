import { useSuspenseQuery } from "@tanstack/react-query";
import { Link, useActionData } from "react-router";
import { ignoredPagePath } from "@parley/contracts/ignore-constants";
import { profilePath } from "@parley/contracts/urls";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { FormAlert } from "../../../ui/forms/Form.tsx";
import { IgnoreForm } from "../IgnoreForm.tsx";
import { ignoredUsersQuery } from "../ignore.queries.ts";
import styles from "./IgnoredPage.module.css";

/** `/profile/ignored`: the members the signed-in member ignores, each with "Stop ignoring". */
export function IgnoredPage({ userID }: { userID: number }) {
  const api = useApi();
  const { data: ignored } = useSuspenseQuery(ignoredUsersQuery(api, userID));
  const result = useActionData<FormResult>();
  return (
    <section className={styles.page} aria-labelledby="ignored-title">
      <PageHead title={t("Ignored Members")} canonical={ignoredPagePath} noindex />
      <h1 id="ignored-title" className={styles.title}>
        {t("Ignored Members")}
      </h1>
      {result?.message ? <FormAlert kind={result.ok ? "success" : "error"}>{result.message}</FormAlert> : null}
      <p className={styles.intro}>
        {t(
          "Posts from members you ignore are collapsed, their mentions do not notify you, and they cannot message you.",
        )}
      </p>
      {ignored.length === 0 ? (
        <p>{t("You are not ignoring anyone.")}</p>
      ) : (
        <ul className={styles.list} aria-labelledby="ignored-title">
          {ignored.map((user) => (
            <li key={user.userID} className={styles.item}>
              <img className={styles.photo} src={user.photoUrl} alt="" width={40} height={40} loading="lazy" />
              <div className={styles.who}>
                <Link to={profilePath(user.name)}>{user.name}</Link>
                <span className={styles.since}>
                  {t("Ignored since")} <DateTime date={user.dateIgnored} />
                </span>
              </div>
              <IgnoreForm userID={user.userID} name={user.name} ignored />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
