import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { LayoutSpec } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { ApiError } from "../../../lib/api.ts";
import { t } from "../../../lib/i18n.ts";
import { LayoutRenderer, WidgetRegistryContext, prefetchWidgets, type WidgetRegistry } from "../../layouts/index.ts";
import { layoutEditorApi } from "../layout-editor.api.ts";
import type { EditorLayout } from "../layout-tree.ts";
import styles from "./PreviewPane.module.css";

/** How long the preview waits after the last change before asking the server again. */
const previewDelay = 400;

/** The page a view type's preview is hydrated for: the site's section, or the record asked for. */
const pageOf = (layoutViewType: string, recordID: string) =>
  layoutViewType === "categoryList" || layoutViewType === "createPost"
    ? { recordType: "category", recordID }
    : layoutViewType === "post"
      ? { recordType: "discussion", recordID }
      : { recordType: "siteSection", recordID: "0" };

export const needsRecord = (layoutViewType: string) => ["categoryList", "createPost", "post"].includes(layoutViewType);

/**
 * The live preview: the unsaved layout hydrated by the server (`POST /layouts/hydrate`, a moment after the last
 * change) and rendered by the site's own renderer and widgets. The server's per-field 422 goes to `onErrors`, for
 * the outline to show beside the fields.
 */
export function PreviewPane({
  layoutViewType,
  layout,
  widgets,
  recordID,
  onErrors,
}: {
  layoutViewType: string;
  layout: EditorLayout;
  widgets: WidgetRegistry;
  recordID: string;
  onErrors: (errors: Record<string, string>, message: string | null) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [spec, setSpec] = useState<LayoutSpec | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  useEffect(() => {
    if (needsRecord(layoutViewType) && !recordID) {
      setState("failed");
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setState("loading");
      layoutEditorApi
        .hydrate(api, { layoutViewType, layout: [...layout], ...pageOf(layoutViewType, recordID) }, controller.signal)
        .then(async (answer) => {
          await prefetchWidgets(widgets, answer.layout ?? [], {
            queryClient,
            api,
            url: new URL("/", window.location.origin),
          });
          if (controller.signal.aborted) return;
          setSpec(answer);
          setState("ready");
          onErrors({}, null);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setState("failed");
          if (error instanceof ApiError) {
            onErrors(
              Object.fromEntries(Object.entries(error.errors).map(([field, list]) => [field, list[0]?.message ?? ""])),
              error.message,
            );
          }
        });
    }, previewDelay);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [api, queryClient, widgets, layoutViewType, layout, recordID, onErrors]);

  return (
    <section className={styles.pane} aria-labelledby="layout-preview-title" aria-busy={state === "loading"}>
      <div className={styles.head}>
        <h2 id="layout-preview-title" className={styles.title}>
          {t("Preview")}
        </h2>
        <span className={styles.state} role="status">
          {state === "loading" ? t("Updating…") : state === "failed" ? t("The preview is out of date.") : ""}
        </span>
      </div>
      {needsRecord(layoutViewType) && !recordID ? (
        <p className={styles.note}>{t("Choose the page to preview it on.")}</p>
      ) : null}
      {/* What the preview shows is not part of the editor: out of the tab order and the accessibility tree. */}
      <div className={styles.page} inert>
        {spec?.layout ? (
          <WidgetRegistryContext.Provider value={widgets}>
            <LayoutRenderer widgets={spec.layout} />
          </WidgetRegistryContext.Provider>
        ) : (
          <p className={styles.note}>{t("Loading the preview…")}</p>
        )}
      </div>
    </section>
  );
}
