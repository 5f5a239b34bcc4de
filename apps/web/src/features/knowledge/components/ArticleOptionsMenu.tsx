import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "../../../lib/query.ts";
import type { Article } from "@parley/contracts";
import { errorMessages } from "@parley/contracts/messages";
import { ApiError } from "../../../lib/api.ts";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { DropDown, DropDownItem } from "../../../ui/dropdown/DropDown.tsx";
import { ConfirmModal } from "../../../ui/modal/Modal.tsx";
import { useToast } from "../../../ui/toast/ToastProvider.tsx";
import { knowledgeApi } from "../knowledge.api.ts";
import { articleCan, knowledgeKeys } from "../knowledge.queries.ts";
import styles from "./knowledge.module.css";
import { MoreIcon } from "../../../ui/icons/icons.tsx";

type OptionAction = "feature" | "unfeature" | "delete" | "restore";

/** The editors' article options: feature or unfeature it, delete it (after a confirmation) or restore it. */
export function ArticleOptionsMenu({ article }: { article: Article }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { addToast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const change = useMutation({
    mutationFn: async (action: OptionAction) => {
      if (action === "feature" || action === "unfeature")
        await knowledgeApi.setFeatured(api, article.articleID, action === "feature");
      else await knowledgeApi.setStatus(api, article.articleID, action === "delete" ? "deleted" : "published");
      return action;
    },
    onSuccess: async (action) => {
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: knowledgeKeys.all });
      const done: Record<OptionAction, string> = {
        feature: t("The article is featured."),
        unfeature: t("The article is no longer featured."),
        delete: t("The article has been deleted."),
        restore: t("The article has been restored."),
      };
      addToast({ toastID: `article-options-${article.articleID}`, body: done[action], dismissible: true });
    },
    onError: (error) => {
      setConfirming(false);
      addToast({
        toastID: `article-options-${article.articleID}`,
        body: error instanceof ApiError ? error.description || error.message : t(errorMessages.genericToast),
        dismissible: true,
        persistent: true,
      });
    },
  });
  const deleted = article.status === "deleted";
  const canFeature = articleCan(article, "feature");
  const canChangeStatus = articleCan(article, "status");
  const handleAction = (action: OptionAction) => {
    if (action === "delete") setConfirming(true);
    else change.mutate(action);
  };
  return (
    <>
      <DropDown label={t("Article Options")} buttonContent={<MoreIcon size={20} />} buttonClassName={styles.iconButton}>
        {canFeature ? (
          // Stable ids: the label changes with the article, and React Aria refuses an item changing its id.
          <DropDownItem
            id="featured"
            textValue={article.featured ? t("Unfeature") : t("Feature")}
            onAction={() => handleAction(article.featured ? "unfeature" : "feature")}
          >
            {article.featured ? t("Unfeature") : t("Feature")}
          </DropDownItem>
        ) : null}
        {canChangeStatus ? (
          <DropDownItem
            id="status"
            textValue={deleted ? t("Restore") : t("Delete")}
            onAction={() => handleAction(deleted ? "restore" : "delete")}
          >
            {deleted ? t("Restore") : t("Delete")}
          </DropDownItem>
        ) : null}
      </DropDown>
      <ConfirmModal
        isOpen={confirming}
        title={t("Delete Article")}
        confirmLabel={t("Delete")}
        isPending={change.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => change.mutate("delete")}
      >
        {t("Are you sure you want to delete this article?")}
      </ConfirmModal>
    </>
  );
}
