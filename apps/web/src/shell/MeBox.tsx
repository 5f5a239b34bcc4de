import type { Me } from "@parley/contracts";
import { useQuery } from "../lib/query.ts";
import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { useApi } from "../lib/api-context.tsx";
import { t } from "../lib/i18n.ts";
import { entryLink } from "../lib/targets.ts";
import { meQuery } from "../features/users/index.ts";
import { onDemand, useOnDemand } from "../ui/on-demand.ts";
import styles from "./MeBox.module.css";

/** The member's menus: never loaded on guests' pages (their reading pages' script budget). */
const memberBox = onDemand(() => import("./MemberBox.tsx"), { rendered: "[data-part=member-box]" });

/** Guests: Sign In and Register (when registration is open); members: their menus (spec §2, §6). */
export function MeBox({
  registrationOpen,
  conversationsEnabled,
}: {
  registrationOpen: boolean;
  conversationsEnabled: boolean;
}) {
  const api = useApi();
  const location = useLocation();
  const { data: me } = useQuery(meQuery(api));
  if (!me) return null;
  if (me.userID === 0) {
    return (
      <div className={styles.meBox}>
        <Link className={styles.buttonLight} to={entryLink("/entry/signin", location)}>
          {t("Sign In")}
        </Link>
        {registrationOpen ? (
          <Link className={styles.buttonSolid} to={entryLink("/entry/register", location)}>
            {t("Register")}
          </Link>
        ) : null}
      </div>
    );
  }
  return <OnDemandMemberBox me={me} conversationsEnabled={conversationsEnabled} />;
}

/** The member's box once its module is there (at once on a page the server rendered for a member). */
function OnDemandMemberBox(props: { me: Me; conversationsEnabled: boolean }) {
  const { module, preload } = useOnDemand(memberBox);
  useEffect(() => {
    if (!module) preload();
  }, [module, preload]);
  return module ? <module.MemberBox {...props} /> : null;
}
