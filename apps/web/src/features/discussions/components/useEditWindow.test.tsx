import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithShell } from "../../../shell/testing.tsx";
import { jsonResponse } from "../../../test/fixtures.ts";
import { author } from "../../../test/discussions.tsx";
import { editLabel, editLabelRefreshMs, editSecondsLeft, formatTimeLeft } from "./editWindow.ts";
import { editsOnlyAsAuthor, useEditWindow } from "./useEditWindow.ts";

const start = Date.parse("2025-01-01T12:00:00Z");

function EditLabel({ authorOnly = true, canEdit = true }: { authorOnly?: boolean; canEdit?: boolean }) {
  const edit = useEditWindow({ canEdit, authorOnly, dateInserted: new Date(start).toISOString() });
  return <p data-testid="edit">{edit.canEdit ? edit.label : "hidden"}</p>;
}

const label = () => screen.getByTestId("edit").textContent;
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe("editWindow", () => {
  it("counts the seconds left; -1 means no limit", () => {
    expect(editSecondsLeft("2025-01-01T12:00:00Z", 120, start + 30_000)).toBe(90);
    expect(editSecondsLeft("2025-01-01T12:00:00Z", 120, start + 500_000)).toBe(0);
    expect(editSecondsLeft("2025-01-01T12:00:00Z", -1, start)).toBeNull();
  });

  it("refreshes every 10 s above 60 s left, every 5 s from 60 s down", () => {
    expect(editLabelRefreshMs(61)).toBe(10_000);
    expect(editLabelRefreshMs(60)).toBe(5_000);
    expect(editLabelRefreshMs(3)).toBe(5_000);
  });

  it("labels 'Edit (time)' with the largest whole unit, 'Edit' without a window", () => {
    expect(formatTimeLeft(7200)).toBe("2 hours");
    expect(formatTimeLeft(119)).toBe("1 minute");
    expect(formatTimeLeft(45)).toBe("45 seconds");
    expect(editLabel(300)).toBe("Edit (5 minutes)");
    expect(editLabel(null)).toBe("Edit");
  });

  it("applies the window only to authors without a moderation right", () => {
    expect(editsOnlyAsAuthor(author, author.userID, "discussions.edit")).toBe(true);
    expect(editsOnlyAsAuthor(author, 99, "discussions.edit")).toBe(false);
    expect(editsOnlyAsAuthor({ ...author, isAdmin: true }, author.userID, "discussions.edit")).toBe(false);
    const moderator = { ...author, permissions: [...author.permissions, "community.moderate"] };
    expect(editsOnlyAsAuthor(moderator, author.userID, "discussions.edit")).toBe(false);
    const editor = { ...author, permissions: [...author.permissions, "comments.edit"] };
    expect(editsOnlyAsAuthor(editor, author.userID, "comments.edit")).toBe(false);
    expect(editsOnlyAsAuthor(undefined, author.userID, "comments.edit")).toBe(false);
  });
});

describe("useEditWindow", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(start);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const renderLabel = (timeout: number, props: { authorOnly?: boolean; canEdit?: boolean } = {}) =>
    renderWithShell(<EditLabel {...props} />, {
      me: author,
      routes: { "GET /config": jsonResponse({ "ui.editContentTimeout": timeout }) },
    });

  it("counts down on a 10 s beat above 60 s left, a 5 s beat below, and hides Edit when time is up", async () => {
    const { transport } = renderLabel(120);
    await advance(0);
    expect(transport.requests.find((request) => request.path === "/config")?.query).toEqual({
      select: ["ui.editContentTimeout", "signatures.hideMobile"],
    });
    expect(label()).toBe("Edit (2 minutes)");
    await advance(9_900); // 110.1 s left, but the label waits for its 10 s beat
    expect(label()).toBe("Edit (2 minutes)");
    await advance(100); // 10 s: 110 s left
    expect(label()).toBe("Edit (1 minute)");
    await advance(50_000); // 60 s: 60 s left, from now on every 5 s
    expect(label()).toBe("Edit (1 minute)");
    await advance(4_900);
    expect(label()).toBe("Edit (1 minute)");
    await advance(100); // 65 s
    expect(label()).toBe("Edit (55 seconds)");
    await advance(5_000); // 70 s
    expect(label()).toBe("Edit (50 seconds)");
    await advance(50_000); // 120 s: the window has passed
    expect(label()).toBe("hidden");
  });

  it("says plain 'Edit' without a limit or for moderators, and hides it without the permission", async () => {
    renderLabel(-1);
    await advance(0);
    expect(label()).toBe("Edit");
    cleanup();
    renderLabel(120, { authorOnly: false });
    await advance(0);
    expect(label()).toBe("Edit");
    cleanup();
    renderLabel(120, { canEdit: false });
    await advance(0);
    expect(label()).toBe("hidden");
  });

  it("counts the viewer's own window when who they are carries it (their rank's), not the site's", async () => {
    const { transport } = renderWithShell(<EditLabel />, {
      me: { ...author, editContentTimeout: 60 },
      routes: { "GET /config": jsonResponse({ "ui.editContentTimeout": -1 }) },
    });
    await advance(0);
    expect(label()).toBe("Edit (1 minute)");
    expect(transport.requests.some((request) => request.path === "/config")).toBe(false);
    await advance(60_000);
    expect(label()).toBe("hidden");
  });
});
