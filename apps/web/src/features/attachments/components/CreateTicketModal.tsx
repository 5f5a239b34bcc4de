import { useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { attachmentsLimits } from "@parley/contracts/attachments-constants";
import { useApi } from "../../../lib/api-context.tsx";
import { ApiError } from "../../../lib/api.ts";
import { formValue } from "../../../lib/forms.ts";
import { t } from "../../../lib/i18n.ts";
import { useQuery } from "../../../lib/query.ts";
import { Button } from "../../../ui/button/Button.tsx";
import { FormAlert, TextAreaField, TextField } from "../../../ui/forms/Form.tsx";
import { Loader } from "../../../ui/loader/Loader.tsx";
import { Modal } from "../../../ui/modal/Modal.tsx";
import { useToast } from "../../../ui/toast/ToastProvider.tsx";
import { attachmentsApi } from "../attachments.api.ts";
import { attachmentFormQuery } from "../attachments.queries.ts";
import { attachmentCatalogQuery, attachmentKeys } from "../attachments.catalog.ts";
import styles from "./Attachments.module.css";

/** What the dialog needs of the discussion (the options menu's `ActionModalProps`), and the comment's for a comment. */
export interface CreateTicketModalProps {
  discussion: { discussionID: number; name: string };
  /** A comment's options menu: the ticket is for this comment. */
  commentID?: number | undefined;
  onClose: () => void;
}

/**
 * The options menu's Create ticket: the catalog's form (title and description, prefilled with the post's) and
 * Create; the new ticket then shows on the post. A refusal shows in the dialog, by field where it is one.
 */
export function CreateTicketModal({ discussion, commentID, onClose }: CreateTicketModalProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { addToast } = useToast();
  const formID = useId();
  const { data: catalog } = useQuery(attachmentCatalogQuery(api));
  const [recordType, recordID] = commentID
    ? (["comment", commentID] as const)
    : (["discussion", discussion.discussionID] as const);
  const schema = useQuery(attachmentFormQuery(api, recordType, recordID));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ message?: string; fields: Record<string, string> } | null>(null);
  const integration = catalog?.["ticket"];
  const title = integration?.title ?? t("Create ticket");

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = formValue(form, "name").trim();
    if (!name) {
      setError({ fields: { name: t("Enter a title.") } });
      return;
    }
    setPending(true);
    setError(null);
    try {
      const created = await attachmentsApi.create(api, {
        attachmentType: "ticket",
        recordType,
        recordID,
        name,
        body: formValue(form, "body"),
      });
      await queryClient.invalidateQueries({ queryKey: attachmentKeys.record(recordType, recordID) });
      addToast({
        toastID: `ticket-${created.attachmentID}`,
        body: t("Ticket {id} created.", { id: created.sourceID }),
        dismissible: true,
      });
      onClose();
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      const fields = Object.fromEntries(
        Object.entries(caught.errors).map(([field, list]) => [field, list[0]?.message ?? ""]),
      );
      setError({ message: caught.description ? `${caught.message} ${caught.description}` : caught.message, fields });
      setPending(false);
    }
  };

  const fields = schema.data?.properties;
  return (
    <Modal
      isOpen
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
      title={title}
      isDismissable={!pending}
      isKeyboardDismissDisabled={pending}
      footer={
        <>
          <Button onPress={onClose} isDisabled={pending}>
            {t("Cancel")}
          </Button>
          <Button type="submit" form={formID} buttonType="primary" isPending={pending} isDisabled={!fields}>
            {t("Create ticket")}
          </Button>
        </>
      }
    >
      {schema.isError ? (
        <FormAlert>{t("The ticket form could not be loaded.")}</FormAlert>
      ) : !fields ? (
        <Loader />
      ) : (
        <form id={formID} className={styles.form} onSubmit={(event) => void handleSubmit(event)} aria-busy={pending}>
          {error?.message ? <FormAlert>{error.message}</FormAlert> : null}
          <TextField
            label={t("Title")}
            name="name"
            required
            maxLength={attachmentsLimits.nameMaxLength}
            defaultValue={fields.name.default}
            error={error?.fields["name"]}
          />
          <TextAreaField
            label={t("Description")}
            name="body"
            rows={8}
            maxLength={attachmentsLimits.bodyMaxLength}
            defaultValue={fields.body.default}
            error={error?.fields["body"]}
          />
        </form>
      )}
    </Modal>
  );
}
