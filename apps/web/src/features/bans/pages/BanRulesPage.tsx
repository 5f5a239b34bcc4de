import { useSuspenseQuery } from "@tanstack/react-query";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import { banRuleRules, banRulesPagePath, type BanType } from "@parley/contracts/ban-rules-constants";
import { limits } from "@parley/contracts/limits";
import type { BanRule } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { useNow } from "../../../lib/now.tsx";
import { formatCount } from "../../../lib/numbers.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { CheckboxField, FormAlert, SelectField, SubmitButton, TextField } from "../../../ui/forms/Form.tsx";
import { Pager } from "../../../ui/pager/Pager.tsx";
import { BAN_RULES_PAGE_SIZE, banRulesQuery } from "../bans.queries.ts";
import styles from "./BanRulesPage.module.css";

export const readListPage = (search: URLSearchParams) =>
  Math.max(1, Math.min(limits.api.maxPage, Number.parseInt(search.get("page") ?? "1", 10) || 1));

const banTypeLabels = (): Record<BanType, string> => ({
  ipAddress: t("IP address"),
  email: t("E-mail"),
  name: t("Name"),
});

const pageHref = (page: number) => `${banRulesPagePath}${page > 1 ? `?page=${page}` : ""}`;

/** A rule's end date as the form shows it (the day, UTC), or "" for none. */
const expiryDay = (dateExpires: string | null | undefined) => (dateExpires ? dateExpires.slice(0, 10) : "");

/** Whether a rule's end date has passed: it is kept and listed, but applies no more. */
const hasExpired = (rule: BanRule, now: number) => rule.dateExpires !== null && Date.parse(rule.dateExpires) <= now;

/** The add form, or the edit form of one rule: type, value, notes and when it ends. */
function RuleForm({ rule, result, busy }: { rule?: BanRule; result: FormResult | undefined; busy: boolean }) {
  const intent = rule ? "edit" : "add";
  const mine = result && !result.ok && result.values?.["intent"] === intent ? result : undefined;
  const labels = banTypeLabels();
  return (
    <Form method="post" action={pageHref(1)} className={styles.form} aria-label={rule ? t("Edit rule") : t("Add rule")}>
      <TransientKeyField />
      <input type="hidden" name="intent" value={intent} />
      {rule ? <input type="hidden" name="banID" value={rule.banID} /> : null}
      <div className={styles.pair}>
        <SelectField
          label={t("Type")}
          name="banType"
          defaultValue={mine?.values?.["banType"] ?? rule?.banType ?? "ipAddress"}
          error={mine?.errors?.["banType"]}
          options={Object.entries(labels).map(([value, label]) => ({ value, label }))}
        />
        <TextField
          label={t("Value")}
          name="banValue"
          required
          maxLength={banRuleRules.valueMaxLength}
          defaultValue={mine?.values?.["banValue"] ?? rule?.banValue ?? ""}
          error={
            mine?.errors?.["banValue"] ?? (mine?.errors && Object.keys(mine.errors).length ? undefined : mine?.message)
          }
          hint={t(
            "IP address: 203.0.113.7, a range such as 203.0.113.0/24 or 2001:db8::/32, or 203.0.113.*. E-mail: a domain such as spam.example (its subdomains too) or *@spam.example. Name: a pattern such as spam* (any case or width).",
          )}
        />
      </div>
      <TextField
        label={t("Notes")}
        name="notes"
        maxLength={banRuleRules.notesMaxLength}
        defaultValue={mine?.values?.["notes"] ?? rule?.notes ?? ""}
      />
      <TextField
        label={t("Expires")}
        name="dateExpires"
        type="date"
        defaultValue={mine?.values?.["dateExpires"] ?? expiryDay(rule?.dateExpires)}
        error={mine?.errors?.["dateExpires"]}
        hint={t("The rule applies until this day begins (UTC). Leave it empty for a rule that never expires.")}
      />
      {rule ? null : (
        <CheckboxField
          label={t("Also ban the members it matches now (administrators never)")}
          name="banMatchingMembers"
          defaultChecked={mine?.values?.["banMatchingMembers"] === "1"}
        />
      )}
      <div className={styles.buttons}>
        <SubmitButton busy={busy}>{rule ? t("Save Rule") : t("Add Rule")}</SubmitButton>
        {rule ? <Link to={pageHref(1)}>{t("Cancel")}</Link> : null}
      </div>
    </Form>
  );
}

/** `/dashboard/users/bans`: the ban rules, newest first, each with what it matched; added, edited and deleted. */
export function BanRulesPage() {
  const api = useApi();
  const [search] = useSearchParams();
  const page = readListPage(search);
  const { data } = useSuspenseQuery(banRulesQuery(api, page));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const labels = banTypeLabels();
  // The rule being edited: the address's, or after a refused edit (the form posts to the list's address) the form's.
  const refusedEdit = result && !result.ok && result.values?.["intent"] === "edit" ? result.values["banID"] : null;
  const editingID = search.get("edit") ?? refusedEdit;
  const editing = data.items.find((rule) => String(rule.banID) === editingID);
  const listError = result && !result.ok && result.values?.["intent"] === "delete" ? result.message : undefined;
  const now = useNow();
  return (
    <section className={styles.page} aria-labelledby="ban-rules-title">
      <PageHead title={t("Ban Rules")} canonical={banRulesPagePath} noindex />
      <h1 id="ban-rules-title" className={styles.title}>
        {t("Ban Rules")}
      </h1>
      <p className={styles.note}>
        {t(
          "Registrations and sign-ins that match a rule are refused, without saying which rule. Members a rule matches are counted, and banned only when you ask; administrators are never refused.",
        )}
      </p>
      {result?.ok && result.message ? <FormAlert kind="success">{result.message}</FormAlert> : null}
      {listError ? <FormAlert>{listError}</FormAlert> : null}
      <RuleForm key={`${editing?.banID ?? "add"}-${data.total}`} rule={editing} result={result} busy={busy} />
      {data.items.length === 0 ? (
        <p className={styles.note}>{t("No ban rules yet.")}</p>
      ) : (
        <ul className={styles.list} aria-label={t("Ban rules")}>
          {data.items.map((rule) => (
            <li key={rule.banID} className={styles.rule}>
              <div className={styles.what}>
                <span className={styles.type}>{labels[rule.banType]}</span>
                <strong className={styles.value}>{rule.banValue}</strong>
                {hasExpired(rule, now) ? <span className={styles.expired}>{t("Expired")}</span> : null}
              </div>
              {rule.notes ? <p className={styles.notes}>{rule.notes}</p> : null}
              <p className={styles.meta}>
                <span>{t("Members matched: {count}", { count: formatCount(rule.countUsers) })}</span>
                <span>
                  {t("Registrations refused: {count}", { count: formatCount(rule.countBlockedRegistrations) })}
                </span>
                <span>
                  {t("Added")} <DateTime date={rule.dateInserted} />
                </span>
                <span>
                  {rule.dateExpires ? (
                    <>
                      {t("Expires")} <time dateTime={rule.dateExpires}>{expiryDay(rule.dateExpires)}</time>
                    </>
                  ) : (
                    t("Never expires")
                  )}
                </span>
              </p>
              <div className={styles.actions}>
                <Link
                  to={`${banRulesPagePath}?${page > 1 ? `page=${page}&` : ""}edit=${rule.banID}`}
                  aria-label={t("Edit “{value}”", { value: rule.banValue })}
                >
                  {t("Edit")}
                </Link>
                <Form method="post" action={pageHref(page)}>
                  <TransientKeyField />
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="banID" value={rule.banID} />
                  <input type="hidden" name="banValue" value={rule.banValue} />
                  <Button
                    type="submit"
                    buttonType="standard"
                    isPending={busy}
                    aria-label={t("Delete “{value}”", { value: rule.banValue })}
                  >
                    {t("Delete")}
                  </Button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      {data.total > BAN_RULES_PAGE_SIZE ? (
        <Pager
          page={page}
          limit={BAN_RULES_PAGE_SIZE}
          total={data.total}
          href={pageHref}
          label={t("Ban rules pages")}
        />
      ) : null}
    </section>
  );
}
