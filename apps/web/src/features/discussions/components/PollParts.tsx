import { Form, Link, useActionData, useLocation } from "react-router";
import type { Discussion } from "@parley/contracts";
import type { Poll } from "@parley/contracts/polls-constants";
import type { FormResult } from "../../../lib/forms.ts";
import { t } from "../../../lib/i18n.ts";
import { formatCount } from "../../../lib/numbers.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { entryLink } from "../../../lib/targets.ts";
import { buttonLook } from "../../../ui/button/Button.tsx";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { formStyles } from "../../../ui/forms/Form.tsx";
import styles from "./polls.module.css";

/*
 * The poll of a discussion's page (the polls add-on), above its first post, loaded on demand (`pollSlots.tsx`):
 * only polls' pages need it. The vote is a form posted to the discussion's page (its action calls the API), so it
 * works without JavaScript; the results are a bar chart for the eyes and a table for screen readers.
 */

const votes = (count: number) =>
  count === 1 ? t("{count} vote", { count: formatCount(count) }) : t("{count} votes", { count: formatCount(count) });
const voters = (count: number) =>
  count === 1 ? t("{count} voter", { count: formatCount(count) }) : t("{count} voters", { count: formatCount(count) });
const percentOf = (count: number, total: number) => (total > 0 ? Math.round((count / total) * 100) : 0);

/** The poll: its question, its state, then the form (for a member who has not voted) or the results. */
export function PollPanel({ discussion, poll }: { discussion: Pick<Discussion, "permissions">; poll: Poll }) {
  const location = useLocation();
  const refusal = useActionData<FormResult>()?.errors?.["poll"];
  const mine = poll.myVotes ?? [];
  const signedIn = poll.myVotes !== undefined;
  const mayVote = signedIn && !poll.closed && (discussion.permissions?.["polls.vote"] ?? false);
  // A member who may vote and has not: the form.
  const asking = mayVote && mine.length === 0;
  const hint =
    poll.choiceMode === "single"
      ? t("Choose one option.")
      : poll.maxChoices
        ? t("Choose up to {count} options.", { count: poll.maxChoices })
        : t("Choose any number of options.");
  return (
    <section aria-labelledby="poll-name" className={styles.panel} data-part="poll-panel" id="poll">
      <div className={styles.head}>
        <h2 id="poll-name" className={styles.name}>
          {poll.name}
        </h2>
        <p className={styles.state}>
          {poll.closed ? (
            <span className={styles.closed} data-poll-state="closed">
              {t("Closed")}
            </span>
          ) : poll.dateClosed ? (
            <span data-poll-state="open">
              {t("Closes")} <DateTime date={poll.dateClosed} mode="fixed" type="extended" />
            </span>
          ) : null}
          {poll.showResults ? <span>{voters(poll.countVoters)}</span> : null}
        </p>
      </div>
      {refusal ? (
        <p role="alert" className={formStyles.error}>
          {t(refusal)}
        </p>
      ) : null}
      {asking ? <PollForm poll={poll} hint={hint} /> : null}
      {asking && poll.showResults ? (
        // Before voting, the form comes first; the results (when they are for everyone) one press away.
        <details className={styles.change}>
          <summary>{t("Show results")}</summary>
          <PollResults poll={poll} />
        </details>
      ) : null}
      {!asking && poll.showResults ? <PollResults poll={poll} /> : null}
      {!poll.showResults && !poll.closed ? (
        <p className={styles.note}>{t("The results are shown once you have voted.")}</p>
      ) : null}
      {mayVote && mine.length > 0 ? (
        <details className={styles.change}>
          <summary>{t("Change vote")}</summary>
          <PollForm poll={poll} hint={hint} />
        </details>
      ) : null}
      {!poll.closed && (discussion.permissions?.["polls.edit"] ?? false) ? (
        // Its author and moderators: close it now (it takes votes no more; the results then are for everyone).
        <Form method="post" className={styles.close} aria-label={t("Close this poll")}>
          <TransientKeyField />
          <input type="hidden" name="intent" value="pollClose" />
          <input type="hidden" name="pollID" value={poll.pollID} />
          <button type="submit" {...buttonLook({ buttonType: "outline", size: "compact" })}>
            {t("Close poll")}
          </button>
        </Form>
      ) : null}
      {!signedIn && !poll.closed ? (
        <p className={styles.note}>
          <Link to={entryLink("/entry/signin", location)}>{t("Sign in to vote.")}</Link>
        </p>
      ) : null}
    </section>
  );
}

/** The vote: radio buttons (one choice) or checkboxes, the viewer's current choices checked. */
function PollForm({ poll, hint }: { poll: Poll; hint: string }) {
  const mine = poll.myVotes ?? [];
  const type = poll.choiceMode === "single" ? "radio" : "checkbox";
  return (
    <Form method="post" className={styles.form} aria-label={t("Vote in this poll")}>
      <TransientKeyField />
      <input type="hidden" name="intent" value="pollVote" />
      <input type="hidden" name="pollID" value={poll.pollID} />
      <fieldset className={styles.choices}>
        <legend>{hint}</legend>
        {poll.options.map((option) => (
          <label key={option.pollOptionID} className={styles.choice}>
            <input
              type={type}
              name="pollOptionID"
              value={option.pollOptionID}
              defaultChecked={mine.includes(option.pollOptionID)}
              required={type === "radio"}
            />{" "}
            {option.body}
          </label>
        ))}
      </fieldset>
      <button type="submit" className={formStyles.button}>
        {mine.length ? t("Change vote") : t("Vote")}
      </button>
    </Form>
  );
}

/** The results: a bar per option with its count and share of the voters, and the same as a table. */
function PollResults({ poll }: { poll: Poll }) {
  const mine = poll.myVotes ?? [];
  const rows = poll.options.map((option) => {
    const count = option.countVotes ?? 0;
    return { option, count, percent: percentOf(count, poll.countVoters), chosen: mine.includes(option.pollOptionID) };
  });
  return (
    <div className={styles.results} data-part="poll-results">
      <ul className={styles.chart} aria-hidden="true" data-poll-chart="">
        {rows.map(({ option, count, percent, chosen }) => (
          <li key={option.pollOptionID} className={chosen ? styles.mine : undefined} data-poll-option={option.body}>
            <span className={styles.label}>
              {option.body}
              {chosen ? <span className={styles.yours}> {t("Your vote")}</span> : null}
            </span>
            <span className={styles.figures}>
              {votes(count)} · {percent}%
            </span>
            <span className={styles.track}>
              <span className={styles.bar} style={{ width: `${percent}%` }} />
            </span>
          </li>
        ))}
      </ul>
      <table className="visually-hidden">
        <caption>{t("Results of the poll {name}", { name: poll.name })}</caption>
        <thead>
          <tr>
            <th scope="col">{t("Option")}</th>
            <th scope="col">{t("Votes")}</th>
            <th scope="col">{t("Percentage")}</th>
            <th scope="col">{t("Your vote")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ option, count, percent, chosen }) => (
            <tr key={option.pollOptionID}>
              <th scope="row">{option.body}</th>
              <td>{count}</td>
              <td>{percent}%</td>
              <td>{chosen ? t("Yes") : t("No")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
