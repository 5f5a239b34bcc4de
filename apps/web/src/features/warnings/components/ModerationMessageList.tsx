import { useEffect, useState } from "react";
import type { ModerationMessage } from "@parley/contracts";
import { t } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/button/Button.tsx";
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

/**
 * The messages themselves (loaded on demand, only by pages that have some): a dismissible one has a Dismiss
 * button once the page's script runs, and stays hidden in this browser afterwards.
 */
export function ModerationMessageList({ messages }: { messages: ModerationMessage[] }) {
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
    <div className={styles.messages} data-warnings="">
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
