import { useQuery } from "../../lib/query.ts";
import { profilePath } from "@parley/contracts/urls";
import { lazy, Suspense, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { useApi } from "../../lib/api-context.tsx";
import { isPlainClick } from "../../lib/clicks.ts";
import { meQuery } from "../../features/users/index.ts";
import { isCompactNow } from "../device.ts";
import { canViewUserCards } from "./userCard.queries.ts";

const loadCard = () => import("./UserCard.tsx");
const UserCardOverlay = lazy(() => loadCard().then((module) => ({ default: module.UserCardOverlay })));

/**
 * A user's name as a link to `/profile/{name}` (a real link: it works without JavaScript and opens in
 * a new tab as usual). A plain click opens the user card instead — a popover on desktop, a small
 * modal on mobile — for viewers allowed to see cards (spec §2, §6).
 */
export function UserLink({
  user,
  className,
  children,
}: {
  user: { userID: number; name: string };
  className?: string;
  children?: ReactNode;
}) {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  const [open, setOpen] = useState<null | { compact: boolean }>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const cardsAllowed = me !== undefined && user.userID > 0 && canViewUserCards(me);

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!cardsAllowed || !isPlainClick(event)) return;
    event.preventDefault();
    setOpen({ compact: isCompactNow() });
  };

  if (user.userID <= 0) return <span className={className}>{children ?? user.name}</span>;
  return (
    <>
      <Link
        ref={linkRef}
        to={profilePath(user.name)}
        className={className}
        onClick={handleClick}
        onPointerEnter={cardsAllowed ? () => void loadCard() : undefined}
        {...(cardsAllowed ? { "aria-haspopup": "dialog" as const, "aria-expanded": open !== null } : {})}
      >
        {children ?? user.name}
      </Link>
      {open ? (
        <Suspense fallback={null}>
          <UserCardOverlay
            userID={user.userID}
            name={user.name}
            compact={open.compact}
            triggerRef={linkRef}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
