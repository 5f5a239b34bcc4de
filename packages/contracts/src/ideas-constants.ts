import { msg } from "./i18n.ts";

/** Ideas' values (the ideation add-on). Free of TypeBox, so the browser bundle can import them. */

/** How a category's ideas are voted on (Vanilla's `ideationType`): up only, or up and down. */
export const ideationTypes = ["up", "up-down"] as const;
export type IdeationType = (typeof ideationTypes)[number];

/** A member's vote on an idea: up (+1), down (−1, where the category takes up-down) or none (taken back). */
export const ideaVotes = ["up", "down", "none"] as const;
export type IdeaVote = (typeof ideaVotes)[number];

/** An idea status's state (Vanilla's): an open idea is still being considered, a closed one is done with. */
export type IdeaStatusState = "open" | "closed";

/** One of the idea statuses (Vanilla's `RecordStatus`, recordType discussion, subtype ideation). */
export interface IdeaStatus {
  statusID: number;
  name: string;
  state: IdeaStatusState;
  recordType: "discussion";
  recordSubtype: "ideation";
  isDefault: boolean;
  isSystem: boolean;
  isInternal: boolean;
}

const status = (statusID: number, name: string, state: IdeaStatusState): IdeaStatus => ({
  statusID,
  name,
  state,
  recordType: "discussion",
  recordSubtype: "ideation",
  isDefault: statusID === 1,
  isSystem: true,
  isInternal: false,
});

/** The idea statuses (built in, read only): a new idea is Active. */
export const ideaStatuses: readonly IdeaStatus[] = [
  status(1, msg("Active"), "open"),
  status(2, msg("Under review"), "open"),
  status(3, msg("Planned"), "open"),
  status(4, msg("In progress"), "open"),
  status(5, msg("Completed"), "closed"),
  status(6, msg("Declined"), "closed"),
];
export const ideaStatusOf = (statusID: number | null | undefined): IdeaStatus =>
  ideaStatuses.find((item) => item.statusID === statusID) ?? ideaStatuses[0]!;

/** The discussion's `attributes.idea` (ideas only, while the add-on is on); `vote` is the viewer's own. */
export interface IdeaAttributes {
  statusID: number;
  status: { name: string; state: IdeaStatusState };
  statusNotes: string | null;
  type: IdeationType;
  vote?: IdeaVote;
}
