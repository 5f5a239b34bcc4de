import { useSuspenseQuery } from "@tanstack/react-query";
import { Form, Link, useActionData, useNavigation, useParams, useSearchParams } from "react-router";
import type { FragmentDetails } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button, ButtonLink } from "../../../ui/button/Button.tsx";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { FormAlert, TextAreaField, TextField } from "../../../ui/forms/Form.tsx";
import { Disclosure } from "../components/Disclosure.tsx";
import { FragmentForm, PreviewFrame } from "../components/FragmentForm.tsx";
import { fragmentValues } from "../fragments.form.ts";
import {
  fragmentDisclosureQuery,
  fragmentEditorPath,
  fragmentQuery,
  fragmentRevisionsQuery,
  fragmentsPagePath,
} from "../fragments.queries.ts";
import { FragmentStatus } from "./FragmentsPage.tsx";
import styles from "./Fragments.module.css";

/** The revision's frame on this site, with its first preview data set as props (root-relative: the page's origin). */
function previewSource(fragment: FragmentDetails): string {
  const url = new URL(fragment.frameUrl);
  const data = fragment.previewData[0];
  if (data) url.searchParams.set("previewDataUUID", data.previewDataUUID);
  return url.pathname + url.search;
}

/**
 * What the preview frame runs: it is a new frame whenever that changes. A draft keeps its id, and its date has whole
 * seconds, so two saves in one second would otherwise leave the old frame in place.
 */
const frameVersion = (fragment: FragmentDetails) =>
  JSON.stringify([
    fragment.fragmentRevisionUUID,
    fragment.dateRevisionInserted,
    fragment.js,
    fragment.css,
    fragment.previewData,
  ]);

/** The commit dialog: the draft becomes the active revision, the one pages show. A plain form; Cancel closes it. */
function CommitDialog({ here, result, busy }: { here: string; result: FormResult | undefined; busy: boolean }) {
  const refused = result && !result.ok && result.values?.["intent"] === "commit" ? result : undefined;
  return (
    <Form
      method="post"
      action={here}
      className={styles.dialog}
      role="dialog"
      aria-labelledby="fragment-commit-title"
      aria-describedby="fragment-commit-text"
    >
      <h2 id="fragment-commit-title" className={styles.heading}>
        {t("Commit the draft")}
      </h2>
      <p id="fragment-commit-text" className={styles.note}>
        {t("The draft becomes the active revision: every page that places the fragment shows it at once.")}
      </p>
      <TransientKeyField />
      {refused?.message ? <FormAlert>{refused.message}</FormAlert> : null}
      <TextField
        label={t("Commit message")}
        name="commitMessage"
        defaultValue={refused?.values?.["commitMessage"] ?? ""}
        error={refused?.errors?.["commitMessage"]}
        required
        maxLength={500}
        autoFocus
      />
      <TextAreaField
        label={t("Description")}
        name="commitDescription"
        defaultValue={refused?.values?.["commitDescription"] ?? ""}
        rows={3}
      />
      <div className={styles.buttons}>
        <Button type="submit" name="intent" value="commit" buttonType="primary" isPending={busy}>
          {t("Commit")}
        </Button>
        <ButtonLink to={here} buttonType="standard">
          {t("Cancel")}
        </ButtonLink>
      </div>
    </Form>
  );
}

/**
 * `/dashboard/fragments/{uuid}`: the fragment's latest revision in the editor beside its preview frame, Save draft,
 * Commit (a dialog), and its revisions, each older one with Restore (its code becomes the draft). Behind the custom
 * code disclosure.
 */
export function FragmentEditorPage() {
  const api = useApi();
  const fragmentUUID = useParams()["fragmentUUID"] ?? "";
  const { data: fragment } = useSuspenseQuery(fragmentQuery(api, fragmentUUID));
  const { data: revisions } = useSuspenseQuery(fragmentRevisionsQuery(api, fragmentUUID));
  const { data: disclosure } = useSuspenseQuery(fragmentDisclosureQuery(api));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const [search] = useSearchParams();
  const here = fragmentEditorPath(fragmentUUID);
  const saved = search.get("saved");
  const restored = search.get("restored");
  const committing =
    search.get("commit") === "1" || (result !== undefined && !result.ok && result.values?.["intent"] === "commit");
  const otherResult = result && !result.values ? result : undefined;
  return (
    <section className={styles.page} aria-labelledby="fragment-title">
      <PageHead title={t("Fragment “{name}”", { name: fragment.name })} canonical={here} noindex />
      <p className={styles.back}>
        <Link to={fragmentsPagePath}>{t("All fragments")}</Link>
      </p>
      <div className={styles.titleRow}>
        <h1 id="fragment-title" className={styles.title}>
          {fragment.name}
        </h1>
        <FragmentStatus status={fragment.status} />
      </div>
      <p className={styles.note}>
        {fragment.fragmentType} ·{" "}
        {fragment.isApplied ? (
          <>
            {t("Applied on:")}{" "}
            {fragment.fragmentViews.map((view, index) => (
              <span key={view.recordID}>
                {index ? ", " : null}
                <a href={view.recordUrl}>{view.recordName}</a>
              </span>
            ))}
          </>
        ) : (
          t("No layout places it yet.")
        )}
      </p>
      {saved && !result ? (
        <FormAlert kind="success">
          {saved === "preview"
            ? t("The draft is saved: the preview shows it.")
            : t("The draft is saved. Pages show the active revision until you commit it.")}
        </FormAlert>
      ) : null}
      {search.get("committed") && !result ? (
        <FormAlert kind="success">{t("Committed: pages that place the fragment show this revision.")}</FormAlert>
      ) : null}
      {restored !== null && !result ? (
        <FormAlert kind="success">
          {t("The revision “{message}” is now the draft. Commit it to show it on pages.", { message: restored })}
        </FormAlert>
      ) : null}
      {otherResult?.message ? <FormAlert>{otherResult.message}</FormAlert> : null}
      {!disclosure.didAccept ? (
        <Disclosure busy={busy} />
      ) : (
        <>
          <div className={styles.actions}>
            {fragment.status === "draft" ? (
              <ButtonLink to={`${here}?commit=1`} buttonType="primary">
                {t("Commit")}
              </ButtonLink>
            ) : (
              <p className={styles.note}>{t("Nothing to commit: the latest revision is committed.")}</p>
            )}
            <ButtonLink to={`${fragmentsPagePath}?delete=${fragmentUUID}`} buttonType="standard">
              {t("Delete")}
            </ButtonLink>
          </div>
          {committing && fragment.status === "draft" ? <CommitDialog here={here} result={result} busy={busy} /> : null}
          <div className={styles.workbench}>
            <FragmentForm
              key={fragment.dateRevisionInserted}
              values={fragmentValues(fragment)}
              result={result}
              busy={busy}
              typeEditable={false}
            />
            <section className={styles.preview} aria-labelledby="fragment-preview-title">
              <h2 id="fragment-preview-title" className={styles.heading}>
                {fragment.status === "draft" ? t("Preview of the draft") : t("Preview")}
              </h2>
              <p className={styles.muted}>
                {t("The saved revision in its sandboxed frame, with the preview data as props.")}
              </p>
              <PreviewFrame
                src={previewSource(fragment)}
                version={frameVersion(fragment)}
                title={t("Preview of “{name}”", { name: fragment.name })}
              />
            </section>
          </div>
        </>
      )}
      <section className={styles.revisions} aria-labelledby="fragment-revisions-title">
        <h2 id="fragment-revisions-title" className={styles.heading}>
          {t("Revisions")}
        </h2>
        <div className={styles.scroll} role="region" aria-labelledby="fragment-revisions-title" tabIndex={0}>
          <table className={styles.table} aria-labelledby="fragment-revisions-title">
            <thead>
              <tr>
                <th scope="col">{t("Date")}</th>
                <th scope="col">{t("Status")}</th>
                <th scope="col">{t("Commit message")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("Actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {revisions.map((revision) => (
                <tr key={revision.fragmentRevisionUUID}>
                  <td>
                    <DateTime date={revision.dateRevisionInserted} />
                  </td>
                  <td>
                    <FragmentStatus status={revision.status} />
                  </td>
                  <td>{revision.commitMessage || t("(not committed)")}</td>
                  <td>
                    {revision.isLatest || !disclosure.didAccept ? null : (
                      <Form method="post" action={here}>
                        <TransientKeyField />
                        <input type="hidden" name="intent" value="restore" />
                        <input type="hidden" name="fragmentRevisionUUID" value={revision.fragmentRevisionUUID} />
                        <Button
                          type="submit"
                          buttonType="standard"
                          isPending={busy}
                          aria-label={t("Restore “{message}”", { message: revision.commitMessage })}
                        >
                          {t("Restore")}
                        </Button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </section>
  );
}
