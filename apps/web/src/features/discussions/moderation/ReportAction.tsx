import { useQuery } from "../../../lib/query.ts";
import { useState, type ComponentType } from "react";
import type { ReportRecordType } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { useToast } from "../../../ui/toast/ToastProvider.tsx";
import { meQuery } from "../../users/index.ts";
import { errorText } from "../components/errorText.ts";
import styles from "../components/DiscussionActions.module.css";
import { noModerationSettings } from "./capabilities.ts";
import { moderationSettingsQuery } from "./moderation.queries.ts";
import type { ReportModalProps } from "./ReportModal.tsx";

/**
 * A Report button for a record shown outside a discussion (a private message the viewer received): offered with
 * flag.add once the server lists the reports capability, never on the viewer's own record; the dialog members
 * use for comments, loaded when first opened. The caller decides whether the viewer may report it at all (a
 * message: they take part in its conversation); the server checks again.
 */
export function ReportAction({
  recordType,
  recordID,
  authorID,
}: {
  recordType: ReportRecordType;
  recordID: number;
  authorID: number;
}) {
  const api = useApi();
  const { addToast } = useToast();
  const { data: me } = useQuery(meQuery(api));
  const signedIn = Boolean(me && me.userID !== 0);
  const { data: settings = noModerationSettings } = useQuery({ ...moderationSettingsQuery(api), enabled: signedIn });
  const [Dialog, setDialog] = useState<ComponentType<ReportModalProps> | null>(null);
  const canReport =
    settings.capabilities.has("reports") &&
    signedIn &&
    authorID !== me?.userID &&
    Boolean(me?.isAdmin || me?.permissions.includes("flag.add"));
  if (!canReport) return null;
  const open = () =>
    import("./ReportModal.tsx").then(
      (module) => setDialog(() => module.ReportModal),
      (error: unknown) => addToast({ toastID: "report", body: errorText(error), persistent: true, dismissible: true }),
    );
  return (
    <>
      <button type="button" className={styles.textButton} onClick={() => void open()}>
        {t("Report")}
      </button>
      {Dialog ? <Dialog recordType={recordType} recordID={recordID} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
