import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { useToast } from "../../../ui/toast/ToastProvider.tsx";
import { TagsComboBox } from "../components/TagsComboBox.tsx";
import type { ActionModalProps } from "./actions.registry.ts";
import { runToggle } from "./flags.ts";
import { FormModal } from "./FormModal.tsx";
import { moderationApi } from "./moderation.api.ts";

const textValues = (form: FormData, name: string) =>
  form.getAll(name).filter((value): value is string => typeof value === "string");

/** Tag (spec §2): the discussion's tags in the tag input of new discussions; saving replaces them. */
export function TagModal({ discussion, onClose }: ActionModalProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { addToast } = useToast();
  const [isPending, setPending] = useState(false);

  const handleSubmit = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const tagIDs = textValues(data, "tagIDs").map(Number).filter(Number.isInteger);
    const newTagNames = textValues(data, "newTagNames");
    setPending(true);
    const done = await runToggle(
      { queryClient, addToast },
      discussion.discussionID,
      () => moderationApi.setTags(api, discussion.discussionID, tagIDs, newTagNames),
      { toastID: `tag-${discussion.discussionID}` },
    );
    setPending(false);
    if (done) onClose();
  };

  return (
    <FormModal
      title={t("Tag")}
      submitLabel={t("Save")}
      isPending={isPending}
      onSubmit={(form) => void handleSubmit(form)}
      onClose={onClose}
    >
      <TagsComboBox
        initial={(discussion.tags ?? []).map((tag) => ({ tagID: tag.tagID, name: tag.name }))}
        hint={t("Type a tag's name, then choose it or press Enter.")}
      />
    </FormModal>
  );
}
