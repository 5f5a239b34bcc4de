import type { Notification } from "@parley/contracts";
import { t } from "../../lib/i18n.ts";

/**
 * Notifications shown as one row (as Discourse and Facebook do): those of one kind about one record, such
 * as several comments in one discussion or several reactions to one post, over the page the list fetched.
 */
export interface NotificationGroup {
  key: string;
  /** Newest first, as the API lists them. */
  members: Notification[];
  /** Who acted, newest first, each once (the names the server's sentences start with). */
  actors: string[];
  /** The record's title as the server's sentence names it (its last bold words). */
  title: string;
  /** How many events: the members, or for reactions the server's own count of each. */
  events: number;
  unread: boolean;
}

/** The kinds grouped by discussion: comments told for one reason or another. */
const byDiscussion = new Set(["DiscussionComment", "BookmarkComment", "ParticipateComment"]);

function groupKey(item: Notification): string | null {
  if (byDiscussion.has(item.activityType) && item.discussionID !== null) {
    return `${item.activityType}:${item.discussionID}`;
  }
  if (item.activityType === "Reaction") return `Reaction:${item.recordType}:${item.recordID}`;
  return null;
}

const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };
const decode = (html: string) => html.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => entities[entity] ?? entity);

/** The bold words of a server sentence (`<b>Alice</b> commented on <b>Title</b>.`), as text. */
const boldWords = (body: string) => [...body.matchAll(/<b>(.*?)<\/b>/g)].map((match) => decode(match[1] ?? ""));

/**
 * The notifications as rows, in the list's order (a group where its newest member is): those with the same
 * kind and record join one group; anything else is a row of its own.
 */
export function groupNotifications(items: readonly Notification[]): NotificationGroup[] {
  const groups: NotificationGroup[] = [];
  const open = new Map<string, NotificationGroup>();
  for (const item of items) {
    const key = groupKey(item);
    const words = boldWords(item.body);
    const actor = words.length > 1 ? words[0] : undefined;
    const existing = key === null ? undefined : open.get(key);
    if (existing) {
      existing.members.push(item);
      if (actor !== undefined && !existing.actors.includes(actor)) existing.actors.push(actor);
      existing.events += Math.max(1, item.count);
      existing.unread ||= !item.read;
      continue;
    }
    const group: NotificationGroup = {
      key: key ?? `notification:${item.notificationID}`,
      members: [item],
      actors: actor === undefined ? [] : [actor],
      title: words.at(-1) ?? "",
      events: Math.max(1, item.count),
      unread: !item.read,
    };
    groups.push(group);
    if (key !== null) open.set(key, group);
  }
  return groups;
}

/** The placeholders a grouped sentence's names stand in, to be put back as bold words. */
export const sentenceMarks = { actor: "\u0001", title: "\u0002" } as const;

/**
 * A group's sentence, translated, with `sentenceMarks` where the actor's name and the title go; null when
 * the group is one notification the server's own sentence says best.
 */
export function groupSentence(group: NotificationGroup): string | null {
  const [first] = group.members;
  if (!first || group.actors.length === 0) return null;
  const type = first.activityType;
  const values = { ...sentenceMarks, count: 0 };
  if (type === "Reaction") {
    const others = group.events - 1;
    if (others < 1) return null;
    values.count = others;
    if (first.recordType === "comment") {
      return others === 1
        ? t("{actor} and 1 other reacted to your comment {title}.", values)
        : t("{actor} and {count} others reacted to your comment {title}.", values);
    }
    return others === 1
      ? t("{actor} and 1 other reacted to your discussion {title}.", values)
      : t("{actor} and {count} others reacted to your discussion {title}.", values);
  }
  if (group.members.length < 2) return null;
  const others = group.actors.length - 1;
  // One member several times: how many times.
  values.count = others === 0 ? group.members.length : others;
  switch (type) {
    case "DiscussionComment":
      return others === 0
        ? t("{actor} commented {count} times on {title}.", values)
        : others === 1
          ? t("{actor} and 1 other commented on {title}.", values)
          : t("{actor} and {count} others commented on {title}.", values);
    case "BookmarkComment":
      return others === 0
        ? t("{actor} commented {count} times on your bookmarked discussion {title}.", values)
        : others === 1
          ? t("{actor} and 1 other commented on your bookmarked discussion {title}.", values)
          : t("{actor} and {count} others commented on your bookmarked discussion {title}.", values);
    case "ParticipateComment":
      return others === 0
        ? t("{actor} commented {count} times on {title}, where you took part.", values)
        : others === 1
          ? t("{actor} and 1 other commented on {title}, where you took part.", values)
          : t("{actor} and {count} others commented on {title}, where you took part.", values);
    default:
      return null;
  }
}

/**
 * Where a group's row leads: its oldest unread member (the first thing not yet seen, as Discourse does),
 * or its newest when all are read.
 */
export function groupTarget(group: NotificationGroup): Notification {
  const unread = group.members.filter((member) => !member.read);
  return unread.at(-1) ?? group.members[0]!;
}
