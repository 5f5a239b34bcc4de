import { useSuspenseQuery } from "@tanstack/react-query";
import { Form, Link, useActionData, useLocation, useNavigation } from "react-router";
import type { ChangeLogEntry } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { FormAlert } from "../../../ui/forms/Form.tsx";
import { Pager } from "../../../ui/pager/Pager.tsx";
import { UserPhoto } from "../../../ui/user-photo/UserPhoto.tsx";
import { discussionQuery } from "../../discussions/index.ts";
import {
  logFilterPath,
  logPageLimit,
  logQuery,
  newerRevisionQuery,
  readLogFilter,
  type LogFilter,
} from "../log.queries.ts";
import styles from "./LogPage.module.css";

/** A version of the discussion: its title and its body (sanitised HTML from the server's one pipeline). */
interface Version {
  name: string;
  body: string;
}

function Who({ user }: { user: ChangeLogEntry["insertUser"] }) {
  return (
    <span className={styles.who}>
      <UserPhoto name={user.name} photoUrl={user.photoUrl} size="xsmall" decorative />
      <a href={user.url}>{user.name}</a>
    </span>
  );
}

/** One edit: who and when, the title before → after when it changed, and the body before and after. */
function Revision({ entry, after }: { entry: ChangeLogEntry; after: Version }) {
  const headingID = `log-${entry.logID}`;
  const before: Version = { name: entry.name ?? "", body: entry.body };
  return (
    <li className={styles.item}>
      <article aria-labelledby={headingID}>
        <h2 id={headingID} className={styles.entryTitle}>
          <Who user={entry.insertUser} /> <span className={styles.verb}>{t("edited")}</span>{" "}
          <DateTime date={entry.dateInserted} />
        </h2>
        {before.name !== after.name ? (
          <p className={styles.titleChange}>
            <span className={styles.label}>{t("Title")}:</span> <del>{before.name}</del>{" "}
            <span aria-hidden="true">→</span> <ins>{after.name}</ins>
          </p>
        ) : null}
        {before.body !== after.body ? (
          <div className={styles.compare}>
            <section className={styles.version} aria-label={t("Before")}>
              <h3 className={styles.versionTitle}>{t("Before")}</h3>
              <div className={styles.body} dangerouslySetInnerHTML={{ __html: before.body }} />
            </section>
            <section className={styles.version} aria-label={t("After")}>
              <h3 className={styles.versionTitle}>{t("After")}</h3>
              <div className={styles.body} dangerouslySetInnerHTML={{ __html: after.body }} />
            </section>
          </div>
        ) : (
          <p className={styles.meta}>{t("The text did not change.")}</p>
        )}
      </article>
    </li>
  );
}

/** A deleted comment: its author, who deleted it and when, its text, and Restore (a form post). */
function DeletedComment({ entry, busy }: { entry: ChangeLogEntry; busy: boolean }) {
  const location = useLocation();
  const headingID = `log-${entry.logID}`;
  return (
    <li className={styles.item}>
      <article aria-labelledby={headingID}>
        <h2 id={headingID} className={styles.entryTitle}>
          <Who user={entry.authorUser} /> <DateTime date={entry.dateRecordInserted} />
        </h2>
        <div className={styles.body} dangerouslySetInnerHTML={{ __html: entry.body }} />
        <div className={styles.footer}>
          <p className={styles.meta}>
            {t("Deleted by {name}", { name: entry.insertUser.name })} <DateTime date={entry.dateInserted} />
          </p>
          <Form method="post" action={location.pathname + location.search}>
            <TransientKeyField />
            <input type="hidden" name="intent" value="restore" />
            <input type="hidden" name="logID" value={entry.logID} />
            <Button type="submit" buttonType="standard" isPending={busy} aria-describedby={headingID}>
              {t("Restore")}
            </Button>
          </Form>
        </div>
      </article>
    </li>
  );
}

/** A page of edits, newest first: each one's "after" is the version the one above it replaced. */
function Revisions({ filter, newest }: { filter: LogFilter; newest: Version }) {
  const api = useApi();
  const { data } = useSuspenseQuery(logQuery(api, filter));
  let after = newest;
  return (
    <ol className={styles.list}>
      {data.items.map((entry) => {
        const node = <Revision key={entry.logID} entry={entry} after={after} />;
        after = { name: entry.name ?? "", body: entry.body };
        return node;
      })}
    </ol>
  );
}

/** A later page: its first edit is compared with the last entry of the page before. */
function LaterRevisions({ filter }: { filter: LogFilter }) {
  const api = useApi();
  const { data } = useSuspenseQuery(newerRevisionQuery(api, filter));
  const newer = data.items[0];
  return <Revisions filter={filter} newest={{ name: newer?.name ?? "", body: newer?.body ?? "" }} />;
}

/** `/log/filter`: a discussion's revision history, or its deleted comments with Restore (moderators). */
export function LogPage() {
  const api = useApi();
  const location = useLocation();
  const filter = readLogFilter(new URLSearchParams(location.search))!;
  const { data: discussion } = useSuspenseQuery(discussionQuery(api, filter.discussionID));
  const { data } = useSuspenseQuery(logQuery(api, filter));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const revisions = filter.kind === "revisions";
  const title = revisions ? t("Revision History") : t("Deleted Comments");
  const restoredID = result?.ok ? result.values?.["commentID"] : undefined;
  return (
    <section className={styles.page} aria-labelledby="log-title">
      <PageHead title={`${title}: ${discussion.name}`} canonical={logFilterPath(filter)} noindex />
      <p className={styles.back}>
        <a href={discussion.url}>{discussion.name}</a>
      </p>
      <h1 id="log-title" className={styles.title}>
        {title}
      </h1>
      {result?.message ? (
        <FormAlert kind={result.ok ? "success" : "error"}>
          {result.message}{" "}
          {restoredID ? <Link to={`/discussion/comment/${restoredID}`}>{t("View the comment")}</Link> : null}
        </FormAlert>
      ) : null}
      {data.items.length === 0 ? (
        <p className={styles.empty}>
          {revisions ? t("This discussion has not been edited.") : t("This discussion has no deleted comments.")}
        </p>
      ) : revisions ? (
        filter.page > 1 ? (
          <LaterRevisions filter={filter} />
        ) : (
          <Revisions filter={filter} newest={{ name: discussion.name, body: discussion.body ?? "" }} />
        )
      ) : (
        <ol className={styles.list}>
          {data.items.map((entry) => (
            <DeletedComment key={entry.logID} entry={entry} busy={busy} />
          ))}
        </ol>
      )}
      <Pager
        page={filter.page}
        limit={logPageLimit}
        total={data.paging?.total ?? data.items.length}
        href={(page) => logFilterPath(filter, page)}
        label={revisions ? t("Revision pages") : t("Deleted comment pages")}
      />
    </section>
  );
}
