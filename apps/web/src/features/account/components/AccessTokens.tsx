import { useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { tokenRules } from "@parley/contracts/tokens-constants";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { TextField } from "../../../ui/forms/Form.tsx";
import { useHydrated } from "../../../ui/hydrated.ts";
import { useToast } from "../../../ui/toast/ToastProvider.tsx";
import { accountFields } from "../account.action.ts";
import { accountPagePath } from "../account.paths.ts";
import { tokensQuery } from "../account.queries.ts";
import { tokenFields, type TokenResult } from "../tokens.action.ts";
import { useSending } from "../useSending.ts";
import styles from "../pages/AccountPage.module.css";
import pageStyles from "../../../ui/page/SettingsPage.module.css";

/** The token just created, shown this once in a read-only field (selectable without JavaScript), with Copy. */
function NewToken({ name, value }: { name: string; value: string }) {
  const hydrated = useHydrated();
  const { addToast } = useToast();
  const handleCopy = () => {
    void navigator.clipboard.writeText(value).then(
      () => addToast({ toastID: "token-copied", body: t("Copied to clipboard.") }),
      () => addToast({ toastID: "token-copied", body: t("The token could not be copied; select it and copy it.") }),
    );
  };
  return (
    <div className={styles.tokenValue}>
      <TextField
        label={t("Your new token “{name}”", { name })}
        name="newAccessToken"
        readOnly
        value={value}
        hint={t("Copy it now: it will not be shown again.")}
        onFocus={(event) => event.currentTarget.select()}
      />
      {hydrated ? <Button onClick={handleCopy}>{t("Copy")}</Button> : null}
    </div>
  );
}

/** "Revoke" for one token. */
function RevokeTokenForm({ accessTokenID, name }: { accessTokenID: number; name: string }) {
  const id = String(accessTokenID);
  const sending = useSending("revokeToken", { field: tokenFields.accessTokenID, value: id });
  return (
    <Form method="post" action={accountPagePath}>
      <TransientKeyField />
      <input type="hidden" name={accountFields.intent} value="revokeToken" />
      <input type="hidden" name={tokenFields.accessTokenID} value={id} />
      <Button type="submit" isPending={sending} aria-label={t("Revoke {name}", { name })}>
        {t("Revoke")}
      </Button>
    </Form>
  );
}

/** The member's personal access tokens (name, created, last used), a form to create one and Revoke for each. */
export function AccessTokens({ userID, result }: { userID: number; result?: TokenResult }) {
  const { data: tokens } = useSuspenseQuery(tokensQuery(useApi(), userID));
  const sending = useSending("createToken");
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result?.accessToken) form.current?.reset();
  }, [result]);
  return (
    <section className={pageStyles.part} aria-labelledby="account-tokens">
      <h2 id="account-tokens" className={pageStyles.heading}>
        {t("Access Tokens")}
      </h2>
      <p className={pageStyles.intro}>
        {t("Personal access tokens let scripts and apps use the API as you: send one as “Authorization: Bearer”.")}
      </p>
      {result?.accessToken ? <NewToken {...result.accessToken} /> : null}
      {tokens.length ? (
        <ul className={styles.sessions} aria-label={t("Your tokens")}>
          {tokens.map((token) => (
            <li key={token.accessTokenID} className={styles.session}>
              <div className={styles.device}>
                <span className={styles.deviceName}>{token.name}</span>
                <span className={styles.meta}>
                  <span>
                    {t("Created")} <DateTime date={token.dateInserted} />
                  </span>
                  <span>
                    {t("Last used")} {token.dateLastUsed ? <DateTime date={token.dateLastUsed} /> : t("never")}
                  </span>
                </span>
              </div>
              <RevokeTokenForm accessTokenID={token.accessTokenID} name={token.name} />
            </li>
          ))}
        </ul>
      ) : (
        <p className={pageStyles.intro}>{t("You have no access tokens.")}</p>
      )}
      <Form
        ref={form}
        method="post"
        action={accountPagePath}
        className={pageStyles.form}
        aria-labelledby="account-tokens"
      >
        <TransientKeyField />
        <input type="hidden" name={accountFields.intent} value="createToken" />
        <TextField
          label={t("Token Name")}
          name={tokenFields.name}
          required
          maxLength={tokenRules.nameMaxLength}
          hint={t("What the token is for, e.g. “Backup script”.")}
          defaultValue={result?.accessToken ? undefined : result?.values?.[tokenFields.name]}
          error={result?.errors?.[tokenFields.name]}
        />
        <div>
          <Button type="submit" isPending={sending}>
            {t("Create Token")}
          </Button>
        </div>
      </Form>
    </section>
  );
}
