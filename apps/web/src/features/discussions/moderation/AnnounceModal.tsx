import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { useToast } from "../../../ui/toast/ToastProvider.tsx";
import type { ActionModalProps } from "./actions.registry.ts";
import { runToggle } from "./flags.ts";
import { FormModal } from "./FormModal.tsx";
import { moderationApi, type PinLocation } from "./moderation.api.ts";
import styles from "./Moderation.module.css";

/** Announce (spec §2): where the discussion is pinned — nowhere, in its category, or in recent discussions too. */
export function AnnounceModal({ discussion, onClose }: ActionModalProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { addToast } = useToast();
  const current: PinLocation = discussion.pinned ? (discussion.pinLocation ?? "category") : "none";
  const [isPending, setPending] = useState(false);
  const choices: Array<{ value: PinLocation; label: string }> = [
    { value: "none", label: t("Don't announce") },
    { value: "category", label: t("In its category") },
    { value: "recent", label: t("In Recent Discussions and its category") },
  ];

  const handleSubmit = async (form: HTMLFormElement) => {
    const location = new FormData(form).get("pinLocation") as PinLocation | null;
    if (!location) return;
    setPending(true);
    const done = await runToggle(
      { queryClient, addToast },
      discussion.discussionID,
      () => moderationApi.announce(api, discussion.discussionID, location),
      { toastID: `announce-${discussion.discussionID}` },
    );
    setPending(false);
    if (done) onClose();
  };

  return (
    <FormModal
      title={t("Announce")}
      submitLabel={t("Save")}
      isPending={isPending}
      onSubmit={(form) => void handleSubmit(form)}
      onClose={onClose}
    >
      <fieldset className={styles.choices}>
        <legend>{t("Where should this discussion be announced?")}</legend>
        {choices.map((choice) => (
          <label key={choice.value} className={styles.choice}>
            <input type="radio" name="pinLocation" value={choice.value} defaultChecked={choice.value === current} />
            {choice.label}
          </label>
        ))}
      </fieldset>
    </FormModal>
  );
}
