import type { Notification } from "@parley/contracts";
import { describe, expect, it } from "vitest";
import { groupNotifications, groupSentence, groupTarget, sentenceMarks } from "./notifications.groups.ts";

let nextID = 100;
const notification = (fields: Partial<Notification> & { body: string }): Notification => {
  const notificationID = nextID--;
  return {
    notificationID,
    photoUrl: null,
    url: `/discussion/comment/${notificationID}`,
    recordUrl: `/discussion/comment/${notificationID}`,
    recordType: "comment",
    recordID: notificationID,
    discussionID: 7,
    activityType: "DiscussionComment",
    reason: "mine",
    count: 1,
    dateInserted: "2024-06-15T12:00:00Z",
    dateUpdated: "2024-06-15T12:00:00Z",
    read: false,
    ...fields,
  };
};
const commented = (actor: string, fields: Partial<Notification> = {}) =>
  notification({ body: `<b>${actor}</b> commented on <b>Tom &amp; Jerry</b>.`, ...fields });
/** The sentence with its marks as the names they stand for. */
const words = (sentence: string | null, actor: string, title: string) =>
  sentence?.replace(sentenceMarks.actor, actor).replace(sentenceMarks.title, title);

describe("groupNotifications", () => {
  it("joins the comments of one kind in one discussion, in the place of the newest, each actor once", () => {
    const items = [
      commented("admin"),
      notification({ body: "<b>Bo</b> mentioned you in <b>Tom &amp; Jerry</b>.", activityType: "Mention" }),
      commented("Bo", { read: true }),
      commented("admin", { read: true }),
      commented("Cy", { discussionID: 8 }),
      commented("Di", { read: true }),
    ];
    const groups = groupNotifications(items);
    expect(groups.map((group) => group.members.length)).toEqual([4, 1, 1]);
    const [replies, mention, other] = groups;
    expect(replies!.actors).toEqual(["admin", "Bo", "Di"]);
    expect(replies!.title).toBe("Tom & Jerry");
    expect(replies!.unread).toBe(true);
    expect(mention!.members[0]!.activityType).toBe("Mention");
    expect(other!.members[0]!.discussionID).toBe(8);
  });

  it("keeps kinds apart, and never groups what has no record to share", () => {
    const groups = groupNotifications([
      commented("admin"),
      commented("Bo", { activityType: "ParticipateComment" }),
      notification({ body: "Your data is ready to download.", activityType: "DataExport", discussionID: null }),
      notification({ body: "Your data is ready to download.", activityType: "DataExport", discussionID: null }),
    ]);
    expect(groups).toHaveLength(4);
  });

  it("joins reactions to one post, counting the server's own count of each", () => {
    const reacted = (actor: string, count: number, recordID = 5) =>
      notification({
        body: `<b>${actor}</b> reacted to your comment <b>Title</b>.`,
        activityType: "Reaction",
        recordID,
        count,
        read: true,
      });
    const groups = groupNotifications([reacted("Al", 2), reacted("Bo", 1), reacted("Cy", 1, 6)]);
    expect(groups.map((group) => group.events)).toEqual([3, 1]);
    expect(groups[0]!.unread).toBe(false);
    expect(words(groupSentence(groups[0]!), "Al", "Title")).toBe("Al and 2 others reacted to your comment Title.");
    expect(groupSentence(groups[1]!)).toBeNull();
  });
});

describe("groupSentence", () => {
  it("names the newest actor and how many others, singular and plural", () => {
    const sentence = (...actors: string[]) =>
      words(groupSentence(groupNotifications(actors.map((actor) => commented(actor)))[0]!), "A", "T");
    expect(sentence("admin")).toBeUndefined();
    expect(sentence("admin", "Bo")).toBe("A and 1 other commented on T.");
    expect(sentence("admin", "Bo", "Cy", "Di")).toBe("A and 3 others commented on T.");
    expect(sentence("admin", "admin", "admin")).toBe("A commented 3 times on T.");
  });

  it("words each reason for comments as the server does", () => {
    const group = (activityType: string) =>
      groupNotifications([commented("a", { activityType }), commented("b", { activityType })])[0]!;
    expect(words(groupSentence(group("BookmarkComment")), "A", "T")).toBe(
      "A and 1 other commented on your bookmarked discussion T.",
    );
    expect(words(groupSentence(group("ParticipateComment")), "A", "T")).toBe(
      "A and 1 other commented on T, where you took part.",
    );
  });
});

describe("groupTarget", () => {
  it("leads to the oldest unread member, or the newest when all are read", () => {
    const newest = commented("a", { read: true });
    const unreadNew = commented("b");
    const unreadOld = commented("c");
    const oldest = commented("d", { read: true });
    expect(groupTarget(groupNotifications([newest, unreadNew, unreadOld, oldest])[0]!)).toBe(unreadOld);
    expect(groupTarget(groupNotifications([newest, oldest])[0]!)).toBe(newest);
  });
});
