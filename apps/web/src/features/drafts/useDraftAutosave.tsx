import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { useApi } from "../../lib/api-context.tsx";
import { t } from "../../lib/i18n.ts";
import { useToast } from "../../ui/toast/ToastProvider.tsx";
import { createAutosave, defaultAutosaveTimings, type AutosaveTimings } from "./autosave.ts";
import { draftsApi } from "./drafts.api.ts";
import { pushDraft, reconcileDraft, type DraftContent } from "./draftSync.ts";
import { autosavePreference, localDrafts, type DraftTarget, type LocalDraft } from "./draftStore.ts";

export interface DraftAutosaveOptions {
  form: RefObject<HTMLFormElement | null>;
  target: DraftTarget;
  /** Puts a recovered draft into the form (only called while the form is empty). */
  onRestore: (draft: LocalDraft) => void;
  /** The draft a draft link names, continued instead of looking one up. */
  draftID?: number | undefined;
  /**
   * An edit form starts full (the record's own text): its draft, always newer, replaces that. A new
   * post's form only takes a draft while it is still empty.
   */
  restoreOverContent?: boolean;
  timings?: AutosaveTimings;
}

/** The form's content as a draft: the posted fields `body`, `format`, and a discussion's `name` and `categoryID`. */
function readForm(form: HTMLFormElement): DraftContent {
  const data = new FormData(form);
  const text = (key: string) => {
    const value = data.get(key);
    return typeof value === "string" ? value : "";
  };
  const categoryID = Number(text("categoryID"));
  return {
    body: text("body"),
    format: text("format") || "markdown",
    ...(data.has("name") ? { name: text("name") } : {}),
    ...(categoryID > 0 ? { categoryID } : {}),
  };
}

const hasContent = (content: DraftContent) => content.body.trim() !== "" || Boolean(content.name?.trim());

/**
 * Autosave of a post form (spec §4): restores the draft on opening, keeps a local copy while typing and
 * saves to the server after 5 s without change. Returns the draft's id (posted with the form, so the
 * server deletes the draft once the post is made) and whether a draft exists.
 */
export function useDraftAutosave({
  form,
  target,
  onRestore,
  draftID: namedDraftID,
  restoreOverContent = false,
  timings = defaultAutosaveTimings,
}: DraftAutosaveOptions) {
  const api = useApi();
  const [draftID, setDraftID] = useState<number | null>(null);
  const [hasDraft, setHasDraft] = useState(false);
  const [enabled, setEnabled] = useState(true);
  const idRef = useRef<number | null>(null);
  const restore = useRef(onRestore);
  restore.current = onRestore;
  const targetKey = JSON.stringify(target);

  const remember = useCallback((id: number | null) => {
    idRef.current = id;
    setDraftID(id);
  }, []);

  useEffect(() => {
    setEnabled(autosavePreference.enabled());
  }, []);

  // Opening the form: the draft to continue.
  useEffect(() => {
    let cancelled = false;
    void reconcileDraft(api, target, namedDraftID).then((draft) => {
      if (cancelled || !draft) return;
      remember(draft.draftID);
      setHasDraft(true);
      const element = form.current;
      if (element && (namedDraftID || restoreOverContent || !hasContent(readForm(element)))) restore.current(draft);
    });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per form target
  }, [api, targetKey, namedDraftID]);

  useEffect(() => {
    const element = form.current;
    if (!element || !enabled) return undefined;
    const current = (): LocalDraft => ({
      ...target,
      ...readForm(element),
      draftID: idRef.current,
      lastSaved: Date.now(),
    });
    const autosave = createAutosave(
      {
        saveLocal() {
          const draft = current();
          if (!hasContent(draft)) {
            localDrafts.remove(target);
            return;
          }
          localDrafts.save(draft);
          setHasDraft(true);
        },
        async saveServer() {
          const draft = current();
          if (!hasContent(draft)) {
            // Emptied: nothing to keep.
            if (draft.draftID) await draftsApi.remove(api, draft.draftID).catch(() => undefined);
            localDrafts.remove(target);
            remember(null);
            setHasDraft(false);
            return;
          }
          const saved = await pushDraft(api, draft);
          remember(saved.draftID);
        },
        onError: () => undefined, // Logged only (spec §8); the local copy stays and the next change retries.
      },
      timings,
    );
    // An edit form is full from the start, and the rich editor rewrites its hidden input as it loads:
    // its draft starts with the member's first edit, not with that.
    let edited = !restoreOverContent;
    const handleChange = () => {
      if (edited) autosave.changed();
    };
    const handleInput = () => {
      edited = true;
      autosave.changed();
    };
    // The rich editor writes its JSON into a hidden input: watch its value as well as typing.
    const observer = new MutationObserver(handleChange);
    observer.observe(element, { subtree: true, attributes: true, attributeFilter: ["value"] });
    element.addEventListener("input", handleInput);
    const handleSubmit = () => {
      // Posting deletes the draft (the server does, from the posted draftID): forget it here too.
      autosave.cancel();
      localDrafts.remove(target);
      setHasDraft(false);
    };
    element.addEventListener("submit", handleSubmit);
    return () => {
      observer.disconnect();
      element.removeEventListener("input", handleInput);
      element.removeEventListener("submit", handleSubmit);
      void autosave.flush();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- per form target
  }, [api, enabled, targetKey]);

  const setAutosave = (on: boolean) => {
    autosavePreference.set(on);
    setEnabled(on);
  };

  /** Forgets the draft: the local copy and the server's (the form is being cleared). */
  const discard = async () => {
    const id = idRef.current;
    localDrafts.remove(target);
    remember(null);
    setHasDraft(false);
    if (id) await draftsApi.remove(api, id).catch(() => undefined);
  };

  return { draftID, hasDraft, autosave: enabled, setAutosave, discard };
}

/**
 * 'Saved Draft Available.' (spec §4): a toast linking to the form while a draft exists and the form is
 * out of sight; it goes when the form comes into view.
 */
export function useSavedDraftToast(form: RefObject<HTMLElement | null>, hasDraft: boolean, href: string) {
  const { addToast, dismissToast } = useToast();
  useEffect(() => {
    const element = form.current;
    if (!element || !hasDraft || typeof IntersectionObserver === "undefined") return undefined;
    const toastID = "saved-draft";
    const observer = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting) dismissToast(toastID);
      else
        addToast({
          toastID,
          persistent: true,
          dismissible: true,
          body: (
            <a
              href={href}
              onClick={(event) => {
                // On the form's own page: bring the form into view rather than loading the page again.
                const url = new URL(href, window.location.href);
                if (url.pathname !== window.location.pathname) return;
                event.preventDefault();
                window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
                element.scrollIntoView({ block: "center" });
                element
                  .querySelector<HTMLElement>("[contenteditable='true'], textarea")
                  ?.focus({ preventScroll: true });
              }}
            >
              {t("Saved Draft Available.")}
            </a>
          ),
        });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      dismissToast(toastID);
    };
  }, [form, hasDraft, href, addToast, dismissToast]);
}
