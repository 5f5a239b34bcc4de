import type { NotificationActivityType } from "@parley/contracts";

/**
 * The hook for notifications that do not come from a post, e.g. a new private message: the emitter
 * (conversations) names the recipients, and must name only members who may read the record.
 */
export interface NotificationRequestedEvent {
  userIDs: number[];
  activityType: NotificationActivityType;
  recordType: "conversation" | "user" | "group" | "export" | "discussion" | "comment" | "report" | "warning" | "badge";
  recordID: number;
  actorUserID: number;
  /** The record's title, shown in bold in the sentence (escaped here). */
  title: string;
  /** Site-relative address of the record, e.g. `/messages/12#latest`. */
  url: string;
}

declare module "../../platform/events.ts" {
  interface EventMap {
    "notification.requested": NotificationRequestedEvent;
  }
}
