import { useEffect, useState } from "react";
import type { PostPreview } from "@parley/contracts";
import { useApi } from "../../lib/api-context.tsx";
import { t } from "../../lib/i18n.ts";
import { Loader } from "../../ui/loader/Loader.tsx";
import styles from "./PostPreviewPane.module.css";

export interface PostPreviewPaneProps {
  id: string;
  /** The body and format the form would post now. */
  body: string;
  format: string;
}

type State = { status: "loading" } | { status: "shown"; html: string } | { status: "failed"; message: string };

/**
 * The post as readers will see it: the server renders the body through the stored posts' pipeline
 * (`POST /api/v2/posts/preview`: mentions, quotes, link cards, the sanitiser), so nothing is guessed here.
 * Loaded on demand, with its stylesheet, when Preview is first pressed.
 */
export function PostPreviewPane({ id, body, format }: PostPreviewPaneProps) {
  const api = useApi();
  const [state, setState] = useState<State>({ status: "loading" });

  useEffect(() => {
    if (!body.trim()) {
      setState({ status: "shown", html: "" });
      return undefined;
    }
    let current = true;
    setState({ status: "loading" });
    api.request<PostPreview>({ method: "POST", path: "/posts/preview", body: { body, format } }).then(
      ({ data }) => current && setState({ status: "shown", html: data.body }),
      (error: unknown) =>
        current &&
        setState({
          status: "failed",
          message: error instanceof Error && error.message ? error.message : t("The preview could not be shown."),
        }),
    );
    return () => {
      current = false;
    };
  }, [api, body, format]);

  return (
    <section id={id} className={styles.pane} aria-label={t("Preview")} aria-busy={state.status === "loading"}>
      {state.status === "loading" ? <Loader label={t("Loading the preview")} padded /> : null}
      {state.status === "failed" ? (
        <p role="alert" className={styles.problem}>
          {t("The preview could not be shown.")} {state.message}
        </p>
      ) : null}
      {state.status === "shown" && !state.html ? <p className={styles.empty}>{t("Nothing to preview yet.")}</p> : null}
      {state.status === "shown" && state.html ? (
        // Rendered and sanitised by the server, as every post body the pages show.
        <div className={styles.body} dangerouslySetInnerHTML={{ __html: state.html }} />
      ) : null}
    </section>
  );
}
