import { useQuery } from "../../../lib/query.ts";
import { useId, useState } from "react";
import type { ReportRecordType } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { formStyles } from "../../../ui/forms/Form.tsx";
import { Loader } from "../../../ui/loader/Loader.tsx";
import { useToast } from "../../../ui/toast/ToastProvider.tsx";
import { reportReasonsQuery, reportsApi } from "../../reports/index.ts";
import { errorText } from "../components/errorText.ts";
import type { ActionModalProps } from "./actions.registry.ts";
import { FormModal } from "./FormModal.tsx";
import styles from "./Moderation.module.css";

export interface ReportModalProps {
  recordType: ReportRecordType;
  recordID: number;
  onClose: () => void;
}

/**
 * Report a post or a private message (spec §2 report modal; flag.add): one of the reasons the server offers the member, and a
 * note. Success closes it with a toast; a failure is a persistent dismissible toast and keeps it open.
 */
export function ReportModal({ recordType, recordID, onClose }: ReportModalProps) {
  const api = useApi();
  const { addToast } = useToast();
  const noteID = useId();
  const reasons = useQuery(reportReasonsQuery(api));
  const [reasonID, setReasonID] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const toastID = `report-${recordType}-${recordID}`;

  const handleSubmit = async (form: HTMLFormElement) => {
    if (!reasonID) return;
    const raw = new FormData(form).get("noteBody");
    const note = typeof raw === "string" ? raw.trim() : "";
    setPending(true);
    try {
      await reportsApi.create(api, {
        recordType,
        recordID,
        reportReasonIDs: [reasonID],
        ...(note ? { noteBody: note } : {}),
      });
      addToast({ toastID, body: t("Thank you. Your report has been sent to the moderators.") });
      onClose();
    } catch (error) {
      addToast({ toastID, body: errorText(error), persistent: true, dismissible: true });
      setPending(false);
    }
  };

  return (
    <FormModal
      title={
        recordType === "comment"
          ? t("Report Comment")
          : recordType === "message"
            ? t("Report Message")
            : t("Report Discussion")
      }
      submitLabel={t("Send Report")}
      isPending={isPending}
      missing={reasonID ? null : t("Choose a reason.")}
      onSubmit={(form) => void handleSubmit(form)}
      onClose={onClose}
    >
      {reasons.isPending ? (
        <Loader />
      ) : reasons.isError ? (
        <p role="alert">{errorText(reasons.error)}</p>
      ) : (
        <fieldset className={styles.choices}>
          <legend>{t("Why are you reporting this?")}</legend>
          {reasons.data.map((reason) => (
            <label key={reason.reportReasonID} className={styles.reason}>
              <input
                type="radio"
                name="reportReasonID"
                value={reason.reportReasonID}
                checked={reasonID === reason.reportReasonID}
                onChange={() => setReasonID(reason.reportReasonID)}
              />
              <span>
                <span className={styles.reasonName}>{reason.name}</span>
                {reason.description ? <span className={styles.reasonDescription}>{reason.description}</span> : null}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={noteID}>
          {t("Note (optional)")}
        </label>
        <textarea id={noteID} name="noteBody" className={styles.note} rows={3} maxLength={2000} />
      </div>
    </FormModal>
  );
}

/** The options menu's Report entry: the discussion itself. */
export function DiscussionReportModal({ discussion, onClose }: ActionModalProps) {
  return <ReportModal recordType="discussion" recordID={discussion.discussionID} onClose={onClose} />;
}
