import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { t } from "../../lib/i18n.ts";
import { buttonLook } from "../../ui/button/Button.tsx";
import { formStyles } from "../../ui/forms/Form.tsx";
import { useHydrated } from "../../ui/hydrated.ts";
import { onDemand } from "../../ui/on-demand.ts";
import styles from "./BodyEditor.module.css";
import type { TextCaret } from "./rich2.ts";

/** The Slate editor's chunk: fetched only when a form with a body asks for it, never by reader pages. */
const richEditor = onDemand(() => import("./RichEditor.tsx"));
export const loadRichEditor = richEditor.load;
/** The preview pane's chunk: fetched when Preview is first pressed (or the pointer comes over it). */
const previewPane = onDemand(() => import("./PostPreviewPane.tsx"));

export interface BodyEditorProps {
  /** The posted field (`body`); a `format` field is posted beside it. */
  name: string;
  id: string;
  /** The accessible name of the editing area (the page's visible label says the same). */
  label: string;
  defaultValue: string;
  /** The text area's class (the page's look for it before the editor loads). */
  className?: string | undefined;
  /** The format the plain text area posts (the server reads it as this). */
  plainFormat?: "markdown" | "text";
  /** The hint under the plain text area, and its id. */
  hint?: string | undefined;
  hintId?: string | undefined;
  /** The ids describing the field (hint, error). */
  describedBy?: string | undefined;
  invalid?: boolean | undefined;
  required?: boolean | undefined;
  /** The plain text area's `maxlength` (the rich editor's JSON is measured by the server as the text it reads as). */
  maxLength?: number | undefined;
  /**
   * Swap the editor in once hydrated ("mount"), or when the text area is first focused ("focus"; its
   * chunk is fetched earlier: when the browser is idle, or the pointer comes over the text area).
   */
  loadOn?: "mount" | "focus";
  /**
   * Mounted in the browser (never server-rendered) with a rich2 body to continue, e.g. a restored
   * draft: start with the rich editor (its chunk loaded first), never showing the JSON in the text area.
   */
  startRich?: boolean | undefined;
  /**
   * Mounted in the browser with a post in another format to continue in the rich editor: its rendered,
   * sanitised HTML (the API's `body`), parsed by the editor's HTML reader; it then posts rich2.
   */
  startHtml?: string | undefined;
}

/** What the editor starts from: the text area's text and, when it had the focus, its caret. */
interface Takeover {
  text: string;
  caret: TextCaret | null;
}

const whenIdle = (then: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(then, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(then, 1000);
  return () => window.clearTimeout(handle);
};

/**
 * A post body that works everywhere: the server renders a plain `<textarea name="body">` (posting Markdown),
 * and once the page is hydrated the rich editor replaces it, posting rich2 JSON as `body` with
 * `format=rich2`, so the same form action takes either.
 *
 * No keystroke is lost to the swap: until the editor's chunk is there the member types in the text area;
 * the swap then happens in one task (read the text area's text and caret, render the editor, focus it with
 * the caret at the same place), so the browser hands the next key to the editor, in order.
 */
export function BodyEditor({
  name,
  id,
  label,
  defaultValue,
  className,
  plainFormat = "markdown",
  hint,
  hintId,
  describedBy,
  invalid,
  required,
  maxLength,
  loadOn = "mount",
  startRich: startRichAsked = false,
  startHtml,
}: BodyEditorProps) {
  const startRich = startRichAsked || startHtml !== undefined;
  const area = useRef<HTMLTextAreaElement>(null);
  const [takeover, setTakeover] = useState<Takeover | null>(() =>
    startRich ? { text: defaultValue, caret: null } : null,
  );
  const [module, setModule] = useState(richEditor.current);
  const taken = useRef(startRich);
  const box = useRef<HTMLDivElement>(null);
  /** What Preview shows: the body and format the form would post when it was pressed; null while editing. */
  const [shown, setShown] = useState<{ body: string; format: string } | null>(null);
  const [Pane, setPane] = useState(() => previewPane.current()?.PostPreviewPane);
  const [paneProblem, setPaneProblem] = useState(false);
  // Edit | Preview need JavaScript: not rendered by the server (without it the text area is all there is).
  const hydrated = useHydrated();

  /** The swap, once the chunk is there: exactly once, from what the text area holds at this moment. */
  const takeOver = () => {
    const loaded = richEditor.current();
    if (!loaded) return;
    if (taken.current) {
      setModule(() => loaded);
      return;
    }
    taken.current = true;
    const element = area.current;
    const focused = element !== null && element === document.activeElement;
    const next: Takeover = {
      text: element?.value ?? defaultValue,
      caret: focused ? { start: element.selectionStart, end: element.selectionEnd } : null,
    };
    // Synchronously: no key event may come between reading the text area and the editor taking the focus.
    flushSync(() => {
      setModule(() => loaded);
      setTakeover(next);
    });
  };
  const enhance = () => {
    // Loaded already, this is a microtask: still before the browser's next key event, and out of React's
    // render (flushSync can not run there). Offline or a failed chunk: the text area keeps working.
    richEditor.load().then(takeOver, () => undefined);
  };
  const preload = () => {
    richEditor.load().catch(() => undefined);
  };

  useEffect(() => {
    // Focused before the page hydrated (a member quick to the box): the swap comes now, as on focus.
    if (loadOn === "mount" || startRich || area.current === document.activeElement) {
      enhance();
      return undefined;
    }
    return whenIdle(preload);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after hydration
  }, []);

  const RichEditor = takeover ? module?.RichEditor : undefined;
  let editor;
  if (takeover && !RichEditor) editor = <div className={className} aria-busy="true" />;
  else if (takeover && RichEditor) {
    editor = (
      <>
        <RichEditor
          name={name}
          id={id}
          label={label}
          defaultValue={takeover.text}
          markdown={plainFormat === "markdown"}
          caret={takeover.caret}
          html={startHtml}
          describedBy={describedBy}
          invalid={invalid}
        />
        {hint ? (
          <span id={hintId} className={formStyles.hint}>
            {t("Mention members with @name.")}
          </span>
        ) : null}
      </>
    );
  } else {
    editor = (
      <>
        <textarea
          ref={area}
          id={id}
          name={name}
          className={className}
          // Uncontrolled: a re-render never writes over what was typed, even before the page hydrated.
          defaultValue={defaultValue}
          onPointerEnter={loadOn === "focus" ? preload : undefined}
          onFocus={loadOn === "focus" ? enhance : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          required={required}
          maxLength={maxLength}
        />
        {hint ? (
          <span id={hintId} className={formStyles.hint}>
            {hint}
          </span>
        ) : null}
        <input type="hidden" name="format" value={plainFormat} />
      </>
    );
  }

  /** Preview: what the form would post now (the text area's, or the rich editor's hidden fields). */
  const preview = () => {
    const field = (fieldName: string) =>
      box.current?.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${fieldName}"]`)?.value ?? "";
    setPaneProblem(false);
    setShown({ body: field(name), format: field("format") || plainFormat });
    previewPane.load().then(
      (loaded) => setPane(() => loaded.PostPreviewPane),
      () => setPaneProblem(true),
    );
  };
  const paneID = `${id}-preview`;
  const mode = buttonLook({ buttonType: "text", size: "compact" });
  return (
    <div ref={box}>
      {hydrated ? (
        <div role="group" aria-label={t("Editor mode")} className={styles.modes}>
          <button type="button" {...mode} aria-pressed={!shown} onClick={() => setShown(null)}>
            {t("Edit")}
          </button>
          <button
            type="button"
            {...mode}
            aria-pressed={!!shown}
            aria-controls={shown ? paneID : undefined}
            onPointerEnter={() => void previewPane.load().catch(() => undefined)}
            onClick={preview}
          >
            {t("Preview")}
          </button>
        </div>
      ) : null}
      {/* Hidden, never unmounted: the editor keeps its text, caret and undo history while the preview shows. */}
      <div hidden={!!shown}>{editor}</div>
      {shown && Pane ? <Pane id={paneID} body={shown.body} format={shown.format} /> : null}
      {shown && !Pane ? (
        <p id={paneID} role={paneProblem ? "alert" : "status"}>
          {paneProblem ? t("The preview could not be shown.") : t("Loading the preview")}
        </p>
      ) : null}
    </div>
  );
}
