import { randomUUID } from "node:crypto";
import {
  automationRulesLimits,
  automationTimedTriggerTypes,
  type AddTagToDiscussionActionValue,
  type AutomationPreview,
  type MoveToCategoryActionValue,
  type StaleDiscussionTriggerValue,
} from "@parley/contracts";
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

/** The discussions' own operations a rule's actions go through (their service: its checks, transaction, events). */
export interface AutomationActions {
  close(discussionID: number, context: RequestContext): Promise<unknown>;
  move(discussionID: number, categoryID: number, context: RequestContext): Promise<unknown>;
  addTags(discussionID: number, tagIDs: number[], context: RequestContext): Promise<unknown>;
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

/**
 * Runs rules and previews them. A run records a dispatch (`running`, then `success`, `warning` when some records
 * failed, `failed` when all did or the trigger did), then acts on each record its trigger finds through the
 * discussions' service as the system account; each record's change is its own transaction there. A preview asks
 * the same query and changes nothing, so it lists exactly what a run started now would act on.
 */
export function createAutomationRunner(deps: AutomationRunnerDeps) {
  const { repo, platform, categories, actions } = deps;
  const { clock } = platform;

  async function queryOf(spec: RuleSpec, limit: number): Promise<StaleQuery> {
    const value = spec.trigger.triggerValue as StaleDiscussionTriggerValue;
    const before = new Date(clock.nowMs() - delayMsOf(value)).toISOString();
    const categoryIDs = await categoriesOf(value);
    const skip: StaleQuery["skip"] =
      spec.action.actionType === "closeDiscussionAction"
        ? { closed: true }
        : spec.action.actionType === "moveToCategoryAction"
          ? { inCategory: (spec.action.actionValue as MoveToCategoryActionValue).categoryID }
          : { havingTags: (spec.action.actionValue as AddTagToDiscussionActionValue).tagID };
    return { before, categoryIDs, skip, limit };
  }

  function act(spec: RuleSpec, discussionID: number, context: RequestContext): Promise<unknown> {
    switch (spec.action.actionType) {
      case "closeDiscussionAction":
        return actions.close(discussionID, context);
      case "moveToCategoryAction":
        return actions.move(discussionID, (spec.action.actionValue as MoveToCategoryActionValue).categoryID, context);
      case "addTagToDiscussionAction":
        return actions.addTags(discussionID, (spec.action.actionValue as AddTagToDiscussionActionValue).tagID, context);
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
    targets: () => Promise<{ discussionIDs: number[]; estimated: number }>,
  ): Promise<string> {
    const spec = specOf(row);
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
      affectedRecordType: "discussion",
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
      for (const discussionID of found.discussionIDs) {
        try {
          await act(spec, discussionID, context);
          affected += 1;
        } catch (error) {
          failed += 1;
          errorMessage ??= `Discussion ${discussionID}: ${error instanceof Error ? error.message : String(error)}`;
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
      const query = await queryOf(specOf(row), automationRulesLimits.recordsPerRun);
      const [rows, estimated] = await Promise.all([repo.staleDiscussions(query), repo.countStale(query)]);
      return { discussionIDs: rows.map((target) => target.discussionID), estimated };
    });

  /** The categories a trigger's value names, with their subcategories when it says so; null for all. */
  async function categoriesOf(value: { categoryID?: number[]; includeSubcategories?: boolean }) {
    const categoryIDs = value.categoryID ?? null;
    if (!categoryIDs || !value.includeSubcategories) return categoryIDs;
    return [...new Set((await Promise.all(categoryIDs.map((id) => categories.withDescendants(id)))).flat())];
  }

  return {
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
     * each run a `triggered` dispatch (in the process that posted it: once).
     */
    async discussionCreated(discussionID: number, categoryID: number): Promise<void> {
      for (const row of await repo.active()) {
        const spec = specOf(row);
        if (spec.trigger.triggerType !== "newDiscussionTrigger") continue;
        const within = await categoriesOf(spec.trigger.triggerValue);
        if (within && !within.includes(categoryID)) continue;
        await dispatch(row, "triggered", null, async () => ({ discussionIDs: [discussionID], estimated: 1 }));
      }
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
