import { useQueryClient } from "@tanstack/react-query";
import { useQuery } from "../../../lib/query.ts";
import { useState } from "react";
import { collectionRules } from "@parley/contracts/collections-constants";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { FormAlert, TextField } from "../../../ui/forms/Form.tsx";
import { Loader } from "../../../ui/loader/Loader.tsx";
import { useToast } from "../../../ui/toast/ToastProvider.tsx";
import { errorText } from "../components/errorText.ts";
import type { ActionModalProps } from "./actions.registry.ts";
import { collectionsApi } from "./collections.api.ts";
import { FormModal } from "./FormModal.tsx";
import styles from "./Moderation.module.css";

const collectionKeys = {
  all: ["collections"] as const,
  picker: (recordType: string, recordID: number) => [...collectionKeys.all, "picker", recordType, recordID] as const,
};

/**
 * Add to collection (spec §2, community.manage): every collection as a checkbox, ticked when the
 * discussion is in it, and a new collection's name. Saving sets the discussion's collections (cleared
 * first, then set); a failure is a persistent dismissible toast (spec §8).
 */
export function CollectionModal({ discussion, onClose }: ActionModalProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { addToast } = useToast();
  const [isPending, setPending] = useState(false);
  const record = { recordID: discussion.discussionID, recordType: "discussion" };
  const { data, error } = useQuery({
    queryKey: collectionKeys.picker(record.recordType, record.recordID),
    queryFn: async ({ signal }) => {
      const [all, mine] = await Promise.all([
        collectionsApi.list(api, signal),
        collectionsApi.byResource(api, record, signal),
      ]);
      return { all, chosen: new Set(mine.map((collection) => collection.collectionID)) };
    },
  });

  const handleSubmit = async (form: HTMLFormElement) => {
    const values = new FormData(form);
    const ids = values
      .getAll("collectionIDs")
      .map(Number)
      .filter((id) => Number.isInteger(id) && id > 0);
    const given = values.get("newCollection");
    const name = typeof given === "string" ? given.trim() : "";
    const toastID = `collections-${discussion.discussionID}`;
    setPending(true);
    try {
      if (name) ids.push((await collectionsApi.create(api, name, record)).collectionID);
      await collectionsApi.setForResource(api, record, ids);
      void queryClient.invalidateQueries({ queryKey: collectionKeys.all });
      addToast({ toastID, body: t("The discussion's collections have been saved.") });
      onClose();
    } catch (failure) {
      addToast({ toastID, body: errorText(failure), persistent: true, dismissible: true });
    } finally {
      setPending(false);
    }
  };

  return (
    <FormModal
      title={t("Add to Collection")}
      submitLabel={t("Save")}
      isPending={isPending}
      onSubmit={(form) => void handleSubmit(form)}
      onClose={onClose}
    >
      {error ? (
        <FormAlert>{errorText(error)}</FormAlert>
      ) : !data ? (
        <Loader />
      ) : (
        <>
          {data.all.length ? (
            <fieldset className={styles.choices}>
              <legend>{t("Collections")}</legend>
              {data.all.map((collection) => (
                <label key={collection.collectionID} className={styles.choice}>
                  <input
                    type="checkbox"
                    name="collectionIDs"
                    value={collection.collectionID}
                    defaultChecked={data.chosen.has(collection.collectionID)}
                  />
                  {collection.name}
                </label>
              ))}
            </fieldset>
          ) : (
            <p>{t("There are no collections yet.")}</p>
          )}
          <TextField
            label={t("New collection")}
            name="newCollection"
            maxLength={collectionRules.nameMaxLength}
            hint={t("Leave it empty to add no new collection.")}
          />
        </>
      )}
    </FormModal>
  );
}
