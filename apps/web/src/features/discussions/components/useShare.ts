import { useToast } from "../../../ui/toast/ToastProvider.tsx";
import { t } from "../../../lib/i18n.ts";
import { canShareNatively, copyShareLink, shareNatively } from "./share.ts";
import { errorText } from "./errorText.ts";

/**
 * Share a post: the system share sheet on Android and iOS, otherwise the marked link copied with
 * 'Link copied to clipboard.' (spec §4, §8).
 */
export function useShare(recordUrl: string, title: string) {
  const { addToast } = useToast();
  const copy = async () => {
    try {
      await copyShareLink(recordUrl);
      addToast({ toastID: "share", body: t("Link copied to clipboard.") });
    } catch (error) {
      addToast({ toastID: "share", body: errorText(error), dismissible: true });
    }
  };
  const share = async () => {
    if (!canShareNatively(navigator)) return copy();
    try {
      await shareNatively(recordUrl, title);
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (!(error instanceof DOMException && error.name === "AbortError")) await copy();
    }
  };
  return { share, copy };
}
