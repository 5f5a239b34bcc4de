import { useQuery } from "../lib/query.ts";
import { Link, isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { useApi } from "../lib/api-context.tsx";
import { entryLink } from "../lib/targets.ts";
import { meQuery } from "../features/users/index.ts";
import { t } from "../lib/i18n.ts";
import { PageHead } from "../lib/head.tsx";
import type { RouteErrorData } from "../lib/route-errors.ts";
import styles from "./ErrorPages.module.css";

/** An error page: its title, one sentence and a link home (`back`, as the page words it). */
function ErrorMessagePage({ title, message, back }: { title: string; message: string; back: string }) {
  return (
    <section className={styles.errorPage} aria-labelledby="error-title" data-part="error-page">
      <PageHead title={title} noindex />
      <h1 id="error-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.message}>{message}</p>
      <Link className={styles.button} to="/">
        {back}
      </Link>
    </section>
  );
}

/** '{Type} Not Found' / 'The {type} you were looking for could not be found.' (spec §2). */
export const NotFoundPage = ({ type = "Page" }: { type?: string }) => (
  <ErrorMessagePage
    title={t("{type} Not Found", { type })}
    message={t("The {type} you were looking for could not be found.", { type: type.toLowerCase() })}
    back={t("Back to home page")}
  />
);

/**
 * 410 (issue 32): the discussion was there and was deleted; the server answers the page with 410 Gone. The sentence
 * is the API's (contracts' `discussionGoneMessage`).
 */
const GonePage = ({ message = "" }: { message?: string | undefined }) => (
  <ErrorMessagePage title={t("Discussion Deleted")} message={t(message)} back={t("Back to home page")} />
);

/** 403: 'Permission Problem' (spec §2), with a Sign In link for guests. */
export function PermissionPage() {
  const title = t("Permission Problem");
  const api = useApi();
  const location = useLocation();
  const { data: me } = useQuery(meQuery(api));
  const isGuest = !me || me.userID === 0;
  return (
    <section className={styles.errorPage} aria-labelledby="error-title" data-part="error-page">
      <PageHead title={title} noindex />
      <h1 id="error-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.message}>{t("You don't have permission to view this resource.")}</p>
      <div className={styles.actions}>
        {isGuest ? (
          <Link className={styles.button} to={entryLink("/entry/signin", location)}>
            {t("Sign In")}
          </Link>
        ) : null}
        <Link className={isGuest ? styles.buttonSecondary : styles.button} to="/">
          {t("Back to Home")}
        </Link>
      </div>
    </section>
  );
}

/** The generic error page: 'There was an error', 'Please try again later.', 'Back to Home'. */
export const GenericErrorPage = () => (
  <ErrorMessagePage title={t("There was an error")} message={t("Please try again later.")} back={t("Back to Home")} />
);

/** The route error boundary: picks the page for the error's status. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const data = (error.data ?? {}) as RouteErrorData;
    if (error.status === 404) return <NotFoundPage type={data.type ?? "Page"} />;
    if (error.status === 403) return <PermissionPage />;
    if (error.status === 410) return <GonePage message={data.message} />;
  }
  return <GenericErrorPage />;
}
