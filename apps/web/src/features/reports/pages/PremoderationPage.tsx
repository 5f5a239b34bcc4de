import { useSuspenseQuery } from "@tanstack/react-query";
import { Form, Link, useActionData, useLocation, useNavigation } from "react-router";
import type { PremoderationReason, Report, UserFragment } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { FormAlert } from "../../../ui/forms/Form.tsx";
import { Pager } from "../../../ui/pager/Pager.tsx";
import { premoderationQuery } from "../reports.queries.ts";
import { premoderationHref, readPremoderationSearch } from "../reports.urls.ts";
import styles from "./ReportsPage.module.css";

const reasonLabel = (reason: PremoderationReason) => {
  switch (reason.premoderationType) {
    case "premoderatedRole":
      return t("Role requires approval");
    case "premoderatedNewMember":
      return t("New member");
    case "premoderatedLinks":
      return t("Too many links");
    case "premoderatedKeyword":
      return t("Watched word");
    case "premoderatedSpam":
      return t("Spam check");
  }
};

/**
 * One held post: who, where, why, the post as it will read, and its own Approve and Reject buttons. A held edit
 * of a published post shows the post's current text beside the proposed one.
 */
function HeldItem({ report, busy }: { report: Report; busy: boolean }) {
  const held = report.pendingRecord;
  if (!held) return null;
  const titleID = `held-${report.reportID}-title`;
  const author = report.recordUser as UserFragment;
  return (
    <li className={styles.item} aria-labelledby={titleID} data-report-id={report.reportID}>
      <div className={styles.head}>
        <input
          type="checkbox"
          name="reportID"
          value={report.reportID}
          id={`held-${report.reportID}-select`}
          aria-labelledby={titleID}
        />
        <span className={styles.kind}>
          {held.isPendingUpdate
            ? held.kind === "comment"
              ? t("Edit of a comment")
              : t("Edit of a discussion")
            : held.kind === "comment"
              ? t("Comment")
              : t("Discussion")}
        </span>
        <span id={titleID} className={styles.name}>
          {held.kind === "discussion" ? held.name : t("Comment in {discussion}", { discussion: report.recordName })}
        </span>
      </div>
      <dl className={styles.facts}>
        <dt>{t("Author")}</dt>
        <dd>
          <a href={author.url}>{author.name}</a> <DateTime date={held.dateInserted} />
        </dd>
        <dt>{t("Where")}</dt>
        <dd>
          <a href={report.recordUrl}>{report.recordName}</a>
        </dd>
        <dt>{t("Why")}</dt>
        <dd>
          <ul className={styles.reasons}>
            {held.premoderatinReasons.map((reason) => (
              <li key={reason.premoderationType}>
                <strong>{reasonLabel(reason)}</strong>: {reason.description}
              </li>
            ))}
          </ul>
        </dd>
      </dl>
      {/* Rendered and sanitised by the server, as posts are. */}
      {held.current ? (
        <>
          <h3 className={styles.heldHeading}>{t("Current text")}</h3>
          {held.kind === "discussion" && held.current.name !== held.name ? <p>{held.current.name}</p> : null}
          <div
            className={styles.heldBody}
            data-part="current"
            dangerouslySetInnerHTML={{ __html: held.current.body }}
          />
          <h3 className={styles.heldHeading}>{t("Proposed edit")}</h3>
          {held.kind === "discussion" && held.current.name !== held.name ? <p>{held.name}</p> : null}
        </>
      ) : null}
      <div className={styles.heldBody} data-part="proposed" dangerouslySetInnerHTML={{ __html: held.body }} />
      <div className={styles.actions}>
        <Button type="submit" name="intent" value={`approve:${report.reportID}`} buttonType="primary" isPending={busy}>
          {t("Approve")}
        </Button>
        <Button type="submit" name="intent" value={`reject:${report.reportID}`} buttonType="standard" isPending={busy}>
          {t("Reject")}
        </Button>
      </div>
    </li>
  );
}

/**
 * `/dashboard/content/premoderation`: posts held for approval (or as spam) until a moderator approves them
 * (published as their author's) or rejects them (discarded). One form: each post's own buttons, or the
 * selected posts at once; it works without JavaScript.
 */
export function PremoderationPage() {
  const api = useApi();
  const location = useLocation();
  const params = readPremoderationSearch(new URLSearchParams(location.search))!;
  const { data } = useSuspenseQuery(premoderationQuery(api, params));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const title = t("Premoderation");
  const tabs = [
    { queue: "approval" as const, label: t("Awaiting approval") },
    { queue: "spam" as const, label: t("Spam") },
  ];
  return (
    <section className={styles.page} aria-labelledby="premoderation-title">
      <PageHead title={title} canonical={premoderationHref(params)} noindex />
      <h1 id="premoderation-title" className={styles.title}>
        {title}
      </h1>
      <nav aria-label={t("Queues")} className={styles.tabs}>
        {tabs.map((tab) => (
          <Link
            key={tab.queue}
            to={premoderationHref({ ...params, queue: tab.queue, page: 1 })}
            className={styles.tab}
            aria-current={tab.queue === params.queue ? "page" : undefined}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {result?.message ? <FormAlert kind={result.ok ? "success" : "error"}>{result.message}</FormAlert> : null}
      {data.items.length === 0 ? (
        <p className={styles.empty}>
          {params.queue === "spam" ? t("No posts are held as spam.") : t("No posts are awaiting approval.")}
        </p>
      ) : (
        <Form method="post" action={location.pathname + location.search}>
          <TransientKeyField />
          <div className={styles.bulk}>
            <Button type="submit" name="intent" value="approveSelected" buttonType="standard" isPending={busy}>
              {t("Approve selected")}
            </Button>
            <Button type="submit" name="intent" value="rejectSelected" buttonType="standard" isPending={busy}>
              {t("Reject selected")}
            </Button>
          </div>
          <ul className={styles.list} aria-label={title}>
            {data.items.map((report) => (
              <HeldItem key={report.reportID} report={report} busy={busy} />
            ))}
          </ul>
        </Form>
      )}
      <Pager
        page={params.page}
        limit={params.limit}
        total={data.paging?.total ?? data.items.length}
        href={(page) => premoderationHref({ ...params, page })}
        label={t("Premoderation pages")}
      />
    </section>
  );
}
