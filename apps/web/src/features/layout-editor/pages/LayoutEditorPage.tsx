import { useCallback, useState } from "react";
import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useNavigate, useSearchParams } from "react-router";
import type { LayoutRecord, LayoutRevision, LayoutView } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { ApiError } from "../../../lib/api.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { useQuery } from "../../../lib/query.ts";
import { useLeaveGuard } from "../../../lib/useLeaveGuard.ts";
import { Button, ButtonLink, buttonLook } from "../../../ui/button/Button.tsx";
import { FormAlert, formStyles } from "../../../ui/forms/Form.tsx";
import { ConfirmModal } from "../../../ui/modal/Modal.tsx";
import { UnsavedChangesModal } from "../../../ui/modal/UnsavedChangesModal.tsx";
import type { WidgetRegistry } from "../../layouts/index.ts";
import { LayoutOutline } from "../components/LayoutOutline.tsx";
import { PreviewPane, needsRecord } from "../components/PreviewPane.tsx";
import { PublishPanel } from "../components/PublishPanel.tsx";
import { RevisionsPanel } from "../components/RevisionsPanel.tsx";
import { layoutEditorApi } from "../layout-editor.api.ts";
import { viewTypeName } from "../layout-editor.labels.ts";
import { layoutEditorPath, layoutsDashboardPath, sitePreviewPath } from "../layout-editor.paths.ts";
import {
  layoutCatalogQuery,
  layoutEditorKeys,
  layoutRecordQuery,
  layoutRevisionsQuery,
  revisionAuthorsQuery,
} from "../layout-editor.queries.ts";
import type { EditorWidget } from "../layout-tree.ts";
import { useLayoutDraft } from "../useLayoutDraft.ts";
import styles from "./LayoutEditorPage.module.css";

const fieldMessages = (error: ApiError) =>
  Object.fromEntries(Object.entries(error.errors).map(([field, list]) => [field, list[0]?.message ?? ""]));

/** A saved layout's revisions and their authors' names (none for a new one). */
function useRevisions(layoutID: string | null) {
  const api = useApi();
  const { data: revisions } = useQuery({
    ...layoutRevisionsQuery(api, layoutID ?? ""),
    enabled: layoutID !== null,
  });
  const { data: authors } = useQuery({
    ...revisionAuthorsQuery(
      api,
      (revisions ?? []).map((revision) => revision.insertUserID),
    ),
    enabled: (revisions ?? []).length > 0,
  });
  return { revisions: revisions ?? [], authors: authors ?? {} };
}

/**
 * The layout editor: the layout's name (the title bar), its sections and widgets (the outline), a live preview,
 * Save (a draft: applied nowhere until published), Publish and Unpublish, and the revisions to restore.
 * `/dashboard/layouts/new?layoutViewType=` starts from the view type's default; `/dashboard/layouts/{id}/edit` edits
 * one of the site's own.
 */
export function LayoutEditorPage({
  source,
  widgets,
}: {
  source: { layoutID: string; isNew: boolean };
  widgets: WidgetRegistry;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: record } = useSuspenseQuery(layoutRecordQuery(api, source.layoutID));
  const { data: catalog } = useSuspenseQuery(layoutCatalogQuery(api, record.layoutViewType));
  const storedID = source.isNew ? null : String(record.layoutID);
  const { revisions, authors } = useRevisions(storedID);
  const draft = useLayoutDraft((record.layout ?? []) as EditorWidget[], catalog);
  const [name, setName] = useState(
    source.isNew ? t("New {type} layout", { type: viewTypeName(record.layoutViewType) }) : record.name,
  );
  const [views, setViews] = useState<readonly LayoutView[]>(source.isNew ? [] : (record.layoutViews ?? []));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [searchParams] = useSearchParams();
  // A new layout's first save comes back here as its own editor's page.
  const [message, setMessage] = useState<{ text: string; kind: "error" | "success" } | null>(() =>
    searchParams.get("done") === "saved" ? { text: t("Saved as a draft: a new revision."), kind: "success" } : null,
  );
  const [busy, setBusy] = useState(false);
  const [recordID, setRecordID] = useState("");
  const [restoring, setRestoring] = useState<{ revision: LayoutRevision; label: string } | null>(null);
  const nameChanged = !source.isNew && name !== record.name;
  const dirty = draft.dirty || nameChanged || source.isNew;
  const guard = useLeaveGuard(draft.dirty || nameChanged);

  const handlePreviewErrors = useCallback((fields: Record<string, string>, text: string | null) => {
    setErrors(fields);
    if (text && Object.keys(fields).length === 0) setMessage({ text, kind: "error" });
  }, []);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setMessage(null);
    try {
      await action();
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(fieldMessages(error));
        setMessage({ text: error.message, kind: "error" });
      } else throw error;
    } finally {
      setBusy(false);
    }
  };

  const refresh = async (saved: LayoutRecord) => {
    queryClient.setQueryData(layoutRecordQuery(api, String(saved.layoutID)).queryKey, saved);
    await queryClient.invalidateQueries({ queryKey: layoutEditorKeys.list() });
    await queryClient.invalidateQueries({ queryKey: layoutEditorKeys.revisions(String(saved.layoutID)) });
  };

  const handleSave = () =>
    run(async () => {
      const trimmed = name.trim();
      if (!trimmed) {
        setErrors({ name: t("The layout needs a name.") });
        return;
      }
      if (storedID === null) {
        const created = await layoutEditorApi.create(api, {
          name: trimmed,
          layoutViewType: record.layoutViewType,
          layout: [...draft.layout],
        });
        guard.allow();
        await refresh(created);
        await navigate(`${layoutEditorPath(created.layoutID)}?done=saved`, { replace: true });
        return;
      }
      const saved = await layoutEditorApi.update(api, storedID, { name: trimmed, layout: [...draft.layout] });
      await refresh(saved);
      draft.markClean();
      setErrors({});
      setMessage({ text: t("Saved as a draft: a new revision."), kind: "success" });
    });

  const handlePublish = (place: { recordType: string; recordID: number }) =>
    run(async () => {
      if (storedID === null) return;
      const assigned = await layoutEditorApi.assign(api, storedID, [place]);
      setViews(assigned);
      await queryClient.invalidateQueries({ queryKey: layoutEditorKeys.list() });
      // The pages' own lookups change with it.
      await queryClient.invalidateQueries({ queryKey: ["layouts"] });
      setMessage({ text: t("Published: visitors see this layout now."), kind: "success" });
    });

  const handleUnpublish = (view: LayoutView) =>
    run(async () => {
      if (storedID === null) return;
      await layoutEditorApi.unassign(api, storedID, [view.layoutViewID]);
      setViews(views.filter((other) => other.layoutViewID !== view.layoutViewID));
      await queryClient.invalidateQueries({ queryKey: layoutEditorKeys.list() });
      await queryClient.invalidateQueries({ queryKey: ["layouts"] });
      setMessage({ text: t("Unpublished: those pages show their default layout again."), kind: "success" });
    });

  const handleRestore = (revision: LayoutRevision) =>
    run(async () => {
      if (storedID === null) return;
      const restored = await layoutEditorApi.restore(api, storedID, revision.revisionID);
      await refresh(restored);
      draft.reset((restored.layout ?? revision.layout) as EditorWidget[]);
      setName(restored.name);
      setErrors({});
      setMessage({ text: t("Restored: the revision is the layout's current state again."), kind: "success" });
    });

  const sitePath = storedID === null ? null : sitePreviewPath(record.layoutViewType, storedID, recordID);
  const unsavedReason =
    storedID === null
      ? t("Save the layout before publishing it.")
      : dirty
        ? t("Save your changes before publishing them.")
        : null;

  return (
    <div className={styles.page}>
      <PageHead
        title={t("Edit Layout")}
        canonical={source.isNew ? layoutsDashboardPath : layoutEditorPath(source.layoutID)}
        noindex
      />
      <header className={styles.bar}>
        <ButtonLink to={layoutsDashboardPath} buttonType="text">
          {t("Back to Layouts")}
        </ButtonLink>
        <div className={styles.name}>
          <h1 className={styles.visuallyHidden}>{t("Edit Layout")}</h1>
          <label htmlFor="layout-name" className={formStyles.label}>
            {t("Layout name")}
          </label>
          <input
            id="layout-name"
            className={formStyles.input}
            value={name}
            maxLength={100}
            aria-invalid={errors["name"] ? true : undefined}
            aria-describedby={errors["name"] ? "layout-name-error" : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          {errors["name"] ? (
            <p id="layout-name-error" className={formStyles.error}>
              {errors["name"]}
            </p>
          ) : null}
        </div>
        <span className={styles.kind}>{viewTypeName(record.layoutViewType)}</span>
        <span className={styles.kind} aria-live="polite">
          {dirty ? t("Unsaved changes") : views.length ? t("Published") : t("Draft")}
        </span>
        {sitePath ? (
          // A new tab: the editor keeps its state; the page shows the layout as last saved.
          <a href={sitePath} target="_blank" rel="noopener" {...buttonLook({ buttonType: "outline" })}>
            {t("Preview on the site")}
          </a>
        ) : (
          <span className={styles.kind}>{t("Save the layout to preview it on the site.")}</span>
        )}
        <Button buttonType="primary" isPending={busy} onPress={() => void handleSave()}>
          {t("Save")}
        </Button>
      </header>
      <noscript>
        <p className={styles.noscript}>{t("The layout editor needs JavaScript: turn it on to edit this layout.")}</p>
      </noscript>
      {message ? <FormAlert kind={message.kind}>{message.text}</FormAlert> : null}
      <div className={styles.columns}>
        <div className={styles.side}>
          <LayoutOutline draft={draft} catalog={catalog} errors={errors} />
          <PublishPanel
            layoutViewType={record.layoutViewType}
            views={views}
            disabled={unsavedReason}
            busy={busy}
            onPublish={(place) => void handlePublish(place)}
            onUnpublish={(view) => void handleUnpublish(view)}
          />
          {storedID !== null ? (
            <RevisionsPanel
              revisions={revisions}
              authors={authors}
              busy={busy}
              onRestore={(revision, label) => setRestoring({ revision, label })}
            />
          ) : null}
        </div>
        <div className={styles.preview}>
          {needsRecord(record.layoutViewType) ? (
            <div className={formStyles.field}>
              <label htmlFor="layout-preview-record" className={formStyles.label}>
                {record.layoutViewType === "post" ? t("Preview on discussion (ID)") : t("Preview on category (ID)")}
              </label>
              <input
                id="layout-preview-record"
                className={formStyles.input}
                inputMode="numeric"
                value={recordID}
                onChange={(event) => setRecordID(event.target.value.replace(/\D/g, ""))}
              />
            </div>
          ) : null}
          <PreviewPane
            layoutViewType={record.layoutViewType}
            layout={draft.layout}
            widgets={widgets}
            recordID={recordID}
            onErrors={handlePreviewErrors}
          />
        </div>
      </div>
      <ConfirmModal
        isOpen={restoring !== null}
        title={t("Restore a revision")}
        confirmLabel={t("Restore")}
        onCancel={() => setRestoring(null)}
        onConfirm={() => {
          const chosen = restoring;
          setRestoring(null);
          if (chosen) void handleRestore(chosen.revision);
        }}
      >
        {dirty
          ? t("Restore {revision}? Your unsaved changes will be lost.", { revision: restoring?.label ?? "" })
          : t("Restore {revision}?", { revision: restoring?.label ?? "" })}
      </ConfirmModal>
      <UnsavedChangesModal isOpen={guard.blocked} onCancel={guard.stay} onConfirm={guard.proceed} />
    </div>
  );
}
