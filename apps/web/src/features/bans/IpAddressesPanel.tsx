import { useQuery } from "../../lib/query.ts";
import { Form, Link } from "react-router";
import { banRulesPagePath } from "@parley/contracts/ban-rules-constants";
import { profilePath } from "@parley/contracts/urls";
import type { IpAddressSource } from "@parley/contracts";
import { useApi } from "../../lib/api-context.tsx";
import { t } from "../../lib/i18n.ts";
import { TransientKeyField } from "../../lib/session.tsx";
import { Button } from "../../ui/button/Button.tsx";
import { memberIpAddressesQuery } from "./bans.queries.ts";
import styles from "./IpAddressesPanel.module.css";

const sourceLabels = (): Record<IpAddressSource, string> => ({
  registration: t("registration"),
  lastVisit: t("last visit"),
  session: t("sign-in"),
  discussion: t("discussions"),
  comment: t("comments"),
});

/**
 * A member's IP addresses on their profile, for holders of personalInfo.view (the server refuses everyone else):
 * where each was seen, the other accounts seen there, and for ban-rule managers "Ban this address", a form that
 * posts to the ban rules page (so it works without JavaScript).
 */
export function IpAddressesPanel({ userID, name, canBan }: { userID: number; name: string; canBan: boolean }) {
  const api = useApi();
  const { data, isError } = useQuery(memberIpAddressesQuery(api, userID));
  const labels = sourceLabels();
  return (
    <section className={styles.panel} aria-labelledby="ip-addresses-title">
      <h2 id="ip-addresses-title" className={styles.title}>
        {t("IP Addresses")}
      </h2>
      {isError ? (
        <p className={styles.muted}>{t("The addresses could not be loaded.")}</p>
      ) : !data ? (
        <p className={styles.muted}>{t("Loading…")}</p>
      ) : data.length === 0 ? (
        <p className={styles.muted}>{t("No addresses are known for this member.")}</p>
      ) : (
        <ul className={styles.list}>
          {data.map((entry) => (
            <li key={entry.ipAddress} className={styles.address}>
              <div className={styles.line}>
                <code className={styles.ip}>{entry.ipAddress}</code>
                <span className={styles.muted}>{entry.sources.map((source) => labels[source]).join(", ")}</span>
              </div>
              {entry.otherUsers.length > 0 ? (
                <p className={styles.others}>
                  {t("Also used by:")}{" "}
                  {entry.otherUsers.map((user, index) => (
                    <span key={user.userID}>
                      {index > 0 ? ", " : null}
                      <Link to={profilePath(user.name)}>{user.name}</Link>
                    </span>
                  ))}
                </p>
              ) : null}
              {entry.banIDs.length > 0 ? (
                <p className={styles.banned}>{t("Banned by a rule")}</p>
              ) : canBan ? (
                <Form method="post" action={banRulesPagePath}>
                  <TransientKeyField />
                  <input type="hidden" name="intent" value="add" />
                  <input type="hidden" name="banType" value="ipAddress" />
                  <input type="hidden" name="banValue" value={entry.ipAddress} />
                  <input type="hidden" name="notes" value={t("From {name}'s profile", { name })} />
                  <Button
                    type="submit"
                    buttonType="standard"
                    aria-label={t("Ban this address ({address})", { address: entry.ipAddress })}
                  >
                    {t("Ban this address")}
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
