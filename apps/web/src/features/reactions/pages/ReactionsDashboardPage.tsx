import { useSuspenseQuery } from "@tanstack/react-query";
import type { ReactionType } from "@parley/contracts";
import { limits } from "@parley/contracts/limits";
import { Form, useActionData, useLocation, useNavigation } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { msg, t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import { FormAlert, SubmitButton, TextAreaField, TextField } from "../../../ui/forms/Form.tsx";
import { reactionsPagePath, reactionTypesQuery } from "../reactions.queries.ts";
import sheet from "../../../ui/page/DashboardTable.module.css";
import styles from "./ReactionsDashboardPage.module.css";

/** The classes of reaction (spec §3), marked for the language packs. */
const reactionClasses: ReadonlySet<string> = new Set([msg("Positive"), msg("Negative"), msg("Flag")]);

const { nameMaxLength, descriptionMaxLength, pointsMax } = limits.reactions;

/** One type's row: what it is, whether posts offer it (and the button that flips it), and its edit form. */
function ReactionRow({
  type,
  action,
  busy,
  result,
}: {
  type: ReactionType;
  action: string;
  busy: boolean;
  result?: FormResult;
}) {
  const refused = result && !result.ok && result.values?.["urlCode"] === type.urlCode ? result : undefined;
  const editing = refused?.values?.["intent"] === "edit" ? refused : undefined;
  const value = (field: "name" | "description" | "points", saved: string) => editing?.values?.[field] ?? saved;
  return (
    <tr aria-label={type.name}>
      <th scope="row" className={sheet.name}>
        {type.photoUrl ? <img src={type.photoUrl} alt="" width={24} height={24} className={styles.icon} /> : null}
        <span>{type.name}</span>
        <span className={sheet.facts}>
          {type.urlCode} · {reactionClasses.has(type.class) ? t(type.class) : type.class}
        </span>
      </th>
      <td data-label={t("Description")}>{type.description}</td>
      <td data-label={t("Points")} className={styles.points}>
        {type.points > 0 ? `+${type.points}` : type.points}
      </td>
      <td data-label={t("Status")}>
        <Form method="post" action={action} className={sheet.status}>
          <TransientKeyField />
          <input type="hidden" name="intent" value="active" />
          <input type="hidden" name="urlCode" value={type.urlCode} />
          <input type="hidden" name="active" value={type.active ? "0" : "1"} />
          <span className={type.active ? sheet.on : sheet.off}>{type.active ? t("On") : t("Off")}</span>
          <Button type="submit" buttonType="standard" isPending={busy}>
            {type.active ? t("Turn off “{name}”", { name: type.name }) : t("Turn on “{name}”", { name: type.name })}
          </Button>
        </Form>
        {refused && !editing && refused.message ? <FormAlert>{refused.message}</FormAlert> : null}
      </td>
      <td className={sheet.editCell}>
        <details className={sheet.edit} open={editing !== undefined}>
          <summary>{t("Edit “{name}”", { name: type.name })}</summary>
          {editing?.message ? <FormAlert>{editing.message}</FormAlert> : null}
          <Form method="post" action={action} className={sheet.form}>
            <TransientKeyField />
            <input type="hidden" name="intent" value="edit" />
            <input type="hidden" name="urlCode" value={type.urlCode} />
            <TextField
              label={t("Name")}
              name="name"
              required
              maxLength={nameMaxLength}
              defaultValue={value("name", type.name)}
              error={editing?.errors?.["name"]}
            />
            <TextAreaField
              label={t("Description")}
              name="description"
              rows={2}
              maxLength={descriptionMaxLength}
              defaultValue={value("description", type.description)}
              error={editing?.errors?.["description"]}
            />
            <TextField
              label={t("Points")}
              name="points"
              type="number"
              inputMode="numeric"
              required
              min={-pointsMax}
              max={pointsMax}
              step={1}
              hint={t("How far a reaction moves a post's score.")}
              defaultValue={value("points", String(type.points))}
              error={editing?.errors?.["points"]}
            />
            <SubmitButton busy={busy}>{t("Save")}</SubmitButton>
          </Form>
        </details>
      </td>
    </tr>
  );
}

/** `/dashboard/reactions`: the reaction types, each turned on or off and edited. */
export function ReactionsDashboardPage() {
  const api = useApi();
  const location = useLocation();
  const { data: types } = useSuspenseQuery(reactionTypesQuery(api));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const action = location.pathname + location.search;
  return (
    <section className={sheet.page} aria-labelledby="reactions-title">
      <PageHead title={t("Reactions")} canonical={reactionsPagePath} noindex />
      <h1 id="reactions-title" className={sheet.title}>
        {t("Reactions")}
      </h1>
      <p className={sheet.intro}>
        {t(
          "Posts offer the reactions that are on to those who may add them; a reaction turned off is offered nowhere.",
        )}
      </p>
      {result?.ok && result.message ? <FormAlert kind="success">{result.message}</FormAlert> : null}
      <table className={sheet.table}>
        <caption className="visually-hidden">{t("Reaction types")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("Reaction")}</th>
            <th scope="col">{t("Description")}</th>
            <th scope="col">{t("Points")}</th>
            <th scope="col">{t("Status")}</th>
            <th scope="col">
              <span className="visually-hidden">{t("Edit")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {[...types]
            .sort((a, b) => a.sort - b.sort)
            .map((type) => (
              <ReactionRow key={type.tagID} type={type} action={action} busy={busy} {...(result ? { result } : {})} />
            ))}
        </tbody>
      </table>
    </section>
  );
}
