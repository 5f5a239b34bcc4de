import { lazy, Suspense, useEffect, useState } from "react";
import { t } from "../../lib/i18n.ts";
import { formStyles } from "../../ui/forms/Form.tsx";

/** The Slate editor's chunk: fetched only when a form with a body asks for it, never by reader pages. */
export const loadRichEditor = () => import("./RichEditor.tsx");
const RichEditor = lazy(async () => ({ default: (await loadRichEditor()).RichEditor }));

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
  /** Load the editor once hydrated ("mount"), or when the text area is first focused ("focus"). */
  loadOn?: "mount" | "focus";
  /**
   * Mounted in the browser (never server-rendered) with a rich2 body to continue, e.g. a restored
   * draft: start with the rich editor (its chunk loaded first), never showing the JSON in the text area.
   */
  startRich?: boolean | undefined;
}

/**
 * A post body that works everywhere: the server renders a plain `<textarea name="body">` (posting Markdown),
 * and once the page is hydrated the rich editor replaces it, posting rich2 JSON as `body` with
 * `format=rich2`, so the same form action takes either. What was typed before it loaded is kept.
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
  loadOn = "mount",
  startRich = false,
}: BodyEditorProps) {
  const [text, setText] = useState(defaultValue);
  const [enhanced, setEnhanced] = useState(startRich);
  const [focusEditor, setFocusEditor] = useState(false);

  const enhance = (focus: boolean) => {
    // The chunk first, so the swap does not flash a loading state.
    loadRichEditor().then(
      () => {
        setFocusEditor(focus);
        setEnhanced(true);
      },
      () => undefined, // Offline or a failed chunk: the text area keeps working.
    );
  };

  useEffect(() => {
    if (loadOn === "mount") enhance(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after hydration
  }, []);

  const plain = (
    <>
      <textarea
        id={id}
        name={name}
        className={className}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onFocus={loadOn === "focus" && !enhanced ? () => enhance(true) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        required={required}
      />
      {hint ? (
        <span id={hintId} className={formStyles.hint}>
          {hint}
        </span>
      ) : null}
      <input type="hidden" name="format" value={plainFormat} />
    </>
  );

  if (!enhanced) return plain;
  return (
    <Suspense fallback={startRich ? <div className={className} aria-busy="true" /> : plain}>
      <RichEditor
        name={name}
        id={id}
        label={label}
        defaultValue={text}
        describedBy={describedBy}
        invalid={invalid}
        autoFocus={focusEditor}
      />
      {hint ? (
        <span id={hintId} className={formStyles.hint}>
          {t("Mention members with @name.")}
        </span>
      ) : null}
    </Suspense>
  );
}
