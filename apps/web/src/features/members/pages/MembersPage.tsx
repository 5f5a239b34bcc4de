import { useSuspenseQuery } from "@tanstack/react-query";
import type { User } from "@parley/contracts";
import { useEffect, useRef } from "react";
import { Form, Link, useActionData, useLocation, useNavigation } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import { formatDate } from "../../../lib/dates.ts";
import { PageHead } from "../../../lib/head.tsx";
import { currentLocale, t } from "../../../lib/i18n.ts";
import type { FormResult } from "../../../lib/forms.ts";
import { pageParam } from "../../../lib/route-errors.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { ConfirmAction } from "../../../ui/confirm/ConfirmAction.tsx";
import { useHydrated } from "../../../ui/hydrated.ts";
import { FormAlert, SelectField, SubmitButton, TextField } from "../../../ui/forms/Form.tsx";
import { Pager } from "../../../ui/pager/Pager.tsx";
import { meQuery } from "../../users/index.ts";
import { deleteChoices, MembersBulkBar } from "../components/MembersBulkBar.tsx";
import { useCheckedRows } from "../components/useCheckedRows.ts";
import { membersPageLimit, type MemberFilters, type MemberSort } from "../members.api.ts";
import { banDurations } from "../members.bans.ts";
import {
  canDeleteMembers,
  canSeeEmails,
  memberFilters,
  memberPath,
  membersHref,
  membersQuery,
  membersPagePath,
  rolesQuery,
} from "../members.queries.ts";
import styles from "./MembersPage.module.css";

const profilePath = (user: User) => new URL(user.url, "http://parley.invalid").pathname;
const shortDate = (date: string | null) => (date ? formatDate(date) : "—");

/** A column's heading: a link that sorts by it (descending first, then ascending), and says how it sorts. */
function SortHeading({
  label,
  sort,
  filters,
  className,
}: {
  label: string;
  sort: MemberSort;
  filters: MemberFilters;
  className?: string;
}) {
  const active = filters.sort === sort;
  const desc = active ? !filters.desc : sort !== "name";
  return (
    <th scope="col" className={className} aria-sort={active ? (filters.desc ? "descending" : "ascending") : undefined}>
      <Link to={membersHref(1, { ...filters, sort, desc })} className={styles.sortLink}>
        {label}
        {active ? <span aria-hidden="true">{filters.desc ? " ↓" : " ↑"}</span> : null}
      </Link>
    </th>
  );
}

/** A bulk ban's or deletion's second step: who, what will happen, and the button that does it. */
function BulkConfirmation({
  result,
  users,
  cancelTo,
  busy,
}: {
  result: FormResult;
  users: User[];
  cancelTo: string;
  busy: boolean;
}) {
  const values = result.values ?? {};
  const ids = (values["userIDs"] ?? "").split(",").filter(Boolean).map(Number);
  const names = ids
    .map((id) => users.find((user) => user.userID === id)?.name)
    .filter(Boolean)
    .join(", ");
  const count = ids.length === 1 ? t("1 member") : t("{count} members", { count: ids.length });
  const fields = {
    intent: "bulk",
    bulkAction: values["bulkAction"] ?? "",
    userIDs: values["userIDs"] ?? "",
    banReason: values["banReason"] ?? "",
    banFor: values["banFor"] ?? "",
    deleteMethod: values["deleteMethod"] ?? "",
  };
  if (values["confirm"] === "bulk-ban") {
    const duration = banDurations.find((option) => option.value === values["banFor"])?.label ?? "";
    return (
      <ConfirmAction
        id="bulk-confirm"
        title={t("Ban {count}?", { count })}
        text={t(
          "{names} will be banned ({duration}): from their next request on, what they ask is refused, and they cannot sign in.",
          {
            names,
            duration: t(duration).toLowerCase(),
          },
        )}
        fields={fields}
        confirmLabel={t("Ban")}
        cancelTo={cancelTo}
        action={cancelTo}
        busy={busy}
      />
    );
  }
  const choice = deleteChoices().find((option) => option.value === values["deleteMethod"])?.label ?? "";
  return (
    <ConfirmAction
      id="bulk-confirm"
      title={t("Delete {count}?", { count })}
      text={t("{names} will be deleted ({choice}). This cannot be undone.", { names, choice: choice.toLowerCase() })}
      fields={fields}
      cancelTo={cancelTo}
      action={cancelTo}
      busy={busy}
    />
  );
}

/** `/dashboard/users`: the members, found by name (or e-mail), filtered by role and ban, sorted and paged. */
export function MembersPage() {
  const api = useApi();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const page = pageParam(search) ?? 1;
  const filters = memberFilters(search) ?? memberFilters(new URLSearchParams())!;
  const { data } = useSuspenseQuery(membersQuery(api, page, filters));
  const { data: roles } = useSuspenseQuery(rolesQuery(api));
  const { data: me } = useSuspenseQuery(meQuery(api));
  const emails = canSeeEmails(me);
  const deleted = search.get("deleted");
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const hydrated = useHydrated();
  const here = `${location.pathname}${location.search}`;
  // With JavaScript, how many rows are checked (a done action clears them); before it, the form alone.
  const form = useRef<HTMLFormElement>(null);
  const rows = useCheckedRows(form);
  const { read, clear } = rows;
  useEffect(read, [location.search, read]);
  useEffect(() => {
    if (result?.ok) clear();
  }, [result, clear]);
  const onPage = data.items.map((user) => user.userID);
  // A refused bulk post keeps its members checked (without JavaScript the page is drawn anew).
  const refusedIDs = new Set(result && !result.ok ? (result.values?.["userIDs"] ?? "").split(",") : []);
  const confirming =
    result?.values?.["confirm"] === "bulk-ban" || result?.values?.["confirm"] === "bulk-delete" ? result : undefined;
  const total = data.paging?.total ?? data.items.length;
  const sortOptions = [
    { value: "-dateInserted", label: t("Newest first") },
    { value: "dateInserted", label: t("Oldest first") },
    { value: "name", label: t("Name") },
    { value: "-dateLastActive", label: t("Recently active") },
    { value: "-countPosts", label: t("Most posts") },
  ];
  const sortValue = `${filters.desc ? "-" : ""}${filters.sort}`;
  return (
    <section className={styles.page} aria-labelledby="members-title">
      <PageHead title={t("Members")} canonical={membersHref(page, filters)} noindex />
      <h1 id="members-title" className={styles.title}>
        {t("Members")}
      </h1>
      {deleted ? <FormAlert kind="success">{t("{name} has been deleted.", { name: deleted })}</FormAlert> : null}
      {result?.ok && result.message ? <FormAlert kind="success">{result.message}</FormAlert> : null}
      {confirming ? <BulkConfirmation result={confirming} users={data.items} cancelTo={here} busy={busy} /> : null}
      {/* Keyed by the address: a heading's sort or a page link shows in the fields too. */}
      <Form key={location.search} method="get" action={membersPagePath} className={styles.filters} role="search">
        <TextField
          label={emails ? t("Name or e-mail starts with") : t("Name starts with")}
          name="query"
          defaultValue={filters.query}
          maxLength={100}
        />
        <SelectField
          label={t("Role")}
          name="roleID"
          defaultValue={filters.roleID ? String(filters.roleID) : ""}
          options={[
            { value: "", label: t("Any role") },
            ...roles.map((role) => ({ value: String(role.roleID), label: role.name })),
          ]}
        />
        <SelectField
          label={t("Banned")}
          name="banned"
          defaultValue={filters.banned}
          options={[
            { value: "", label: t("Banned or not") },
            { value: "yes", label: t("Banned") },
            { value: "no", label: t("Not banned") },
          ]}
        />
        <SelectField
          label={t("Sort by")}
          name="sort"
          defaultValue={sortOptions.some((option) => option.value === sortValue) ? sortValue : undefined}
          options={
            sortOptions.some((option) => option.value === sortValue)
              ? sortOptions
              : [...sortOptions, { value: sortValue, label: t("As the column says") }]
          }
        />
        <SubmitButton>{t("Find")}</SubmitButton>
      </Form>
      <p className={styles.count} aria-live="polite">
        {total === 1 ? t("1 member") : t("{count} members", { count: total.toLocaleString(currentLocale()) })}
      </p>
      {data.items.length === 0 ? (
        <p className={styles.empty}>{t("No member matches.")}</p>
      ) : (
        // Keyed by the address too (another page starts with nothing checked), apart from the filters' form.
        <Form ref={form} key={`bulk${location.search}`} method="post" action={here} className={styles.bulkForm}>
          <TransientKeyField />
          {onPage.map((userID) => (
            <input key={userID} type="hidden" name="pageUserID" value={userID} />
          ))}
          <MembersBulkBar
            selected={hydrated ? rows.checked.size : null}
            roles={roles}
            canDelete={canDeleteMembers(me)}
            result={result && !result.ok && !confirming ? result : undefined}
            busy={busy}
          />
          <div className={styles.scroll}>
            <table className={styles.table} aria-label={t("Members")}>
              <thead>
                <tr>
                  <th scope="col" className={styles.select}>
                    <input
                      ref={rows.selectAll}
                      type="checkbox"
                      name="allOnPage"
                      value="yes"
                      aria-label={t("Select all members on this page")}
                      onChange={(event) => rows.all(event.currentTarget.checked)}
                    />
                  </th>
                  <SortHeading label={t("Name")} sort="name" filters={filters} className={styles.nameColumn} />
                  {emails ? <th scope="col">{t("E-mail")}</th> : null}
                  <th scope="col">{t("Roles")}</th>
                  <SortHeading label={t("Joined")} sort="dateInserted" filters={filters} />
                  <SortHeading label={t("Last active")} sort="dateLastActive" filters={filters} />
                  <SortHeading label={t("Posts")} sort="countPosts" filters={filters} className={styles.number} />
                  <th scope="col">{t("Banned")}</th>
                  <th scope="col">
                    <span className={styles.hidden}>{t("Edit")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((user) => (
                  <tr key={user.userID}>
                    <td className={styles.select}>
                      <input
                        type="checkbox"
                        name="userID"
                        value={user.userID}
                        aria-label={t("Select {name}", { name: user.name })}
                        defaultChecked={refusedIDs.has(String(user.userID))}
                        onChange={read}
                      />
                    </td>
                    <th scope="row" className={`${styles.name} ${styles.nameColumn}`}>
                      <Link to={profilePath(user)}>{user.name}</Link>
                    </th>
                    {emails ? <td className={styles.email}>{user.email ?? ""}</td> : null}
                    <td>{user.roles.map((role) => role.name).join(", ")}</td>
                    <td>{shortDate(user.dateInserted)}</td>
                    <td>{shortDate(user.dateLastActive)}</td>
                    <td className={styles.number}>{user.countPosts.toLocaleString(currentLocale())}</td>
                    <td>{user.banned ? <strong className={styles.banned}>{t("Banned")}</strong> : t("No")}</td>
                    <td>
                      <Link to={memberPath(user.userID)} aria-label={t("Edit {name}", { name: user.name })}>
                        {t("Edit")}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Form>
      )}
      <Pager
        page={page}
        limit={membersPageLimit}
        total={total}
        href={(next) => membersHref(next, filters)}
        label={t("Member pages")}
      />
    </section>
  );
}
