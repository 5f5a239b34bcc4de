import { useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Form, useActionData, useLocation, useNavigation } from "react-router";
import type { Draft } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { FormAlert } from "../../../ui/forms/Form.tsx";
import { Pager } from "../../../ui/pager/Pager.tsx";
import { canScheduleQuery, draftListQuery, draftsPageLimit } from "../drafts.queries.ts";
import { AwaitingApproval } from "./AwaitingApproval.tsx";
import styles from "./DraftsPage.module.css";
import { EmptyState } from "../../../ui/empty-state/EmptyState.tsx";
import { FileTextIcon } from "../../../ui/icons/more.tsx";

/** `?page=`: 1 by default; null when it is not a page number. */
export function readDraftsPage(search: URLSearchParams): number | null {
  const raw = search.get("page");
  if (raw === null || raw === "") return 1;
  return /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : null;
}

const draftsPath = (page: number) => (page > 1 ? `/drafts?page=${page}` : "/drafts");

/** A date as a `datetime-local` value in the browser's zone (UTC on the server). */
function localInputValue(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

interface DraftItemProps {
  draft: Draft;
  result: FormResult | undefined;
  busy: boolean;
  /** The member holds `schedule.allow`. */
  canSchedule: boolean;
}

function DraftItem({ draft, result, busy, canSchedule }: DraftItemProps) {
  const location = useLocation();
  const action = location.pathname + location.search;
  const [offset, setOffset] = useState("0");
  // The browser's offset goes with the chosen time; without JavaScript the time is UTC.
  useEffect(() => setOffset(String(new Date().getTimezoneOffset())), []);
  const titleID = `draft-${draft.draftID}-title`;
  const inputID = `draft-${draft.draftID}-when`;
  const errorID = `draft-${draft.draftID}-error`;
  const error = result?.errors?.[`dateScheduled-${draft.draftID}`];
  const title = draft.name || (draft.recordType === "comment" ? t("Comment") : t("Untitled"));
  return (
    <li className={styles.item} aria-labelledby={titleID} data-draft-id={draft.draftID}>
      <div className={styles.head}>
        <a id={titleID} href={draft.editUrl} className={styles.name}>
          {draft.recordType === "comment" ? t("Comment on {name}", { name: title }) : title}
        </a>
        <span className={styles.status} data-status={draft.draftStatus}>
          {draft.draftStatus === "scheduled"
            ? t("Scheduled")
            : draft.draftStatus === "error"
              ? t("Failed")
              : t("Draft")}
        </span>
      </div>
      {draft.excerpt ? <p className={styles.excerpt}>{draft.excerpt}</p> : null}
      <p className={styles.meta}>
        {draft.draftStatus === "scheduled" && draft.dateScheduled ? (
          <>
            {t("Publishes")} <DateTime date={draft.dateScheduled} mode="fixed" type="extended" />
          </>
        ) : (
          <>
            {t("Saved")} <DateTime date={draft.dateUpdated ?? draft.dateInserted} />
          </>
        )}
      </p>
      {draft.draftStatus === "error" && draft.failedReason ? (
        <p className={styles.failed} role="note">
          {t("Could not publish:")} {draft.failedReason}
        </p>
      ) : null}
      <div className={styles.actions}>
        {canSchedule && (draft.recordType === "discussion" || draft.recordType === "comment") ? (
          <Form method="post" action={action} className={styles.scheduleForm}>
            <TransientKeyField />
            <input type="hidden" name="intent" value="schedule" />
            <input type="hidden" name="draftID" value={draft.draftID} />
            <input type="hidden" name="draftStatus" value={draft.draftStatus} />
            <input type="hidden" name="timezoneOffset" value={offset} />
            <label htmlFor={inputID} className={styles.label}>
              {draft.draftStatus === "scheduled" ? t("Reschedule for") : t("Schedule for")}
            </label>
            <input
              id={inputID}
              type="datetime-local"
              name="dateScheduled"
              className={styles.input}
              defaultValue={localInputValue(draft.dateScheduled)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorID : undefined}
              required
            />
            <Button type="submit" buttonType="standard" isPending={busy}>
              {draft.draftStatus === "scheduled" ? t("Reschedule") : t("Schedule")}
            </Button>
            {error ? (
              <p id={errorID} className={styles.error}>
                {error}
              </p>
            ) : null}
          </Form>
        ) : null}
        {draft.draftStatus !== "draft" ? (
          <Form method="post" action={action}>
            <TransientKeyField />
            <input type="hidden" name="intent" value="cancelSchedule" />
            <input type="hidden" name="draftID" value={draft.draftID} />
            <Button type="submit" buttonType="standard" isPending={busy}>
              {t("Cancel Schedule")}
            </Button>
          </Form>
        ) : null}
        <Form method="post" action={action}>
          <TransientKeyField />
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="draftID" value={draft.draftID} />
          <Button type="submit" buttonType="standard" isPending={busy}>
            {t("Delete")}
          </Button>
        </Form>
      </div>
    </li>
  );
}

/** `/drafts`: the member's drafts and scheduled posts, newest change first, with delete, schedule and cancel. */
export function DraftsPage() {
  const api = useApi();
  const location = useLocation();
  const page = readDraftsPage(new URLSearchParams(location.search)) ?? 1;
  const { data } = useSuspenseQuery(draftListQuery(api, page));
  const { data: canSchedule } = useSuspenseQuery(canScheduleQuery(api));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const scheduled = data.items.filter((draft) => draft.draftStatus !== "draft");
  const drafts = data.items.filter((draft) => draft.draftStatus === "draft");
  return (
    <section className={styles.page} aria-labelledby="drafts-title">
      <PageHead title={t("Drafts")} canonical={draftsPath(page)} noindex />
      <h1 id="drafts-title" className={styles.title}>
        {t("Drafts")}
      </h1>
      {result?.message ? <FormAlert kind={result.ok ? "success" : "error"}>{result.message}</FormAlert> : null}
      <AwaitingApproval confirm={new URLSearchParams(location.search).get("awaiting") === "approval"} />
      {data.items.length === 0 ? (
        <EmptyState icon={<FileTextIcon size={32} strokeWidth={1.5} />}>{t("You do not have any drafts.")}</EmptyState>
      ) : null}
      {scheduled.length ? (
        <>
          <h2 id="scheduled-title" className={styles.subtitle}>
            {t("Scheduled Posts")}
          </h2>
          <ul className={styles.list} aria-labelledby="scheduled-title">
            {scheduled.map((draft) => (
              <DraftItem key={draft.draftID} draft={draft} result={result} busy={busy} canSchedule={canSchedule} />
            ))}
          </ul>
        </>
      ) : null}
      {drafts.length ? (
        <>
          <h2 id="unposted-title" className={styles.subtitle}>
            {t("Unposted Drafts")}
          </h2>
          <ul className={styles.list} aria-labelledby="unposted-title">
            {drafts.map((draft) => (
              <DraftItem key={draft.draftID} draft={draft} result={result} busy={busy} canSchedule={canSchedule} />
            ))}
          </ul>
        </>
      ) : null}
      <Pager
        page={page}
        limit={draftsPageLimit}
        total={data.paging?.total ?? data.items.length}
        href={draftsPath}
        label={t("Draft pages")}
      />
    </section>
  );
}
