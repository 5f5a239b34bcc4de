import type { Me, User } from "@parley/contracts";
import { limits } from "@parley/contracts/limits";
import { profilePath } from "@parley/contracts/urls";
import { newMessagePath } from "@parley/contracts/conversations-constants";
import { newMemberMessageRefusal } from "@parley/contracts/new-members-constants";
import { useQuery } from "../../lib/query.ts";
import { useId, useState, type RefObject } from "react";
import { Dialog, Modal, ModalOverlay, Popover } from "react-aria-components";
import { Link } from "react-router";
import { ApiError } from "../../lib/api.ts";
import { useApi } from "../../lib/api-context.tsx";
import { t } from "../../lib/i18n.ts";
import { formatCount } from "../../lib/numbers.ts";
import { DateTime } from "../../ui/date/DateTime.tsx";
import { Skeleton } from "../../ui/skeleton/Skeleton.tsx";
import { meQuery } from "../../features/users/index.ts";
import { IgnoreButton } from "../../features/ignore/index.ts";
import { ProfileFieldValues, profileFieldsQuery } from "../../features/profile-fields/index.ts";
import { CloseIcon } from "../../ui/icons/icons.tsx";
import { useShellSettings } from "../ShellContext.tsx";
import { userCardQuery } from "./userCard.queries.ts";
import styles from "./UserCard.module.css";

const defaultPhoto = "/images/default-avatar.svg";

/** The user card, in a popover anchored to the name (desktop) or a small modal (mobile). Loaded on demand. */
export function UserCardOverlay({
  userID,
  name,
  compact,
  triggerRef,
  onClose,
}: {
  userID: number;
  name: string;
  compact: boolean;
  triggerRef: RefObject<HTMLElement | null>;
  onClose: () => void;
}) {
  const headingId = useId();
  const handleOpenChange = (open: boolean) => {
    if (!open) onClose();
  };
  const card = <UserCardContent userID={userID} name={name} headingId={headingId} />;
  if (compact) {
    return (
      <ModalOverlay className={styles.overlay} isOpen isDismissable onOpenChange={handleOpenChange}>
        <Modal className={styles.modal}>
          <Dialog className={styles.dialog} aria-labelledby={headingId} data-user-card="modal">
            <button type="button" className={styles.close} onClick={onClose} aria-label={t("Close")}>
              <CloseIcon />
            </button>
            {card}
          </Dialog>
        </Modal>
      </ModalOverlay>
    );
  }
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen
      onOpenChange={handleOpenChange}
      placement="bottom start"
      offset={6}
      className={styles.popover}
    >
      <Dialog className={styles.dialog} aria-labelledby={headingId} data-user-card="popover">
        {card}
      </Dialog>
    </Popover>
  );
}

/** Skeleton while loading; not-found on 404; a restricted card for private or banned profiles (spec §2, §6). */
export function UserCardContent({ userID, name, headingId }: { userID: number; name: string; headingId: string }) {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  const { conversationsEnabled } = useShellSettings();
  const { data: user, error, isPending } = useQuery(userCardQuery(api, userID));
  // The fields' labels and kinds: one list for every card (the values come with the member).
  const { data: profileFields = [] } = useQuery(profileFieldsQuery(api));

  if (isPending) {
    return (
      <div className={styles.card} aria-busy="true">
        <h2 id={headingId} className="visually-hidden">
          {name}
        </h2>
        <div className={styles.skeleton}>
          <Skeleton circle width={limits.sizes.userPhoto.large} height={limits.sizes.userPhoto.large} />
          <Skeleton width={160} height={18} />
          <Skeleton width={100} height={14} />
        </div>
        <span className="visually-hidden">{t("Loading")}</span>
      </div>
    );
  }

  if (error || !user) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <div className={styles.card}>
        <h2 id={headingId} className={styles.name}>
          {notFound ? t("User Not Found") : t("There was an error")}
        </h2>
        <p className={styles.message}>
          {notFound ? t("The user you were looking for could not be found.") : t("Please try again later.")}
        </p>
      </div>
    );
  }

  const self = me !== undefined && me.userID === user.userID;
  const seesAll = self || (me !== undefined && (me.isAdmin || me.permissions.includes("personalInfo.view")));
  const restricted = (user.private || user.banned === 1) && !seesAll;

  return (
    <div className={styles.card}>
      <div className={styles.header}>
        <UserPhoto url={user.photoUrl} />
        <h2 id={headingId} className={styles.name}>
          {user.name}
        </h2>
        {user.banned === 1 ? <span className={styles.bannedLabel}>{t("Banned")}</span> : null}
        {!restricted && user.title ? <p className={styles.title}>{user.title}</p> : null}
        {seesAll && user.email ? <p className={styles.email}>{user.email}</p> : null}
      </div>
      {restricted ? (
        <p className={styles.message}>
          {user.banned === 1 ? t("This user has been banned.") : t("This user's profile is private.")}
        </p>
      ) : (
        <>
          <dl className={styles.counts}>
            <div>
              <dt>{t("Discussions")}</dt>
              <dd>{formatCount(user.countDiscussions)}</dd>
            </div>
            <div>
              <dt>{t("Comments")}</dt>
              <dd>{formatCount(user.countComments)}</dd>
            </div>
          </dl>
          <dl className={styles.dates}>
            <div>
              <dt>{t("Joined")}</dt>
              <dd>
                <DateTime date={user.dateInserted} />
              </dd>
            </div>
            {user.dateLastActive ? (
              <div>
                <dt>{t("Last Active")}</dt>
                <dd>
                  <DateTime date={user.dateLastActive} />
                </dd>
              </div>
            ) : null}
          </dl>
          <ProfileFieldValues
            fields={profileFields}
            values={user.profileFields}
            where="userCards"
            className={styles.fields}
          />
        </>
      )}
      <div className={styles.actions}>
        {canMessage(me, user, conversationsEnabled) ? (
          newMemberMessageRefusal(me?.newMember) ? (
            // A new member who may not message yet: why, instead of the button.
            <p className={styles.note}>{newMemberMessageRefusal(me?.newMember)}</p>
          ) : (
            <Link className={styles.buttonSecondary} to={newMessagePath(user.name)}>
              {t("Message")}
            </Link>
          )
        ) : null}
        <Link className={styles.button} to={profilePath(user.name)}>
          {t("View Profile")}
        </Link>
      </div>
      {me && me.userID > 0 && !self ? (
        <div className={styles.moreActions}>
          <IgnoreButton viewerID={me.userID} userID={user.userID} name={user.name} />
        </div>
      ) : null}
    </div>
  );
}

/** The Message button (spec §6): conversations.add, conversations enabled, a target who is not banned (nor oneself). */
export function canMessage(me: Me | undefined, user: Pick<User, "userID" | "banned">, conversationsEnabled: boolean) {
  if (!me || me.userID === 0 || me.userID === user.userID) return false;
  return conversationsEnabled && user.banned !== 1 && (me.isAdmin || me.permissions.includes("conversations.add"));
}

/** A user photo that falls back to the default silhouette when it cannot load (spec §4). */
function UserPhoto({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className={styles.photo}
      src={failed || !url ? defaultPhoto : url}
      alt=""
      width={limits.sizes.userPhoto.large}
      height={limits.sizes.userPhoto.large}
      onError={() => setFailed(true)}
    />
  );
}
