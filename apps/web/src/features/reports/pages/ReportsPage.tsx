import { useSuspenseQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Form, Link, useActionData, useLocation, useNavigation, useSubmit } from "react-router";
import type { Report, ReportRecordType, UserFragment } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { FormAlert } from "../../../ui/forms/Form.tsx";
import { ConfirmModal } from "../../../ui/modal/Modal.tsx";
import { Pager } from "../../../ui/pager/Pager.tsx";
import { reportListQuery } from "../reports.queries.ts";
import { readReportsSearch, reportsHref, reportsPageLimit, reportsPath } from "../reports.urls.ts";
import styles from "./ReportsPage.module.css";

const statusLabel = (status: string) =>
  status === "new"
    ? t("New")
    : status === "escalated"
      ? t("Acted on")
      : status === "dismissed"
        ? t("Dismissed")
        : status;

/** The status filter's choices: the value of `statuses`. */
const statusChoices = (): Array<{ value: string; label: string }> => [
  { value: "new", label: t("New") },
  { value: "escalated", label: t("Acted on") },
  { value: "dismissed", label: t("Dismissed") },
  { value: "none", label: t("All") },
];

/** Delete the reported post: a form post (works without JavaScript), confirmed first once hydrated. */
function RejectRecordForm({ report, action, busy }: { report: Report; action: string; busy: boolean }) {
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const [confirming, setConfirming] = useState(false);
  return (
    <Form
      method="post"
      action={action}
      ref={form}
      onSubmit={(event) => {
        event.preventDefault();
        setConfirming(true);
      }}
    >
      <TransientKeyField />
      <input type="hidden" name="intent" value="rejectRecord" />
      <input type="hidden" name="reportID" value={report.reportID} />
      <Button type="submit" buttonType="standard" isPending={busy}>
        {t("Delete Post")}
      </Button>
      <ConfirmModal
        isOpen={confirming}
        title={t("Delete Post")}
        confirmLabel={t("Delete")}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          if (form.current) void submit(form.current);
        }}
      >
        {report.recordType === "comment"
          ? t("Are you sure you want to delete this comment?")
          : t("Are you sure you want to delete this discussion?")}
      </ConfirmModal>
    </Form>
  );
}

const kindLabel = (recordType: string) =>
  recordType === "comment" ? t("Comment") : recordType === "message" ? t("Private Message") : t("Discussion");

/**
 * A private message's report: the message as it was when reported (the server's sanitised HTML), its author and
 * date; moderators take no part in the conversation, so there is nothing to open.
 */
function MessageSnapshot({ report, titleID }: { report: Report; titleID: string }) {
  const author = report.recordUser as UserFragment;
  return (
    <>
      <p id={titleID} className={styles.name}>
        {t("Private message from {name}", { name: author.name })}{" "}
        {report.recordDateInserted ? <DateTime date={report.recordDateInserted} /> : null}
      </p>
      <blockquote
        className={styles.excerpt}
        data-part="message-snapshot"
        dangerouslySetInnerHTML={{ __html: report.recordHtml ?? "" }}
      />
      <p className={styles.privacy}>
        {t("Only this message is shown to moderators; the rest of the conversation stays private.")}{" "}
        <a href={author.url}>{t("The author's profile")}</a>
      </p>
    </>
  );
}

function ReportItem({ report, action, busy }: { report: Report; action: string; busy: boolean }) {
  const titleID = `report-${report.reportID}-title`;
  const open = report.status !== "dismissed";
  const isMessage = report.recordType === "message";
  // The contract's reference to the shared user fragment schema.
  const reporter = report.insertUser as UserFragment;
  return (
    <li className={styles.item} aria-labelledby={titleID} data-report-id={report.reportID}>
      <div className={styles.head}>
        <span className={styles.kind}>{kindLabel(report.recordType)}</span>
        {isMessage ? null : (
          <a id={titleID} href={report.recordUrl} className={styles.name}>
            {report.recordName}
          </a>
        )}
        <span className={styles.status} data-status={report.status}>
          {statusLabel(report.status)}
        </span>
      </div>
      {isMessage ? (
        <MessageSnapshot report={report} titleID={titleID} />
      ) : report.recordExcerpt ? (
        <blockquote className={styles.excerpt}>{report.recordExcerpt}</blockquote>
      ) : null}
      <dl className={styles.facts}>
        <dt>{t("Reason")}</dt>
        <dd>{report.reportReasons.map((reason) => reason.name).join(", ") || report.reportReasonIDs.join(", ")}</dd>
        {report.noteBody ? (
          <>
            <dt>{t("Note")}</dt>
            <dd className={styles.note}>{report.noteBody}</dd>
          </>
        ) : null}
        <dt>{t("Reported by")}</dt>
        <dd>
          <a href={reporter.url}>{reporter.name}</a> <DateTime date={report.dateInserted} />
        </dd>
        <dt>{isMessage ? t("Open reports of this message") : t("Open reports of this post")}</dt>
        <dd>
          <Link
            to={reportsHref(
              { statuses: [], page: 1, limit: reportsPageLimit },
              { recordType: report.recordType as ReportRecordType, recordID: report.recordID },
            )}
          >
            {report.countReports === 1 ? t("1 report") : t("{count} reports", { count: report.countReports })}
          </Link>
        </dd>
      </dl>
      <div className={styles.actions}>
        {open ? (
          <Form method="post" action={action}>
            <TransientKeyField />
            <input type="hidden" name="intent" value="dismiss" />
            <input type="hidden" name="reportID" value={report.reportID} />
            <Button type="submit" buttonType="standard" isPending={busy}>
              {t("Dismiss")}
            </Button>
          </Form>
        ) : null}
        {/* Deleting and viewing are for posts: a message's report is dismissed, its author warned or banned. */}
        {report.status === "new" && !isMessage ? (
          <RejectRecordForm report={report} action={action} busy={busy} />
        ) : null}
        {isMessage ? null : (
          <a href={report.recordUrl} className={styles.view}>
            {t("View Post")}
          </a>
        )}
      </div>
    </li>
  );
}

/** `/dashboard/content/reports`: the report queue (new reports by default) or one post's reports. */
export function ReportsPage() {
  const api = useApi();
  const location = useLocation();
  const params = readReportsSearch(new URLSearchParams(location.search))!;
  const { data } = useSuspenseQuery(reportListQuery(api, params));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const action = location.pathname + location.search;
  const statusValue = params.statuses.length ? params.statuses.join(",") : "none";
  const oneRecord = params.recordType !== undefined;
  const title = !oneRecord
    ? t("Reports")
    : params.recordType === "message"
      ? t("Reports of this message")
      : t("Reports of this post");
  return (
    <section className={styles.page} aria-labelledby="reports-title">
      <PageHead title={title} canonical={reportsHref(params)} noindex />
      <h1 id="reports-title" className={styles.title}>
        {title}
      </h1>
      {oneRecord ? (
        <p>
          <Link to={reportsPath}>{t("All reports")}</Link>
        </p>
      ) : null}
      {/* A GET form: the filter is a URL, and works without JavaScript. */}
      <form method="get" action={reportsPath} className={styles.filter}>
        <label htmlFor="reports-status">{t("Status")}</label>
        <select id="reports-status" name="statuses" defaultValue={statusValue} className={styles.select}>
          {statusChoices().map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        {oneRecord ? (
          <>
            <input type="hidden" name="recordType" value={params.recordType} />
            <input type="hidden" name="recordID" value={params.recordID} />
          </>
        ) : null}
        <Button type="submit" buttonType="standard">
          {t("Filter")}
        </Button>
      </form>
      {result?.message ? <FormAlert kind={result.ok ? "success" : "error"}>{result.message}</FormAlert> : null}
      {data.items.length === 0 ? (
        <p className={styles.empty}>{t("There are no reports here.")}</p>
      ) : (
        <ul className={styles.list} aria-label={title}>
          {data.items.map((report) => (
            <ReportItem key={report.reportID} report={report} action={action} busy={busy} />
          ))}
        </ul>
      )}
      <Pager
        page={params.page}
        limit={reportsPageLimit}
        total={data.paging?.total ?? data.items.length}
        href={(page) => reportsHref(params, { page })}
        label={t("Report pages")}
      />
    </section>
  );
}
