import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { useToast } from "../../../ui/toast/ToastProvider.tsx";
import { CategoryComboBox, type ChosenCategory } from "../components/CategoryComboBox.tsx";
import type { ActionModalProps } from "./actions.registry.ts";
import { runToggle } from "./flags.ts";
import { FormModal } from "./FormModal.tsx";
import { moderationApi } from "./moderation.api.ts";
import styles from "./Moderation.module.css";

/**
 * The post types the server knows. A poll is made only by posting one (with its poll): offered to a poll alone, so
 * that moving it keeps its type.
 */
const postTypes = ["discussion", "question", "idea", "poll"] as const;

/** Move or change post type (spec §2): a category picker and the type; only what changed is sent. */
export function MoveModal({ discussion, onClose }: ActionModalProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { addToast } = useToast();
  const [isPending, setPending] = useState(false);
  const [category, setCategory] = useState<ChosenCategory | null>(
    discussion.category ? { categoryID: discussion.categoryID, name: discussion.category.name } : null,
  );
  const typeLabels: Record<(typeof postTypes)[number], string> = {
    discussion: t("Discussion"),
    question: t("Question"),
    idea: t("Idea"),
    poll: t("Poll"),
  };

  const handleSubmit = async (form: HTMLFormElement) => {
    const chosenType = new FormData(form).get("type");
    const type = typeof chosenType === "string" ? chosenType : discussion.type;
    const id = discussion.discussionID;
    const tools = { queryClient, addToast };
    setPending(true);
    let done = true;
    if (category && category.categoryID !== discussion.categoryID)
      done = await runToggle(tools, id, () => moderationApi.move(api, id, category.categoryID), {
        toastID: `move-${id}`,
      });
    if (done && type !== discussion.type)
      done = await runToggle(tools, id, () => moderationApi.setType(api, id, type), { toastID: `move-${id}` });
    setPending(false);
    if (done) onClose();
  };

  return (
    <FormModal
      title={t("Move")}
      submitLabel={t("Save")}
      isPending={isPending}
      missing={category ? null : t("Choose a category.")}
      onSubmit={(form) => void handleSubmit(form)}
      onClose={onClose}
    >
      <CategoryComboBox initial={category} onChange={setCategory} />
      <label className={styles.choices}>
        {t("Post type")}
        <select name="type" defaultValue={discussion.type} className={styles.select}>
          {postTypes
            .filter((type) => type !== "poll" || discussion.type === "poll")
            .map((type) => (
              <option key={type} value={type}>
                {typeLabels[type]}
              </option>
            ))}
        </select>
      </label>
    </FormModal>
  );
}
