import { useSuspenseQuery } from "@tanstack/react-query";
import { Link, useActionData, useNavigation } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { Disclosure } from "../components/Disclosure.tsx";
import { FragmentForm } from "../components/FragmentForm.tsx";
import { newFragmentValues } from "../fragments.form.ts";
import { fragmentDisclosureQuery, fragmentsPagePath } from "../fragments.queries.ts";
import styles from "./Fragments.module.css";

/** `/dashboard/fragments/add`: a new fragment's code (after the disclosure); saving it makes its first draft. */
export function NewFragmentPage() {
  const api = useApi();
  const { data: disclosure } = useSuspenseQuery(fragmentDisclosureQuery(api));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className={styles.page} aria-labelledby="fragment-add-title">
      <PageHead title={t("Add fragment")} canonical={`${fragmentsPagePath}/add`} noindex />
      <p className={styles.back}>
        <Link to={fragmentsPagePath}>{t("All fragments")}</Link>
      </p>
      <h1 id="fragment-add-title" className={styles.title}>
        {t("Add fragment")}
      </h1>
      {disclosure.didAccept ? (
        <FragmentForm values={newFragmentValues()} result={result} busy={busy} typeEditable />
      ) : (
        <Disclosure busy={busy} />
      )}
    </section>
  );
}
