import {
  automationActionLabels,
  automationTriggerLabels,
  type AutomationDispatch,
  type AutomationRule,
} from "@parley/contracts";
import { toRfc3339 } from "../../platform/dates.ts";
import type { AutomationDispatchView, AutomationRuleRow } from "./automation.repo.ts";
import { specOf } from "./automation.run.ts";

const date = (value: string | null) => (value === null ? null : toRfc3339(value));

/** A rule's row → the API's record (its trigger's and action's names as the catalog has them). */
export function presentRule(row: AutomationRuleRow): AutomationRule {
  const { trigger, action } = specOf(row);
  return {
    automationRuleID: row.automationRuleID,
    name: row.name,
    status: row.status,
    trigger: { ...trigger, triggerName: automationTriggerLabels[trigger.triggerType] },
    action: { ...action, actionName: automationActionLabels[action.actionType] },
    insertUserID: row.insertUserID,
    dateInserted: toRfc3339(row.dateInserted),
    updateUserID: row.updateUserID,
    dateUpdated: date(row.dateUpdated),
    dateLastRun: date(row.dateLastRun),
  };
}

export function presentDispatch(row: AutomationDispatchView): AutomationDispatch {
  return {
    automationRuleDispatchUUID: row.automationRuleDispatchUUID,
    automationRuleID: row.automationRuleID,
    name: row.name,
    dispatchType: row.dispatchType,
    dispatchStatus: row.dispatchStatus,
    dispatchUserID: row.dispatchUserID,
    dateDispatched: toRfc3339(row.dateDispatched),
    dateFinished: date(row.dateFinished),
    affectedRecordType: row.affectedRecordType,
    estimatedRecordCount: row.estimatedRecordCount,
    affectedRecordCount: row.affectedRecordCount,
    failedRecordCount: row.failedRecordCount,
    errorMessage: row.errorMessage,
    trigger: { triggerType: row.triggerType, triggerValue: JSON.parse(row.triggerValue) as Record<string, unknown> },
    action: { actionType: row.actionType, actionValue: JSON.parse(row.actionValue) as Record<string, unknown> },
  };
}
