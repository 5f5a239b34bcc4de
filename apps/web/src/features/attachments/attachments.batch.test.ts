import { describe, expect, it } from "vitest";
import type { Attachment } from "@parley/contracts";
import { createApiClient, type ApiRequest, type ApiResponse } from "../../lib/api.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { isStale, loadRecordAttachments, refreshStaleAttachments, storeAttachments } from "./attachments.batch.ts";
import { attachmentKeys } from "./attachments.catalog.ts";
import { recordAttachmentsQuery } from "./attachments.queries.ts";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const ticket = (attachmentID: number, recordID: number, dateUpdated: string, status = "open"): Attachment => ({
  attachmentID,
  recordType: "comment",
  recordID,
  type: "ticket",
  source: "Helpdesk",
  sourceID: `T-${attachmentID}`,
  sourceUrl: null,
  status,
  foreignUserID: 2,
  insertUserID: 1,
  dateInserted: dateUpdated,
  updateUserID: null,
  dateUpdated,
  lastModifiedDate: dateUpdated,
  metadata: [],
});

/** A client whose every call is recorded and answered by `answer`. */
function recordingApi(answer: (request: ApiRequest) => ApiResponse) {
  const requests: ApiRequest[] = [];
  const api = createApiClient(async (request) => {
    requests.push(request);
    return answer(request);
  });
  return { api, requests };
}

const ok = (body: unknown): ApiResponse => ({ status: 200, headers: {}, body });

describe("a page's tickets in one call", () => {
  it("gathers the posts asked for in one task into one GET /attachments?recordIDs=", async () => {
    const stored = [ticket(1, 10, minutesAgo(1)), ticket(2, 12, minutesAgo(1)), ticket(3, 10, minutesAgo(1))];
    const { api, requests } = recordingApi(() => ok(stored));
    const queryClient = createQueryClient();
    const [ten, eleven, twelve] = await Promise.all(
      [10, 11, 12].map((id) => queryClient.fetchQuery(recordAttachmentsQuery(api, "comment", id))),
    );
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: "GET",
      path: "/attachments",
      query: { recordType: "comment", recordIDs: "10,11,12" },
    });
    expect(ten!.map((attachment) => attachment.attachmentID)).toEqual([1, 3]);
    expect(eleven).toEqual([]);
    expect(twelve!.map((attachment) => attachment.attachmentID)).toEqual([2]);
  });

  it("asks for one post as Vanilla does, and refuses every caller of a refused call", async () => {
    const { api, requests } = recordingApi(() => ({ status: 403, headers: {}, body: { message: "Permission" } }));
    await expect(loadRecordAttachments(api, "discussion", 5)).rejects.toThrow("Permission");
    expect(requests[0]).toMatchObject({ query: { recordType: "discussion", recordID: 5 } });
    const both = Promise.allSettled([
      loadRecordAttachments(api, "comment", 1),
      loadRecordAttachments(api, "comment", 2),
    ]);
    expect((await both).map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(requests).toHaveLength(2);
  });
});

describe("stale tickets refreshed when staff look", () => {
  it("asks only for those not read for 10 minutes, 10 to a call, once per stale period", async () => {
    const { api, requests } = recordingApi((request) => {
      const ids = (request.body as { attachmentIDs: number[] }).attachmentIDs;
      return ok(ids.map((id) => ticket(id, 100 + id, new Date().toISOString(), "solved")));
    });
    const fresh = ticket(1, 101, minutesAgo(2));
    const stale = Array.from({ length: 11 }, (_, index) => ticket(index + 2, 102 + index, minutesAgo(30)));
    expect(isStale(fresh, Date.now())).toBe(false);
    const refreshed = await refreshStaleAttachments(api, [fresh, ...stale]);
    expect(refreshed.map((attachment) => attachment.status)).toEqual(stale.map(() => "solved"));
    expect(requests.map((request) => request.body)).toEqual([
      { attachmentIDs: stale.slice(0, 10).map((attachment) => attachment.attachmentID), onlyStale: true },
      { attachmentIDs: [stale[10]!.attachmentID], onlyStale: true },
    ]);
    // Asked a moment ago: not again (the page renders again with what it had, or the service was down).
    expect(await refreshStaleAttachments(api, stale)).toEqual([]);
    expect(requests).toHaveLength(2);
  });

  it("keeps what the box shows when the refresh fails, and puts a refreshed ticket in its post's list", async () => {
    const { api } = recordingApi(() => ({ status: 502, headers: {}, body: { message: "The ticket service failed." } }));
    const stale = ticket(1, 7, minutesAgo(30));
    await expect(refreshStaleAttachments(api, [stale])).rejects.toThrow("The ticket service failed.");
    const queryClient = createQueryClient();
    const other = ticket(2, 7, minutesAgo(30));
    queryClient.setQueryData(attachmentKeys.record("comment", 7), [stale, other]);
    storeAttachments(queryClient, [{ ...stale, status: "solved" }]);
    expect(
      queryClient.getQueryData<Attachment[]>(attachmentKeys.record("comment", 7))!.map((item) => item.status),
    ).toEqual(["solved", "open"]);
  });
});
