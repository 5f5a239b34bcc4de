import { useSuspenseQuery } from "@tanstack/react-query";
import type { Tag } from "@parley/contracts";
import { Form, useActionData, useLocation, useNavigation } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { pageParam } from "../../../lib/route-errors.ts";
import { currentLocale, t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import { ConfirmAction } from "../../../ui/confirm/ConfirmAction.tsx";
import { FormAlert, SubmitButton, TextField } from "../../../ui/forms/Form.tsx";
import { Pager } from "../../../ui/pager/Pager.tsx";
import { tagsPageLimit } from "../tags.api.ts";
import { tagsHref, tagsQuery } from "../tags.queries.ts";
import styles from "./TagsPage.module.css";

const discussionsOf = (count: number) =>
  count === 1 ? t("1 discussion") : t("{count} discussions", { count: count.toLocaleString(currentLocale()) });

/** The second step of a merge or a deletion: what will happen, and the button that does it. */
function Confirmation({ result, action, busy }: { result: FormResult; action: string; busy: boolean }) {
  const values = result.values ?? {};
  const merging = values["confirm"] === "merge";
  const name = values["name"] ?? "";
  const into = values["into"] ?? "";
  return (
    <ConfirmAction
      id="tags-confirm"
      title={merging ? t("Merge “{name}” into “{into}”?", { name, into }) : t("Delete “{name}”?", { name })}
      text={
        merging
          ? t("Its discussions will be tagged “{into}” instead, and “{name}” will be deleted. This cannot be undone.", {
              name,
              into,
            })
          : t("This cannot be undone.")
      }
      fields={{
        intent: merging ? "merge" : "delete",
        tagID: values["tagID"] ?? "",
        name,
        ...(merging ? { into } : {}),
      }}
      confirmLabel={merging ? t("Merge") : t("Delete")}
      cancelTo={action}
      action={action}
      busy={busy}
    />
  );
}

/** One tag: its name, address and count, and its forms behind "Edit" (a native disclosure, no script needed). */
function TagItem({ tag, action, busy, result }: { tag: Tag; action: string; busy: boolean; result?: FormResult }) {
  const refused = result && !result.ok && result.values?.["tagID"] === String(tag.tagID) ? result : undefined;
  const typed = (field: string) => (refused?.values?.["intent"] === field ? refused : undefined);
  return (
    <li className={styles.item} aria-label={tag.name}>
      <div className={styles.summary}>
        <strong className={styles.name}>{tag.name}</strong>
        <span className={styles.facts}>
          {tag.urlcode} · {discussionsOf(tag.countDiscussions)}
        </span>
      </div>
      <details className={styles.edit} open={refused !== undefined}>
        <summary>{t("Edit “{name}”", { name: tag.name })}</summary>
        {refused?.message ? <FormAlert>{refused.message}</FormAlert> : null}
        <Form method="post" action={action} className={styles.row}>
          <TransientKeyField />
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="tagID" value={tag.tagID} />
          <TextField
            label={t("Name")}
            name="name"
            required
            maxLength={100}
            defaultValue={typed("rename")?.values?.["name"] ?? tag.name}
            error={typed("rename")?.errors?.["name"]}
          />
          <SubmitButton busy={busy}>{t("Rename")}</SubmitButton>
        </Form>
        <Form method="post" action={action} className={styles.row}>
          <TransientKeyField />
          <input type="hidden" name="intent" value="merge" />
          <input type="hidden" name="tagID" value={tag.tagID} />
          <input type="hidden" name="name" value={tag.name} />
          <TextField
            label={t("Merge into the tag named")}
            name="into"
            required
            maxLength={100}
            defaultValue={typed("merge")?.values?.["into"] ?? ""}
            error={typed("merge")?.errors?.["into"]}
          />
          <Button type="submit" buttonType="standard" isPending={busy}>
            {t("Merge…")}
          </Button>
        </Form>
        {tag.countDiscussions === 0 ? (
          <Form method="post" action={action}>
            <TransientKeyField />
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="tagID" value={tag.tagID} />
            <input type="hidden" name="name" value={tag.name} />
            <Button type="submit" buttonType="standard" isPending={busy}>
              {t("Delete…")}
            </Button>
          </Form>
        ) : (
          <p className={styles.note}>{t("A tag in use is merged into another rather than deleted.")}</p>
        )}
      </details>
    </li>
  );
}

/** `/dashboard/tags`: the tags, found by the start of their names, added, renamed, merged and deleted. */
export function TagsPage() {
  const api = useApi();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const page = pageParam(search) ?? 1;
  const query = (search.get("query") ?? "").trim();
  const { data } = useSuspenseQuery(tagsQuery(api, page, query));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const action = location.pathname + location.search;
  const confirming = result?.values?.["confirm"] ? result : undefined;
  const adding = result && !result.ok && result.values?.["intent"] === "add" ? result : undefined;
  const total = data.paging?.total ?? data.items.length;
  return (
    <section className={styles.page} aria-labelledby="tags-title">
      <PageHead title={t("Tags")} canonical={tagsHref(page, query)} noindex />
      <h1 id="tags-title" className={styles.title}>
        {t("Tags")}
      </h1>
      {result?.ok && result.message ? <FormAlert kind="success">{result.message}</FormAlert> : null}
      {confirming ? <Confirmation result={confirming} action={action} busy={busy} /> : null}
      <div className={styles.tools}>
        <Form method="get" action={tagsHref(1)} className={styles.row} role="search">
          <TextField label={t("Find tags starting with")} name="query" defaultValue={query} maxLength={100} />
          <SubmitButton busy={false}>{t("Find")}</SubmitButton>
        </Form>
        {/* Keyed by the total: a tag added, the form starts empty again. */}
        <Form key={total} method="post" action={action} className={styles.row}>
          <TransientKeyField />
          <input type="hidden" name="intent" value="add" />
          <TextField
            label={t("New tag")}
            name="name"
            required
            maxLength={100}
            defaultValue={adding?.values?.["name"] ?? ""}
            error={adding?.errors?.["name"] ?? adding?.errors?.["urlcode"] ?? adding?.message}
          />
          <SubmitButton busy={busy}>{t("Add Tag")}</SubmitButton>
        </Form>
      </div>
      {data.items.length === 0 ? (
        <p className={styles.empty}>
          {query ? t("No tag starts with “{query}”.", { query }) : t("There are no tags yet.")}
        </p>
      ) : (
        <ul className={styles.list} aria-label={t("Tags")}>
          {data.items.map((tag) => (
            <TagItem key={tag.tagID} tag={tag} action={action} busy={busy} {...(result ? { result } : {})} />
          ))}
        </ul>
      )}
      <Pager
        page={page}
        limit={tagsPageLimit}
        total={total}
        href={(next) => tagsHref(next, query)}
        label={t("Tag pages")}
      />
    </section>
  );
}
