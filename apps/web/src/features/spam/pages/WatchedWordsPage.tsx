import { useSuspenseQuery } from "@tanstack/react-query";
import { watchedWordsPagePath, type WatchedWordAction } from "@parley/contracts/spam-constants";
import { Form, useActionData, useNavigation } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import { FormAlert, SelectField, SubmitButton, TextField } from "../../../ui/forms/Form.tsx";
import { watchedWordsQuery } from "../spam.queries.ts";
import styles from "./WatchedWordsPage.module.css";

const actionLabels = (): Record<WatchedWordAction, string> => ({
  block: t("Block: refuse the post"),
  approval: t("Require approval (reported to moderators until posts can be held)"),
  censor: t("Censor: shown as ■■■"),
  flag: t("Flag: report the post to moderators"),
});

/** `/dashboard/moderation/watched-words`: the watched words, added with an action and deleted. */
export function WatchedWordsPage() {
  const api = useApi();
  const { data } = useSuspenseQuery(watchedWordsQuery(api));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const labels = actionLabels();
  const adding = result && !result.ok && result.values?.["intent"] === "add" ? result : undefined;
  return (
    <section className={styles.page} aria-labelledby="watched-words-title">
      <PageHead title={t("Watched Words")} canonical={watchedWordsPagePath} noindex />
      <h1 id="watched-words-title" className={styles.title}>
        {t("Watched Words")}
      </h1>
      <p className={styles.note}>
        {t(
          "Words and patterns checked in titles, posts, comments, private messages, names and signatures, whatever their case, accents or hidden characters. “*” stands for up to 30 letters. Posts are not held yet: “require approval” files a report for moderators instead.",
        )}
      </p>
      {result?.ok && result.message ? <FormAlert kind="success">{result.message}</FormAlert> : null}
      {result && !result.ok && !adding && result.message ? <FormAlert>{result.message}</FormAlert> : null}
      <Form key={data.length} method="post" action={watchedWordsPagePath} className={styles.row}>
        <TransientKeyField />
        <input type="hidden" name="intent" value="add" />
        <TextField
          label={t("Word or pattern")}
          name="word"
          required
          maxLength={100}
          defaultValue={adding?.values?.["word"] ?? ""}
          error={adding?.errors?.["word"] ?? (adding?.errors ? undefined : adding?.message)}
        />
        <SelectField
          label={t("Action")}
          name="action"
          defaultValue={adding?.values?.["action"] ?? "block"}
          error={adding?.errors?.["action"]}
          options={Object.entries(labels).map(([value, label]) => ({ value, label }))}
        />
        <SubmitButton busy={busy}>{t("Add Word")}</SubmitButton>
      </Form>
      {data.length === 0 ? (
        <p className={styles.note}>{t("No words are watched yet.")}</p>
      ) : (
        <table className={styles.table}>
          <caption className={styles.caption}>{t("Watched words")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("Word")}</th>
              <th scope="col">{t("Action")}</th>
              <th scope="col">
                <span className={styles.caption}>{t("Delete")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((word) => (
              <tr key={word.watchedWordID}>
                <td>{word.word}</td>
                <td>{labels[word.action]}</td>
                <td>
                  <Form method="post" action={watchedWordsPagePath}>
                    <TransientKeyField />
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="watchedWordID" value={word.watchedWordID} />
                    <input type="hidden" name="word" value={word.word} />
                    <Button
                      type="submit"
                      buttonType="standard"
                      isPending={busy}
                      aria-label={t("Delete “{word}”", { word: word.word })}
                    >
                      {t("Delete")}
                    </Button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
