import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { DropDown, DropDownItem } from "../../../ui/dropdown/DropDown.tsx";
import { meQuery } from "../../users/index.ts";
import { canShareNatively, shareInMessagePath } from "./share.ts";
import { useShare } from "./useShare.ts";
import styles from "./DiscussionActions.module.css";

/**
 * A post's Share: on Android and iOS one button for the system share sheet; elsewhere a menu with
 * Copy Link and, with conversations.add, 'Share to a private message' (the composer's address).
 */
export function ShareMenu({ recordUrl, title, isComment }: { recordUrl: string; title: string; isComment: boolean }) {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  const { share, copy } = useShare(recordUrl, title);
  const native = typeof navigator !== "undefined" && canShareNatively(navigator);
  if (native) {
    return (
      <button type="button" className={styles.textButton} onClick={() => void share()}>
        {t("Share")}
      </button>
    );
  }
  const canMessage = !!me && me.userID !== 0 && (me.isAdmin || me.permissions.includes("conversations.add"));
  return (
    <DropDown label={t("Share")} buttonType="text" buttonSize="compact" buttonClassName={styles.textButton}>
      <DropDownItem id="copy" onAction={() => void copy()}>
        {isComment ? t("Copy Link to Comment") : t("Copy Link")}
      </DropDownItem>
      {canMessage ? (
        <DropDownItem id="message" href={shareInMessagePath(recordUrl)}>
          {t("Share to a private message")}
        </DropDownItem>
      ) : null}
    </DropDown>
  );
}
