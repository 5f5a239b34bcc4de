import { randomUUID } from "node:crypto";
import {
  automationOnceActionTypes,
  automationRulesLimits,
  automationTimedTriggerTypes,
  type AddDiscussionToCollectionActionValue,
  type AddTagToDiscussionActionValue,
  type AutomationPreview,
  type AutomationRecordType,
  type CreateEscalationActionValue,
  type MoveToCategoryActionValue,
  type ReportPostTriggerValue,
  type SendEmailActionValue,
  type StaleDiscussionTriggerValue,
} from "@parley/contracts";
import { simpleMail } from "../../platform/mail/mailer.ts";
import type { Platform } from "../../platform/context.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import type { CategoryDirectory } from "../categories/index.ts";
import { discussionUrl } from "../discussions/index.ts";
import type { AutomationRepo, AutomationRuleRow, StaleQuery } from "./automation.repo.ts";
import { delayMsOf, type RuleSpec } from "./automation.values.ts";

/** The job that runs the active time-based rules that are due (every process runs it; the claim runs each once). */
export const AUTOMATION_JOB = "automation.run";
export const AUTOMATION_JOB_EVERY_MS = 15 * 60_000;
/** How long a claim holds a rule: longer than a run may take (a crashed runner's claim runs out). */
const LEASE_MS = 30 * 60_000;

/** A record a rule acts on. */
export interface AutomationRecord {
  recordType: AutomationRecordType;
  recordID: number;
}
type PostRecord = AutomationRecord & { recordType: "discussion" | "comment" };

/**
 * The owning features' operations a rule's actions go through (their services: their checks, transactions,
 * events): the discussions', the collections', the reports'.
 */
export interface AutomationActions {
  close(discussionID: number, context: RequestContext): Promise<unknown>;
  move(discussionID: number, categoryID: number, context: RequestContext): Promise<unknown>;
  addTags(discussionID: number, tagIDs: number[], context: RequestContext): Promise<unknown>;
  /** Adds a discussion to collections (those it is in stay). */
  addToCollections(discussionID: number, collectionIDs: number[], context: RequestContext): Promise<unknown>;
  /** Those of `collectionIDs` that exist. */
  existingCollections(collectionIDs: number[]): Promise<number[]>;
  /** Files a report of the post for the moderators, by the site (the system account). */
  escalate(record: PostRecord, noteBody: string, context: RequestContext): Promise<unknown>;
  /** A post's author, address and category, as the system sees it. */
  post(record: PostRecord, context: RequestContext): Promise<{ insertUserID: number; url: string; categoryID: number }>;
  /** A post's open reports. */
  reportCount(record: PostRecord): Promise<number>;
}

export interface AutomationRunnerDeps {
  repo: AutomationRepo;
  platform: Platform;
  categories: CategoryDirectory;
  actions: AutomationActions;
  /** The system account as a viewer (a rule acts as it). */
  systemContext: () => Promise<RequestContext>;
}

/** A stored rule's trigger and action. */
export const specOf = (row: AutomationRuleRow): RuleSpec => ({
  trigger: {
    triggerType: row.triggerType as RuleSpec["trigger"]["triggerType"],
    triggerValue: JSON.parse(row.triggerValue) as Record<string, unknown>,
  },
  action: {
    actionType: row.actionType as RuleSpec["action"]["actionType"],
    actionValue: JSON.parse(row.actionValue) as Record<string, unknown>,
  },
});

export class AutomationRuleBusy extends Error {}
/** A rule whose trigger is an event (it cannot be run now: it acts on each new record). */
export class AutomationRuleNotTimed extends Error {}

const isTimed = (spec: RuleSpec) => automationTimedTriggerTypes.includes(spec.trigger.triggerType);
/** An action that changes nothing its trigger sees, so a record is remembered to get it once. */
const isOnce = (spec: RuleSpec) => automationOnceActionTypes.includes(spec.action.actionType);
const isPost = (record: AutomationRecord): record is PostRecord => record.recordType !== "user";

/**
 * Runs rules and previews them. A run records a dispatch (`running`, then `success`, `warning` when some records
 * failed, `failed` when all did or the trigger did), then acts on each record its trigger finds through the
 * discussions' service as the system account; each record's change is its own transaction there. A preview asks
 * the same query and changes nothing, so it lists exactly what a run started now would act on.
 */
export function createAutomationRunner(deps: AutomationRunnerDeps) {
  const { repo, platform, categories, actions } = deps;
  const { clock } = platform;

  /** `ruleID`: a saved rule's, whose once-only action leaves out the records it has acted on. */
  async function queryOf(spec: RuleSpec, limit: number, ruleID: number | null = null): Promise<StaleQuery> {
    const value = spec.trigger.triggerValue as StaleDiscussionTriggerValue;
    const before = new Date(clock.nowMs() - delayMsOf(value)).toISOString();
    const categoryIDs = await categoriesOf(value);
    const skip: StaleQuery["skip"] =
      spec.action.actionType === "closeDiscussionAction"
        ? { closed: true }
        : spec.action.actionType === "moveToCategoryAction"
          ? { inCategory: (spec.action.actionValue as MoveToCategoryActionValue).categoryID }
          : spec.action.actionType === "addTagToDiscussionAction"
            ? { havingTags: (spec.action.actionValue as AddTagToDiscussionActionValue).tagID }
            : ruleID !== null
              ? { actedBy: ruleID }
              : {};
    return { before, categoryIDs, skip, limit };
  }

  /** `sendEmailAction`: the rule's subject and body to the post's author or the new member, by the site's mailer. */
  async function sendEmail(value: SendEmailActionValue, record: AutomationRecord, context: RequestContext) {
    const post = isPost(record) ? await actions.post(record, context) : null;
    const recipient = await repo.recipient(post ? post.insertUserID : record.recordID);
    if (!recipient || recipient.deleted === 1 || !recipient.email) throw new Error("The member has no e-mail address.");
    const paragraphs = value.emailBody
      .split(/\n\s*\n/)
      .map((part) => part.trim())
      .filter(Boolean);
    await platform.mailer.send(
      simpleMail(
        recipient.email,
        value.emailSubject,
        paragraphs,
        post ? { label: "View the post", url: post.url } : undefined,
      ),
    );
  }

  function act(
    row: AutomationRuleRow,
    spec: RuleSpec,
    record: AutomationRecord,
    context: RequestContext,
  ): Promise<unknown> {
    const value = spec.action.actionValue;
    const { recordID } = record;
    switch (spec.action.actionType) {
      case "closeDiscussionAction":
        return actions.close(recordID, context);
      case "moveToCategoryAction":
        return actions.move(recordID, (value as MoveToCategoryActionValue).categoryID, context);
      case "addTagToDiscussionAction":
        return actions.addTags(recordID, (value as AddTagToDiscussionActionValue).tagID, context);
      case "addDiscussionToCollectionAction":
        return actions.addToCollections(
          recordID,
          (value as AddDiscussionToCollectionActionValue).collectionID,
          context,
        );
      case "sendEmailAction":
        return sendEmail(value as SendEmailActionValue, record, context);
      case "createEscalationAction":
        if (!isPost(record)) throw new Error("Only a post can be escalated.");
        return actions.escalate(
          record,
          (value as CreateEscalationActionValue).noteBody?.trim() || `Automation rule: ${row.name}`,
          context,
        );
    }
  }

  /**
   * Records a run of a rule as a dispatch: `running`, then the action on each record `targets` finds and the
   * outcome; the rule's `dateLastRun` (and its claim, if any, released). The dispatch's ID.
   */
  async function dispatch(
    row: AutomationRuleRow,
    dispatchType: "manual" | "triggered" | "initial",
    dispatchUserID: number | null,
    targets: () => Promise<{ records: AutomationRecord[]; estimated: number }>,
    affectedRecordType: AutomationRecordType = "discussion",
  ): Promise<string> {
    const spec = specOf(row);
    // A timed run of a once-only action claims each record first (an event's record is claimed before).
    const claimEach = isTimed(spec) && isOnce(spec);
    const uuid = randomUUID();
    const dateDispatched = clock.nowIso();
    await repo.insertDispatch({
      automationRuleDispatchUUID: uuid,
      automationRuleID: row.automationRuleID,
      dispatchType,
      dispatchStatus: "running",
      dispatchUserID,
      triggerType: row.triggerType,
      triggerValue: row.triggerValue,
      actionType: row.actionType,
      actionValue: row.actionValue,
      affectedRecordType,
      errorMessage: null,
      dateDispatched,
      dateFinished: null,
    });
    let affected = 0;
    let failed = 0;
    let estimated = 0;
    let errorMessage: string | null = null;
    try {
      const found = await targets();
      estimated = found.estimated;
      const context = await deps.systemContext();
      for (const record of found.records) {
        try {
          if (
            claimEach &&
            !(await repo.claimRecord(row.automationRuleID, record.recordType, record.recordID, clock.nowIso()))
          )
            continue;
          await act(row, spec, record, context);
          affected += 1;
        } catch (error) {
          failed += 1;
          const label = record.recordType[0]!.toUpperCase() + record.recordType.slice(1);
          errorMessage ??= `${label} ${record.recordID}: ${error instanceof Error ? error.message : String(error)}`;
        }
      }
    } catch (error) {
      failed = Math.max(failed, 1);
      errorMessage = error instanceof Error ? error.message : String(error);
    } finally {
      await repo.updateDispatch(uuid, {
        dispatchStatus: failed === 0 ? "success" : affected === 0 ? "failed" : "warning",
        estimatedRecordCount: estimated,
        affectedRecordCount: affected,
        failedRecordCount: failed,
        errorMessage: errorMessage?.slice(0, 1000) ?? null,
        dateFinished: clock.nowIso(),
      });
      await repo.release(row.automationRuleID, dateDispatched);
    }
    return uuid;
  }

  /** A timed rule's run (claimed by this process): the records its trigger finds now. */
  const runClaimed = (
    row: AutomationRuleRow,
    dispatchType: "manual" | "triggered" | "initial",
    dispatchUserID: number | null,
  ) =>
    dispatch(row, dispatchType, dispatchUserID, async () => {
      const query = await queryOf(specOf(row), automationRulesLimits.recordsPerRun, row.automationRuleID);
      const [rows, estimated] = await Promise.all([repo.staleDiscussions(query), repo.countStale(query)]);
      return {
        records: rows.map((target) => ({ recordType: "discussion" as const, recordID: target.discussionID })),
        estimated,
      };
    });

  /** The categories a trigger's value names, with their subcategories when it says so; null for all. */
  async function categoriesOf(value: { categoryID?: number[]; includeSubcategories?: boolean }) {
    const categoryIDs = value.categoryID ?? null;
    if (!categoryIDs || !value.includeSubcategories) return categoryIDs;
    return [...new Set((await Promise.all(categoryIDs.map((id) => categories.withDescendants(id)))).flat())];
  }

  /**
   * An event's record for one rule: unless its categories leave it out, claimed (acted on once per rule, in
   * whichever process claims it) and acted on, a `triggered` dispatch of it.
   */
  async function actOnEvent(row: AutomationRuleRow, record: AutomationRecord, categoryID: number | null) {
    if (categoryID !== null) {
      const within = await categoriesOf(specOf(row).trigger.triggerValue);
      if (within && !within.includes(categoryID)) return;
    }
    if (!(await repo.claimRecord(row.automationRuleID, record.recordType, record.recordID, clock.nowIso()))) return;
    await dispatch(row, "triggered", null, async () => ({ records: [record], estimated: 1 }), record.recordType);
  }

  async function onEvent(triggerType: string, record: AutomationRecord, categoryID: number | null) {
    for (const row of await repo.active())
      if (row.triggerType === triggerType) await actOnEvent(row, record, categoryID);
  }

  return {
    /** Those of `collectionIDs` that exist (a rule's value is checked against them). */
    existingCollections: (collectionIDs: number[]) => actions.existingCollections(collectionIDs),

    /** What a run started now would act on (nothing changes). */
    async preview(spec: RuleSpec): Promise<AutomationPreview> {
      if (!isTimed(spec)) return { affectedRecordType: "discussion", count: 0, records: [] };
      const query = await queryOf(spec, automationRulesLimits.previewMax);
      const [rows, count] = await Promise.all([repo.staleDiscussions(query), repo.countStale(query)]);
      const origin = platform.config.publicUrl;
      return {
        affectedRecordType: "discussion",
        count,
        records: rows.map((row) => ({
          recordType: "discussion",
          recordID: row.discussionID,
          name: row.name,
          url: discussionUrl(origin, row),
          categoryID: row.categoryID,
          dateLastActivity: toRfc3339(row.dateLastComment),
        })),
      };
    },

    /** `POST /automation-rules/{id}/trigger`: runs a rule now, active or not, unless a run of it is under way. */
    async runNow(row: AutomationRuleRow, dispatchUserID: number): Promise<string> {
      if (!isTimed(specOf(row))) throw new AutomationRuleNotTimed();
      const now = clock.nowIso();
      if (!(await repo.claim(row.automationRuleID, now, null, new Date(clock.nowMs() + LEASE_MS).toISOString())))
        throw new AutomationRuleBusy();
      return runClaimed(row, "manual", dispatchUserID);
    },

    /**
     * A discussion was posted: each active `newDiscussionTrigger` rule whose categories hold it acts on it now,
     * each run a `triggered` dispatch of it.
     */
    discussionCreated: (discussionID: number, categoryID: number) =>
      onEvent("newDiscussionTrigger", { recordType: "discussion", recordID: discussionID }, categoryID),

    /** A comment was posted: each active `newCommentTrigger` rule whose categories hold its discussion. */
    commentCreated: (commentID: number, categoryID: number) =>
      onEvent("newCommentTrigger", { recordType: "comment", recordID: commentID }, categoryID),

    /** A member joined: each active `newUserTrigger` rule. */
    userCreated: (userID: number) => onEvent("newUserTrigger", { recordType: "user", recordID: userID }, null),

    /**
     * A post was reported: each active `reportPostTrigger` rule whose categories hold it acts on it once its open
     * reports reach the rule's count (once: later reports of it do not act again).
     */
    async postReported(record: PostRecord): Promise<void> {
      const rules = (await repo.active()).filter((row) => row.triggerType === "reportPostTrigger");
      if (!rules.length) return;
      // Counted first: a held post's report (premoderation) counts nothing, and its post is not loaded.
      const count = await actions.reportCount(record);
      const due = rules.filter(
        (row) => count >= (specOf(row).trigger.triggerValue as ReportPostTriggerValue).countReports,
      );
      if (!due.length) return;
      const post = await actions.post(record, await deps.systemContext());
      for (const row of due) await actOnEvent(row, record, post.categoryID);
    },

    /** The job: each active rule whose last run is older than `runEveryMs` (its first run is `initial`). */
    async runDue(): Promise<number> {
      let ran = 0;
      for (const row of (await repo.active()).filter((rule) => isTimed(specOf(rule)))) {
        const now = clock.nowIso();
        const ranBefore = new Date(clock.nowMs() - automationRulesLimits.runEveryMs).toISOString();
        const leaseUntil = new Date(clock.nowMs() + LEASE_MS).toISOString();
        if (!(await repo.claim(row.automationRuleID, now, ranBefore, leaseUntil))) continue;
        await runClaimed(row, row.dateLastRun === null ? "initial" : "triggered", null);
        ran += 1;
      }
      return ran;
    },
  };
}

export type AutomationRunner = ReturnType<typeof createAutomationRunner>;
