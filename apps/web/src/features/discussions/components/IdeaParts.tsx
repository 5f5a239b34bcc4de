import { Form } from "react-router";
import type { Discussion } from "@parley/contracts";
import { ideaStatuses, type IdeaAttributes, type IdeaVote } from "@parley/contracts/ideas-constants";
import { useApi } from "../../../lib/api-context.tsx";
import { useQuery } from "../../../lib/query.ts";
import { t } from "../../../lib/i18n.ts";
import { formatCount } from "../../../lib/numbers.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { VoteDownIcon, VoteUpIcon } from "../../../ui/icons/more.tsx";
import { ideaStatusesQuery } from "../discussions.queries.ts";
import styles from "./DiscussionActions.module.css";
import ideaStyles from "./ideas.module.css";

/*
 * The idea parts of a discussion's page (the ideation add-on), loaded on demand (`ideaSlots.tsx`): only ideas'
 * pages need them. Every control is a form posted to the discussion's page (its action calls the API), so it
 * works without JavaScript.
 */

/** An idea's status as a pill: open statuses blue, Completed green, Declined grey. */
export function IdeaStatusPill({ idea }: { idea: Pick<IdeaAttributes, "statusID" | "status"> }) {
  const tone = idea.status.state === "closed" ? (idea.statusID === 5 ? ideaStyles.done : ideaStyles.declined) : "";
  return (
    <span className={`${ideaStyles.status} ${tone}`} data-idea-status={idea.statusID}>
      {t(idea.status.name)}
    </span>
  );
}

/**
 * Under the idea: its score and the viewer's vote (Vote up, Vote down where the category votes up-down, and the
 * chosen one pressed: pressing it again takes the vote back), its status and the moderator's notes, and for
 * moderators the form that sets the status.
 */
export function IdeaPanel({
  discussion,
  idea,
}: {
  discussion: Pick<Discussion, "discussionID" | "score" | "permissions">;
  idea: IdeaAttributes;
}) {
  const mayVote = discussion.permissions?.["ideation.vote"] ?? false;
  const mayVoteDown = discussion.permissions?.["ideation.voteDown"] ?? false;
  const maySetStatus = discussion.permissions?.["ideation.status"] ?? false;
  const score = discussion.score ?? 0;
  const current: IdeaVote = idea.vote ?? "none";
  const voteButton = (vote: "up" | "down", label: string) => (
    <button
      type="submit"
      name="vote"
      value={current === vote ? "none" : vote}
      aria-pressed={current === vote}
      className={`${styles.postAction} ${ideaStyles.voteButton}`}
    >
      {vote === "up" ? <VoteUpIcon size={18} /> : <VoteDownIcon size={18} />}
      {label}
    </button>
  );
  return (
    <section aria-label={t("Idea")} className={ideaStyles.panel} data-part="idea-panel">
      <p className={ideaStyles.summary}>
        <span className={ideaStyles.score} data-idea-score={score}>
          {Math.abs(score) === 1
            ? t("{count} vote", { count: formatCount(score) })
            : t("{count} votes", { count: formatCount(score) })}
        </span>{" "}
        <IdeaStatusPill idea={idea} />
      </p>
      {idea.statusNotes ? (
        <p className={ideaStyles.notes}>
          <strong>{t("Status notes")}:</strong> {idea.statusNotes}
        </p>
      ) : null}
      {mayVote ? (
        <Form method="post" className={ideaStyles.vote} aria-label={t("Vote on this idea")}>
          <TransientKeyField />
          <input type="hidden" name="intent" value="vote" />
          {voteButton("up", t("Vote up"))}
          {idea.type === "up-down" && mayVoteDown ? voteButton("down", t("Vote down")) : null}
        </Form>
      ) : null}
      {maySetStatus ? <IdeaStatusForm idea={idea} /> : null}
    </section>
  );
}

/**
 * The moderators' form: the idea's status and notes (`PATCH /discussions/{id}/idea`), among the statuses the page
 * loaded (the administrators' own too; the built-in ones until they are there).
 */
function IdeaStatusForm({ idea }: { idea: IdeaAttributes }) {
  const { data: statuses = ideaStatuses } = useQuery(ideaStatusesQuery(useApi()));
  return (
    <Form method="post" className={ideaStyles.statusForm} aria-label={t("Set the idea's status")}>
      <TransientKeyField />
      <input type="hidden" name="intent" value="ideaStatus" />
      <label>
        {t("Status")}{" "}
        <select name="statusID" defaultValue={String(idea.statusID)}>
          {statuses.map((status) => (
            <option key={status.statusID} value={status.statusID}>
              {t(status.name)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("Status notes")} <textarea name="statusNotes" rows={2} defaultValue={idea.statusNotes ?? ""} />
      </label>
      <button type="submit" className={styles.postAction}>
        {t("Set status")}
      </button>
    </Form>
  );
}
