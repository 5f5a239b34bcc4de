import type { QueryClient } from "@tanstack/react-query";
import { attachmentsLimits, type AttachmentRecordType } from "@parley/contracts/attachments-constants";
import type { Attachment } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { attachmentsApi } from "./attachments.api.ts";
import { attachmentKeys } from "./attachments.catalog.ts";

/*
 * A page of posts asks for their tickets once: each post's box asks for its own, and the asks made in the same
 * task (a page's prefetch, its boxes mounting) go as one `GET /attachments?recordIDs=` (one `recordID` when there
 * is one post). Stale tickets are refreshed the same way, 10 to a `POST /attachments/refresh`. Per API client: one
 * per server render, one in the browser.
 */

interface Waiter<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** Keys asked for in this task, each with its callers; `run` answers a chunk of them at the end of the task. */
function createBatcher<K, T>(size: number, run: (keys: K[]) => Promise<Map<K, T>>) {
  let waiting: Map<K, Waiter<T>[]> | null = null;
  const flush = (batch: Map<K, Waiter<T>[]>) => {
    const keys = [...batch.keys()];
    for (let start = 0; start < keys.length; start += size) {
      const chunk = keys.slice(start, start + size);
      run(chunk).then(
        (answers) => {
          for (const key of chunk) for (const waiter of batch.get(key)!) waiter.resolve(answers.get(key)!);
        },
        (error: unknown) => {
          for (const key of chunk) for (const waiter of batch.get(key)!) waiter.reject(error);
        },
      );
    }
  };
  return (key: K): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (!waiting) {
        const batch = new Map<K, Waiter<T>[]>();
        waiting = batch;
        setTimeout(() => {
          waiting = null;
          flush(batch);
        }, 0);
      }
      waiting.set(key, [...(waiting.get(key) ?? []), { resolve, reject }]);
    });
}

type RecordLoader = (recordID: number) => Promise<Attachment[]>;
const loaders = new WeakMap<ApiClient, Map<AttachmentRecordType, RecordLoader>>();

/** A post's attachments, asked for with the other posts of its type asked for in the same task. */
export function loadRecordAttachments(api: ApiClient, recordType: AttachmentRecordType, recordID: number) {
  const byType = loaders.get(api) ?? new Map<AttachmentRecordType, RecordLoader>();
  loaders.set(api, byType);
  let load = byType.get(recordType);
  if (!load) {
    load = createBatcher(attachmentsLimits.listMaxIDs, async (recordIDs: number[]) => {
      const attachments =
        recordIDs.length === 1
          ? await attachmentsApi.list(api, recordType, recordIDs[0]!)
          : await attachmentsApi.listMany(api, recordType, recordIDs);
      return new Map(recordIDs.map((id) => [id, attachments.filter((attachment) => attachment.recordID === id)]));
    });
    byType.set(recordType, load);
  }
  return load(recordID);
}

const refreshers = new WeakMap<ApiClient, (attachmentID: number) => Promise<Attachment | undefined>>();
/** When this browser last asked for each attachment's refresh: once per stale period, even when it failed. */
const asked = new WeakMap<ApiClient, Map<number, number>>();

/** Whether an attachment was last read from its integration longer ago than the stale period. */
export const isStale = (attachment: Attachment, now: number) =>
  attachment.dateUpdated === null || now - Date.parse(attachment.dateUpdated) > attachmentsLimits.staleAfterMs;

/**
 * Asks the server to read stale attachments again (`onlyStale`: it decides what is stale, and answers a ticket
 * the integration failed to read as last known), together with the others asked for in the same task. Those asked
 * for within the stale period are skipped. Answers the attachments as they now are.
 */
export async function refreshStaleAttachments(api: ApiClient, attachments: Attachment[]): Promise<Attachment[]> {
  const now = Date.now();
  const times = asked.get(api) ?? new Map<number, number>();
  asked.set(api, times);
  const due = attachments.filter(
    (attachment) =>
      isStale(attachment, now) && now - (times.get(attachment.attachmentID) ?? 0) > attachmentsLimits.staleAfterMs,
  );
  if (due.length === 0) return [];
  for (const attachment of due) times.set(attachment.attachmentID, now);
  let refresh = refreshers.get(api);
  if (!refresh) {
    refresh = createBatcher(attachmentsLimits.refreshMaxIDs, async (attachmentIDs: number[]) => {
      const answered = await attachmentsApi.refresh(api, attachmentIDs, true);
      return new Map(answered.map((attachment) => [attachment.attachmentID, attachment]));
    });
    refreshers.set(api, refresh);
  }
  const answered = await Promise.allSettled(due.map((attachment) => refresh(attachment.attachmentID)));
  const refreshed = answered.flatMap((answer) => (answer.status === "fulfilled" && answer.value ? [answer.value] : []));
  // All failed (the server refused, or is down): the caller keeps what it shows, and says why.
  const failure = answered.find((answer) => answer.status === "rejected");
  if (refreshed.length === 0 && failure) throw failure.reason;
  return refreshed;
}

/** Puts attachments as the server answered them (refreshed) into their posts' cached lists. */
export function storeAttachments(queryClient: QueryClient, attachments: Attachment[]) {
  for (const attachment of attachments) {
    queryClient.setQueryData<Attachment[]>(attachmentKeys.record(attachment.recordType, attachment.recordID), (list) =>
      list?.map((cached) => (cached.attachmentID === attachment.attachmentID ? attachment : cached)),
    );
  }
}
