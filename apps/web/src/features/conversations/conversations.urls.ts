import { conversationLimits } from "./conversations.queries.ts";

/** `?page=` (spec §2: defaults to 1 where absent); null when it is not a page number, undefined when absent. */
export function readPage(search: URLSearchParams): number | null | undefined {
  const raw = search.get("page");
  if (raw === null || raw === "") return undefined;
  return /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : null;
}

/** The page of messages to show: the one asked for, else the latest. */
export const messagePageOf = (asked: number | undefined, countMessages: number) =>
  asked ?? Math.max(1, Math.ceil(countMessages / conversationLimits.messages));

/** The names typed in the To field: comma-separated, trimmed, without repeats. */
export const recipientNames = (text: string) => [
  ...new Map(
    text
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean)
      .map((name) => [name.toLowerCase(), name]),
  ).values(),
];
