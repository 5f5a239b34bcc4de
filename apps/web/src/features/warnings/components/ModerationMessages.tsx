import { useEffect, useState } from "react";
import { useQuery, type QueryClient } from "@tanstack/react-query";
import type { ModerationMessage } from "@parley/contracts";
import type { ApiClient } from "../../../lib/api.ts";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/button/Button.tsx";
import { shownMessagesQuery } from "../warnings.queries.ts";
import styles from "./ModerationMessages.module.css";

/** The messages this browser dismissed (their ids), kept in its local storage. */
const DISMISSED_KEY = "parley.dismissedModerationMessages";

function readDismissed(): number[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(DISMISSED_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/** A layout page's messages, fetched before it renders (never failing the page). */
export const prefetchModerationMessages = (queryClient: QueryClient, api: ApiClient, categoryID: number | null) =>
  queryClient.prefetchQuery(shownMessagesQuery(api, categoryID));

/**
 * The enabled moderation messages a forum page shows at the top of its content: the site-wide ones and, in a
 * category, that category's. A dismissible one has a Dismiss button once the page's script runs, and stays
 * hidden in this browser afterwards. Messages placed in the panel show here too until layouts have a panel slot.
 */
export function ModerationMessages({ categoryID }: { categoryID: number | null }) {
  const api = useApi();
  const { data: messages = [] } = useQuery(shownMessagesQuery(api, categoryID));
  // Read after hydration: the server cannot know what this browser dismissed.
  const [dismissed, setDismissed] = useState<number[] | null>(null);
  useEffect(() => setDismissed(readDismissed()), []);
  const shown = messages.filter((message) => !dismissed?.includes(message.moderationMessageID));
  if (shown.length === 0) return null;
  const dismiss = (message: ModerationMessage) => {
    const next = [...new Set([...readDismissed(), message.moderationMessageID])].slice(-200);
    try {
      window.localStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
    } catch {
      // Storage refused (private mode): hidden for this page view only.
    }
    setDismissed(next);
  };
  return (
    <div className={styles.messages}>
      {shown.map((message) => (
        <aside
          key={message.moderationMessageID}
          className={`${styles.message} ${styles[message.type] ?? ""}`}
          aria-label={t("Message from the moderators")}
          data-testid="moderation-message"
        >
          {/* Rendered and sanitised by the server's one post pipeline. */}
          <div className={styles.body} dangerouslySetInnerHTML={{ __html: message.body }} />
          {message.isDismissible && dismissed !== null ? (
            <Button buttonType="text" size="compact" onPress={() => dismiss(message)}>
              {t("Dismiss")}
            </Button>
          ) : null}
        </aside>
      ))}
    </div>
  );
}
