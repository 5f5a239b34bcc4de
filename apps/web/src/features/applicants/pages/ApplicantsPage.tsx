import { useSuspenseQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Form, useActionData, useLocation, useNavigation, useSubmit } from "react-router";
import type { Applicant } from "@parley/contracts";
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
import { applicantsPageLimit } from "../applicants.api.ts";
import { applicantsHref, applicantsPageOf, applicantsQuery } from "../applicants.queries.ts";
import styles from "./ApplicantsPage.module.css";

/** The hidden fields every decision carries. */
function DecisionFields({ applicant, intent }: { applicant: Applicant; intent: "approve" | "decline" }) {
  return (
    <>
      <TransientKeyField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="userID" value={applicant.userID} />
      <input type="hidden" name="name" value={applicant.name} />
    </>
  );
}

/** Decline deletes the account: a form post (works without JavaScript), confirmed first once hydrated. */
function DeclineForm({ applicant, action, busy }: { applicant: Applicant; action: string; busy: boolean }) {
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
      <DecisionFields applicant={applicant} intent="decline" />
      <Button type="submit" buttonType="standard" isPending={busy}>
        {t("Decline")}
      </Button>
      <ConfirmModal
        isOpen={confirming}
        title={t("Decline {name}", { name: applicant.name })}
        confirmLabel={t("Decline")}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          if (form.current) void submit(form.current);
        }}
      >
        {t("The application is deleted, with the account it created. This cannot be undone.")}
      </ConfirmModal>
    </Form>
  );
}

function ApplicantItem({ applicant, action, busy }: { applicant: Applicant; action: string; busy: boolean }) {
  const titleID = `applicant-${applicant.userID}-name`;
  return (
    <li className={styles.item} aria-labelledby={titleID} data-applicant-id={applicant.userID}>
      <h2 id={titleID} className={styles.name}>
        {applicant.name}
      </h2>
      <dl className={styles.facts}>
        <dt>{t("Email")}</dt>
        <dd>{applicant.email}</dd>
        <dt>{t("Applied")}</dt>
        <dd>
          <DateTime date={applicant.dateInserted} />
        </dd>
        {applicant.insertIPAddress ? (
          <>
            <dt>{t("IP address")}</dt>
            <dd>{applicant.insertIPAddress}</dd>
          </>
        ) : null}
      </dl>
      <p className={styles.reasonLabel}>{t("Why do you want to join?")}</p>
      <blockquote className={styles.reason}>{applicant.discoveryText}</blockquote>
      <div className={styles.actions}>
        <Form method="post" action={action}>
          <DecisionFields applicant={applicant} intent="approve" />
          <Button type="submit" buttonType="primary" isPending={busy}>
            {t("Approve")}
          </Button>
        </Form>
        <DeclineForm applicant={applicant} action={action} busy={busy} />
      </div>
    </li>
  );
}

/** `/dashboard/users/applicants`: who waits for approval, oldest first, with Approve and Decline. */
export function ApplicantsPage() {
  const api = useApi();
  const location = useLocation();
  const page = applicantsPageOf(new URLSearchParams(location.search)) ?? 1;
  const { data } = useSuspenseQuery(applicantsQuery(api, page));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const action = location.pathname + location.search;
  const total = data.paging?.total ?? data.items.length;
  // The decision's outcome; a refusal of a form without fields may carry its reason as a field error.
  const notice = result?.message ?? Object.values(result?.errors ?? {})[0];
  return (
    <section className={styles.page} aria-labelledby="applicants-title">
      <PageHead title={t("Applicants")} canonical={applicantsHref(page)} noindex />
      <h1 id="applicants-title" className={styles.title}>
        {t("Applicants")}
      </h1>
      <p className={styles.intro}>
        {t("New members register by approval: they can sign in once you approve them. Declining deletes the account.")}
      </p>
      {notice ? <FormAlert kind={result?.ok ? "success" : "error"}>{notice}</FormAlert> : null}
      {data.items.length === 0 ? (
        <p className={styles.empty}>{t("Nobody is waiting for approval.")}</p>
      ) : (
        <ul className={styles.list} aria-label={t("Applicants")}>
          {data.items.map((applicant) => (
            <ApplicantItem key={applicant.userID} applicant={applicant} action={action} busy={busy} />
          ))}
        </ul>
      )}
      <Pager page={page} limit={applicantsPageLimit} total={total} href={applicantsHref} label={t("Applicant pages")} />
    </section>
  );
}
