import { useSuspenseQuery } from "@tanstack/react-query";
import type { Rank } from "@parley/contracts";
import { rankRules, ranksDashboardPath } from "@parley/contracts/ranks-constants";
import { editWindowChoices } from "@parley/contracts/site-settings";
import { Form, Link, useActionData, useLocation, useNavigation, useSearchParams } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { formatCount } from "../../../lib/numbers.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { FormAlert, SelectField, SubmitButton, TextField } from "../../../ui/forms/Form.tsx";
import { addonsPagePath } from "../../addons/index.ts";
import { RankLabel } from "../components/RankLabel.tsx";
import { ranksQuery } from "../ranks.queries.ts";
import { DashboardRowActions } from "../../../ui/page/DashboardRowActions.tsx";
import sheet from "../../../ui/page/DashboardTable.module.css";

const hidden = (name: string, value: string) => <input type="hidden" name={name} value={value} />;

/** The edit windows a rank may set (the site settings' choices), "" for the site's own. */
function editWindowOptions(current: string) {
  const options = [
    { value: "", label: t("The site's setting") },
    ...editWindowChoices.map((choice) => ({ value: String(choice.seconds), label: t(choice.label) })),
  ];
  if (!options.some((option) => option.value === current))
    options.push({ value: current, label: t("{seconds} seconds", { seconds: current }) });
  return options;
}

/** What a rank allows, in words: its links and its edit window when it sets one. */
function abilitiesText(rank: Rank): string {
  const links = rank.postLinks ? t("May post links") : t("May not post links");
  if (rank.editContentTimeout === null) return links;
  const choice = editWindowChoices.find((c) => c.seconds === rank.editContentTimeout);
  const window = choice
    ? t(choice.label)
    : t("Authors may edit for {seconds} seconds", { seconds: rank.editContentTimeout });
  return `${links}; ${window}`;
}

/** A rank's fields: to add one (no `rank`) or edit it; a refused post's values and errors shown again. */
function RankForm({
  rank,
  action,
  busy,
  result,
}: {
  rank?: Rank;
  action: string;
  busy: boolean;
  result?: FormResult | undefined;
}) {
  const value = (field: keyof Rank, fallback: string) => result?.values?.[field] ?? fallback;
  const error = (field: string) => result?.errors?.[field];
  const editWindow = value(
    "editContentTimeout",
    rank?.editContentTimeout == null ? "" : String(rank.editContentTimeout),
  );
  const number = (field: "level" | "minPoints" | "minPosts" | "minDays", label: string, hint: string, min: number) => (
    <TextField
      label={label}
      name={field}
      type="number"
      inputMode="numeric"
      required
      min={min}
      max={field === "level" ? rankRules.maxLevel : rankRules.maxCriterion}
      step={1}
      hint={hint}
      defaultValue={value(field, rank ? String(rank[field]) : field === "level" ? "" : "0")}
      error={error(field)}
    />
  );
  return (
    <Form method="post" action={action} className={sheet.form}>
      {result?.message && !result.ok ? <FormAlert>{result.message}</FormAlert> : null}
      <TransientKeyField />
      {hidden("intent", rank ? "edit" : "create")}
      {rank ? hidden("rankID", String(rank.rankID)) : null}
      <TextField
        label={t("Name")}
        name="name"
        required
        maxLength={rankRules.maxName}
        defaultValue={value("name", rank?.name ?? "")}
        error={error("name")}
      />
      <TextField
        label={t("Label")}
        name="userTitle"
        required
        maxLength={rankRules.maxUserTitle}
        hint={t("Shown beside the member's name on their posts and profile.")}
        defaultValue={value("userTitle", rank?.userTitle ?? "")}
        error={error("userTitle")}
      />
      {number("level", t("Level"), t("Members get the highest level whose criteria they all meet."), 1)}
      {number("minPoints", t("Minimum points"), t("0: any."), 0)}
      {number("minPosts", t("Minimum posts"), t("Discussions and comments; 0: any."), 0)}
      {number("minDays", t("Minimum days since joining"), t("0: any."), 0)}
      <SelectField
        label={t("Links")}
        name="postLinks"
        hint={t("Members of this rank whose posts hold a link are asked to take it out. Moderators are not.")}
        defaultValue={value("postLinks", rank && !rank.postLinks ? "no" : "yes")}
        options={[
          { value: "yes", label: t("May post links") },
          { value: "no", label: t("May not post links") },
        ]}
        error={error("postLinks")}
      />
      <SelectField
        label={t("Editing Posts")}
        name="editContentTimeout"
        hint={t("How long members of this rank may edit their posts.")}
        defaultValue={editWindow}
        options={editWindowOptions(editWindow)}
        error={error("editContentTimeout")}
      />
      <SubmitButton busy={busy}>{rank ? t("Save") : t("Add Rank")}</SubmitButton>
    </Form>
  );
}

function RankRow({ rank, action, busy, result }: { rank: Rank; action: string; busy: boolean; result?: FormResult }) {
  const mine = result && result.values?.["rankID"] === String(rank.rankID) ? result : undefined;
  const editing = mine && !mine.ok && mine.values?.["intent"] === "edit" ? mine : undefined;
  const confirming = mine?.values?.["confirm"] === "delete";
  return (
    <tr aria-label={rank.name}>
      <th scope="row" className={sheet.name}>
        <span>{rank.name}</span>
        <span className={sheet.facts}>
          <RankLabel rank={rank} />
        </span>
      </th>
      <td data-label={t("Level")}>{rank.level}</td>
      <td data-label={t("Criteria")}>
        {t("{points} points, {posts} posts, {days} days", {
          points: formatCount(rank.minPoints),
          posts: formatCount(rank.minPosts),
          days: formatCount(rank.minDays),
        })}
      </td>
      <td data-label={t("Abilities")}>{abilitiesText(rank)}</td>
      <td data-label={t("Members")}>{formatCount(rank.countUsers)}</td>
      <DashboardRowActions
        name={rank.name}
        action={action}
        busy={busy}
        editing={editing !== undefined}
        editForm={<RankForm rank={rank} action={action} busy={busy} result={editing} />}
        hidden={{ rankID: String(rank.rankID), name: rank.name }}
        confirming={confirming}
        confirmText={t("Delete “{name}”? Its members go back to the rank their points, posts and days give them.", {
          name: rank.name,
        })}
        failure={mine && !mine.ok && !editing ? mine.message : undefined}
      />
    </tr>
  );
}

/** `/dashboard/ranks` (the ranks add-on): the ranks, lowest level first, each edited in place; a form adds one. */
export function RanksDashboardPage() {
  const api = useApi();
  const location = useLocation();
  const [search] = useSearchParams();
  const { data: ranks } = useSuspenseQuery(ranksQuery(api));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const action = location.pathname + location.search;
  const deleted = search.get("deleted");
  const adding = result && !result.ok && result.values?.["intent"] === "create" ? result : undefined;
  return (
    <section className={sheet.page} aria-labelledby="ranks-title">
      <PageHead title={t("Ranks")} canonical={ranksDashboardPath} noindex />
      <h1 id="ranks-title" className={sheet.title}>
        {t("Ranks")}
      </h1>
      {ranks === null ? (
        <p className={sheet.intro}>
          {t("The Ranks add-on is off.")} <Link to={addonsPagePath}>{t("Turn it on in Add-ons.")}</Link>
        </p>
      ) : (
        <>
          <p className={sheet.intro}>
            {t(
              "A member has the highest rank whose minimum points, posts and days since joining they all meet, unless one was set on their account by hand.",
            )}
          </p>
          {result?.ok && result.message ? <FormAlert kind="success">{result.message}</FormAlert> : null}
          {deleted ? <FormAlert kind="success">{t("“{name}” has been deleted.", { name: deleted })}</FormAlert> : null}
          <table className={sheet.table}>
            <caption className="visually-hidden">{t("Ranks")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("Rank")}</th>
                <th scope="col">{t("Level")}</th>
                <th scope="col">{t("Criteria")}</th>
                <th scope="col">{t("Abilities")}</th>
                <th scope="col">{t("Members")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("Edit")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {ranks.map((rank) => (
                <RankRow key={rank.rankID} rank={rank} action={action} busy={busy} {...(result ? { result } : {})} />
              ))}
            </tbody>
          </table>
          <h2>{t("Add Rank")}</h2>
          <RankForm action={action} busy={busy} result={adding} />
        </>
      )}
    </section>
  );
}
