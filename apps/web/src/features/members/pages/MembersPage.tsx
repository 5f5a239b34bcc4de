import { useSuspenseQuery } from "@tanstack/react-query";
import type { User } from "@parley/contracts";
import { Form, Link, useLocation } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import { formatDate } from "../../../lib/dates.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { pageParam } from "../../../lib/route-errors.ts";
import { FormAlert, SelectField, SubmitButton, TextField } from "../../../ui/forms/Form.tsx";
import { Pager } from "../../../ui/pager/Pager.tsx";
import { meQuery } from "../../users/index.ts";
import { membersPageLimit, type MemberFilters, type MemberSort } from "../members.api.ts";
import {
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
        {total === 1 ? t("1 member") : t("{count} members", { count: total.toLocaleString("en") })}
      </p>
      {data.items.length === 0 ? (
        <p className={styles.empty}>{t("No member matches.")}</p>
      ) : (
        <div className={styles.scroll}>
          <table className={styles.table} aria-label={t("Members")}>
            <thead>
              <tr>
                <SortHeading label={t("Name")} sort="name" filters={filters} />
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
                  <th scope="row" className={styles.name}>
                    <Link to={profilePath(user)}>{user.name}</Link>
                  </th>
                  {emails ? <td className={styles.email}>{user.email ?? ""}</td> : null}
                  <td>{user.roles.map((role) => role.name).join(", ")}</td>
                  <td>{shortDate(user.dateInserted)}</td>
                  <td>{shortDate(user.dateLastActive)}</td>
                  <td className={styles.number}>{user.countPosts.toLocaleString("en")}</td>
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
