import type { AggregatesRecalculated, AggregatesRecalculation } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { fieldError, validationFailed } from "../../platform/errors.ts";
import { dashboardPolicy } from "./dashboard.policy.ts";

type Group = AggregatesRecalculated["recalculated"][number];

/** Each group's recount, by its tables' owner (app.ts puts them together). */
export type AggregateRecounts = Record<Group, () => Promise<void>>;

/** Vanilla's aggregate names Parley keeps, by the group whose recount sets them. */
const groups: Record<Group, string[]> = {
  discussion: ["CountComments", "LastCommentID", "DateLastComment", "LastCommentUserID", "Hot"],
  conversation: ["CountMessages", "CountParticipants", "LastMessageID"],
  category: [
    "CountChildCategories",
    "CountDiscussions",
    "CountComments",
    "LastDiscussionID",
    "LastCommentID",
    "LastDateInserted",
    "CountAllComments",
  ],
  // Vanilla's name for rebuilding its mentions index: a name alone, with no fields.
  "user-mentions": [],
};
/** In this order: a category's counts add up its discussions' (recounted first). */
const order: Group[] = ["discussion", "conversation", "category", "user-mentions"];
const whole = (group: Group) => (groups[group].length ? `${group}.*` : group);

function groupOf(name: string): Group | null {
  if (name === "user-mentions") return name;
  const [table, field] = name.split(".");
  const group = order.find((candidate) => candidate === table);
  return group && groups[group].length && (field === "*" || groups[group].includes(field ?? "")) ? group : null;
}

/**
 * `PUT /dba/recalculate-aggregates`: recounts the counters kept in rows from the records (administrators), each
 * group by its owner's recount, which locks the rows before it counts, so writes meanwhile are not lost.
 */
export function createAggregatesService(recounts: AggregateRecounts) {
  return {
    async recalculate(body: AggregatesRecalculation, viewer: Viewer): Promise<AggregatesRecalculated> {
      requireAccess(viewer, dashboardPolicy.canRecalculate);
      const unknown = body.aggregates.filter((name) => groupOf(name) === null);
      if (unknown.length > 0) {
        const kept = order.flatMap((group) => [whole(group), ...groups[group].map((field) => `${group}.${field}`)]);
        throw validationFailed([
          fieldError(
            "aggregates",
            "invalid",
            `Parley does not recount ${unknown.join(", ")}. It recounts: ${kept.join(", ")}.`,
            422,
          ),
        ]);
      }
      const asked = new Set(body.aggregates.map((name) => groupOf(name)!));
      const recalculated = order.filter((group) => asked.has(group));
      for (const group of recalculated) await recounts[group]();
      return { recalculated };
    },
  };
}

export type AggregatesService = ReturnType<typeof createAggregatesService>;
