/** What the groups' events carry (emitted after their transaction commits). */
interface GroupEvent {
  groupID: number;
  actorUserID: number;
}

declare module "../../platform/events.ts" {
  interface EventMap {
    /** A group was created, changed or deleted (its privacy may have changed who reads its posts). */
    "group.changed": GroupEvent & { deleted?: boolean };
    /** Members joined, left, were added or removed, or changed role: their rights in the group changed. */
    "group.membersChanged": GroupEvent & { userIDs: number[] };
  }
}

export {};
