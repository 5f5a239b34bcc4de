import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useRef } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Draft } from "@parley/contracts";
import { ApiProvider } from "../../lib/api-context.tsx";
import type { ApiClient } from "../../lib/api.ts";
import { useRestoredDraft } from "./useRestoredDraft.ts";
import { editTarget, fakeDraftsApi } from "./drafts.fixtures.ts";
import { localDrafts } from "./draftStore.ts";
import { useDraftAutosave } from "./useDraftAutosave.tsx";

const edit = editTarget;

/** The edit page's form in small: the record's own title and body, its draft autosaved and restored. */
function EditForm({ draftID: named }: { draftID?: number }) {
  const form = useRef<HTMLFormElement>(null);
  const { restored, version, onRestore } = useRestoredDraft();
  const { draftID } = useDraftAutosave({
    form,
    target: edit,
    onRestore,
    draftID: named,
    restoreOverContent: true,
    timings: { delayMs: 60, throttleMs: 10 },
  });
  return (
    <form ref={form}>
      <input key={`n${version}`} aria-label="Title" name="name" defaultValue={restored?.name ?? "Original title"} />
      <textarea key={`b${version}`} aria-label="Body" name="body" defaultValue={restored?.body ?? "Original body"} />
      <input type="hidden" name="format" value="markdown" />
      <output aria-label="Draft">{draftID ?? ""}</output>
    </form>
  );
}

const renderWith = (api: ApiClient, draftID?: number) =>
  render(
    <ApiProvider api={api}>
      <EditForm draftID={draftID} />
    </ApiProvider>,
  );
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("autosave of an existing discussion's edit form", () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it("starts a draft with the first edit, tied to the record, and restores it over the record's text on return", async () => {
    const drafts = new Map<number, Draft>();
    const { api, calls } = fakeDraftsApi(drafts);
    const first = renderWith(api);
    await waitFor(() => expect(calls).toContain("GET /drafts"));
    // The rich editor rewriting its hidden input as it loads is not an edit: nothing is saved.
    act(() => screen.getByDisplayValue("markdown").setAttribute("value", "markdown"));
    await sleep(200);
    expect(calls.filter((call) => call.startsWith("POST"))).toEqual([]);
    expect(localDrafts.find(edit)).toBeNull();

    fireEvent.input(screen.getByLabelText("Body"), { target: { value: "Original body, and much more." } });
    await waitFor(() => expect(screen.getByLabelText("Draft").textContent).toBe("100"));
    expect(drafts.get(100)).toMatchObject({
      recordType: "discussion",
      recordID: 31,
      parentRecordID: 4,
      attributes: { body: "Original body, and much more.", draftMeta: { name: "Original title" } },
    });
    first.unmount();

    // Back on the page (a reload): the draft replaces the record's text.
    renderWith(api);
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLTextAreaElement>("Body").value).toBe("Original body, and much more."),
    );
    expect(screen.getByLabelText("Draft").textContent).toBe("100");
  });

  it("continues the draft its link names, /post/editdiscussion/{id}/{draftID}, in a browser without its local copy", async () => {
    const drafts = new Map<number, Draft>();
    const { api } = fakeDraftsApi(drafts);
    await api.request({
      method: "POST",
      path: "/drafts",
      body: {
        recordType: "discussion",
        recordID: 31,
        parentRecordType: "category",
        parentRecordID: 4,
        attributes: { body: "From elsewhere", format: "markdown", draftMeta: { name: "Retitled" } },
      },
    });
    renderWith(api, 100);
    await waitFor(() => expect(screen.getByLabelText<HTMLTextAreaElement>("Body").value).toBe("From elsewhere"));
    expect(screen.getByLabelText<HTMLInputElement>("Title").value).toBe("Retitled");
  });
});
