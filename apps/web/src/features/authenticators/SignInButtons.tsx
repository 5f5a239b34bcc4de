import { useSuspenseQuery } from "@tanstack/react-query";
import { useLocation } from "react-router";
import { safeTarget } from "@parley/contracts/urls";
import { useApi } from "../../lib/api-context.tsx";
import { t } from "../../lib/i18n.ts";
import { signInButtonsQuery } from "./authenticators.queries.ts";
import styles from "./SignInButtons.module.css";

/**
 * "Sign in with <label>" for each active, visible authenticator (the default first), on the sign-in and registration
 * pages. Plain links: the server sends the browser on to the provider, with or without JavaScript.
 */
export function SignInButtons() {
  const api = useApi();
  const { data: buttons } = useSuspenseQuery(signInButtonsQuery(api));
  const location = useLocation();
  if (buttons.length === 0) return null;
  const target = safeTarget(new URLSearchParams(location.search).get("Target"));
  const query = target === "/" ? "" : `?target=${encodeURIComponent(target)}`;
  return (
    <ul className={styles.buttons} aria-label={t("Other ways to sign in")}>
      {buttons.map((button) => (
        <li key={button.authenticatorID}>
          {/* A document navigation: the server answers with a redirect to the provider. */}
          <a className={styles.button} href={`${button.url}${query}`} data-default={button.default || undefined}>
            {t("Sign in with {label}", { label: button.label })}
          </a>
        </li>
      ))}
    </ul>
  );
}
