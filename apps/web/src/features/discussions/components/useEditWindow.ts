import { useQuery } from "../../../lib/query.ts";
import { useEffect, useState } from "react";
import type { Me } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { useNow } from "../../../lib/now.tsx";
import { meQuery } from "../../users/index.ts";
import { editTimeoutQuery } from "../discussions.queries.ts";
import { editLabel, editLabelRefreshMs, editSecondsLeft } from "./editWindow.ts";

export interface EditWindowInput {
  /** The record's `permissions[…edit]` as the server computed it when the page loaded. */
  canEdit: boolean;
  /** Whether the viewer's right comes only from being the author (so the window applies). */
  authorOnly: boolean;
  dateInserted: string;
}

/** Whether the viewer edits only as the author: no moderation right that lifts the window. */
export const editsOnlyAsAuthor = (
  me: Pick<Me, "userID" | "isAdmin" | "permissions"> | undefined,
  insertUserID: number,
  editPermission: string,
) =>
  !!me &&
  me.userID !== 0 &&
  me.userID === insertUserID &&
  !me.isAdmin &&
  !me.permissions.includes("community.moderate") &&
  !me.permissions.includes(editPermission);

/**
 * The Edit action's visibility and label: 'Edit (time)' counting down while an author's window runs,
 * refreshed every 10 s above 60 s left and every 5 s below; hidden once the window has passed.
 */
export function useEditWindow({ canEdit, authorOnly, dateInserted }: EditWindowInput) {
  const api = useApi();
  // The viewer's own window (their rank's, or the site's) comes with who they are; the site's setting otherwise.
  const { data: me } = useQuery({ ...meQuery(api), enabled: canEdit && authorOnly });
  const own = me?.editContentTimeout;
  const { data: settings } = useQuery({
    ...editTimeoutQuery(api),
    enabled: canEdit && authorOnly && me !== undefined && own === undefined,
  });
  const timeout = own ?? settings?.editTimeout;
  // The server's render time while hydrating (same text on both sides), then the browser's clock.
  const serverNow = useNow();
  const [now, setNow] = useState(serverNow);
  const counting = canEdit && authorOnly && timeout !== undefined && timeout >= 0;

  useEffect(() => {
    if (!counting) return;
    let timer: number;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      const left = editSecondsLeft(dateInserted, timeout, current);
      if (left !== null && left > 0) timer = window.setTimeout(tick, editLabelRefreshMs(left));
    };
    tick();
    return () => window.clearTimeout(timer);
  }, [counting, dateInserted, timeout]);

  const secondsLeft = counting ? editSecondsLeft(dateInserted, timeout, now) : null;
  return {
    canEdit: canEdit && (secondsLeft === null || secondsLeft > 0),
    label: editLabel(secondsLeft),
    secondsLeft,
  };
}
