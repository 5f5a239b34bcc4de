import {
  automationActionLabels,
  automationActionSchemas,
  automationActionTypes,
  automationRulesLimits,
  automationTriggerLabels,
  automationTriggerActions,
  automationTriggerSchemas,
  automationTriggerTypes,
  type AutomationCatalog,
  type AutomationDispatch,
  type AutomationDispatchesQuery,
  type AutomationPreview,
  type AutomationRule,
  type AutomationRulePatch,
  type AutomationRulePost,
  type AutomationRulePreviewBody,
  type AutomationRuleStatusPut,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import { badRequest, conflict, notFound } from "../../platform/errors.ts";
import { offsetOf } from "../../platform/http/pagination.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import type { CategoryDirectory } from "../categories/index.ts";
import { automationPolicy } from "./automation.policy.ts";
import { presentDispatch, presentRule } from "./automation.present.ts";
import type { AutomationRepo } from "./automation.repo.ts";
import { AutomationRuleBusy, AutomationRuleNotTimed, specOf, type AutomationRunner } from "./automation.run.ts";
import { checkRuleSpec, type RuleSpec } from "./automation.values.ts";

export interface AutomationDeps {
  repo: AutomationRepo;
  platform: Platform;
  categories: CategoryDirectory;
  runner: AutomationRunner;
}

/** Every trigger with the actions it goes with, every action with its triggers, and their values' schemas. */
const catalog: AutomationCatalog = {
  triggers: Object.fromEntries(
    automationTriggerTypes.map((type) => [
      type,
      {
        name: automationTriggerLabels[type],
        contentType: type === "newUserTrigger" ? ("users" as const) : ("posts" as const),
        schema: automationTriggerSchemas[type],
        triggerActions: [...automationTriggerActions[type]],
      },
    ]),
  ),
  actions: Object.fromEntries(
    automationActionTypes.map((type) => [
      type,
      {
        name: automationActionLabels[type],
        contentType: "posts" as const,
        schema: automationActionSchemas[type],
        actionTriggers: automationTriggerTypes.filter((trigger) => automationTriggerActions[trigger].includes(type)),
      },
    ]),
  ),
};

/**
 * `/automation-rules`: site managers list, add, change, switch on and off and delete rules, preview what a rule
 * would touch, run one now and read the dispatch log. Every operation asks `site.manage` first; a trigger's or
 * an action's value that does not fit its type is a 422 per field.
 */
export function createAutomationService(deps: AutomationDeps) {
  const { repo, platform, runner } = deps;
  const { clock } = platform;

  const load = async (automationRuleID: number) => {
    const row = await repo.find(automationRuleID);
    if (!row) throw notFound("Automation rule");
    return row;
  };
  const check = (spec: RuleSpec) =>
    checkRuleSpec(spec, { ...deps, existingCollections: deps.runner.existingCollections });

  async function dispatchList(filter: { automationRuleID?: number }, query: AutomationDispatchesQuery) {
    const limit = query.limit ?? automationRulesLimits.dispatchesPerPage;
    const page = query.page ?? 1;
    const where = {
      automationRuleID: filter.automationRuleID ?? query.automationRuleID,
      statuses: query.dispatchStatus,
    };
    const [rows, total] = await Promise.all([
      repo.dispatches(where, offsetOf(page, limit), limit),
      repo.countDispatches(where),
    ]);
    return { items: rows.map(presentDispatch), page, limit, total };
  }

  return {
    catalog(viewer: Viewer): AutomationCatalog {
      requireAccess(viewer, automationPolicy.canManage);
      return catalog;
    },

    async list(viewer: Viewer): Promise<AutomationRule[]> {
      requireAccess(viewer, automationPolicy.canManage);
      return (await repo.list()).map(presentRule);
    },

    async get(automationRuleID: number, viewer: Viewer): Promise<AutomationRule> {
      requireAccess(viewer, automationPolicy.canManage);
      return presentRule(await load(automationRuleID));
    },

    async create(body: AutomationRulePost, context: RequestContext): Promise<AutomationRule> {
      requireAccess(context.viewer, automationPolicy.canManage);
      await check(body);
      const automationRuleID = await repo.insert({
        name: body.name.trim(),
        status: body.status ?? "inactive",
        triggerType: body.trigger.triggerType,
        triggerValue: JSON.stringify(body.trigger.triggerValue),
        actionType: body.action.actionType,
        actionValue: JSON.stringify(body.action.actionValue),
        insertUserID: context.viewer.userID,
        dateInserted: clock.nowIso(),
        updateUserID: null,
        dateUpdated: null,
        dateLastRun: null,
        claimedUntil: null,
      });
      return presentRule((await repo.find(automationRuleID))!);
    },

    /** Only the fields given change; a trigger or an action is replaced whole (type and value). */
    async update(
      automationRuleID: number,
      body: AutomationRulePatch,
      context: RequestContext,
    ): Promise<AutomationRule> {
      requireAccess(context.viewer, automationPolicy.canManage);
      const row = await load(automationRuleID);
      const current = specOf(row);
      const spec = { trigger: body.trigger ?? current.trigger, action: body.action ?? current.action };
      if (body.trigger || body.action) await check(spec);
      await repo.update(automationRuleID, {
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.trigger
          ? { triggerType: body.trigger.triggerType, triggerValue: JSON.stringify(body.trigger.triggerValue) }
          : {}),
        ...(body.action
          ? { actionType: body.action.actionType, actionValue: JSON.stringify(body.action.actionValue) }
          : {}),
        updateUserID: context.viewer.userID,
        dateUpdated: clock.nowIso(),
      });
      return presentRule((await repo.find(automationRuleID))!);
    },

    async setStatus(
      automationRuleID: number,
      body: AutomationRuleStatusPut,
      context: RequestContext,
    ): Promise<AutomationRule> {
      requireAccess(context.viewer, automationPolicy.canManage);
      await load(automationRuleID);
      await repo.update(automationRuleID, {
        status: body.status,
        updateUserID: context.viewer.userID,
        dateUpdated: clock.nowIso(),
      });
      return presentRule((await repo.find(automationRuleID))!);
    },

    async remove(automationRuleID: number, viewer: Viewer): Promise<void> {
      requireAccess(viewer, automationPolicy.canManage);
      await load(automationRuleID);
      await repo.remove(automationRuleID);
    },

    /** The dry run: the records the rule would act on now; nothing changes. */
    async preview(body: AutomationRulePreviewBody, viewer: Viewer): Promise<AutomationPreview> {
      requireAccess(viewer, automationPolicy.canManage);
      await check(body);
      return runner.preview(body);
    },

    /** Runs the rule now (active or not) and answers its dispatch, finished. 409 while a run of it is under way. */
    async trigger(automationRuleID: number, context: RequestContext): Promise<AutomationDispatch> {
      requireAccess(context.viewer, automationPolicy.canManage);
      const row = await load(automationRuleID);
      let uuid: string;
      try {
        uuid = await runner.runNow(row, context.viewer.userID);
      } catch (error) {
        if (error instanceof AutomationRuleBusy) throw conflict("This rule is running already.");
        if (error instanceof AutomationRuleNotTimed)
          throw badRequest("This rule acts on each new record as it comes; it cannot be run now.");
        throw error;
      }
      return presentDispatch((await repo.findDispatch(uuid))!);
    },

    async dispatches(automationRuleID: number | null, query: AutomationDispatchesQuery, viewer: Viewer) {
      requireAccess(viewer, automationPolicy.canManage);
      if (automationRuleID !== null) await load(automationRuleID);
      return dispatchList(automationRuleID === null ? {} : { automationRuleID }, query);
    },

    async dispatch(automationRuleID: number, uuid: string, viewer: Viewer): Promise<AutomationDispatch> {
      requireAccess(viewer, automationPolicy.canManage);
      const row = await repo.findDispatch(uuid);
      if (!row || row.automationRuleID !== automationRuleID) throw notFound("Dispatch");
      return presentDispatch(row);
    },
  };
}

export type AutomationService = ReturnType<typeof createAutomationService>;
