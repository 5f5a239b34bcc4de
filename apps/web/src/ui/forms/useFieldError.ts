import { useContext, useEffect, useRef, useState, type Ref } from "react";
import { UNSAFE_DataRouterStateContext } from "react-router";
import { fieldProblem } from "./field-problem.ts";
import { useHydrated } from "../hydrated.ts";

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** A server error set aside: the answer it came with and its words. */
interface Dismissed {
  answer: unknown;
  error: string | undefined;
}

/**
 * The error a field shows, live (spec "errors beside their fields, cleared when fixed"):
 * - the server's `error` (a refused submission) until the field is edited into a value its own
 *   constraints accept: it goes as the member types, without sending again;
 * - the field's own check (`required`, `type=email`, `minLength` …) when its form is submitted, and on
 *   leaving it once the form has been submitted, so nothing is red before the first attempt;
 * - nothing from an answer older than the field: a dialog opened after another form's refusal starts clean.
 * Without JavaScript the server's error is all there is, as before.
 */
export function useFieldError(error: string | undefined, label: string, ref: Ref<Control> | undefined) {
  // The router's answer to the last submission (a new object per answer), without useActionData, which
  // refuses to render outside a data router.
  const answer = useContext(UNSAFE_DataRouterStateContext)?.actionData ?? null;
  const hydrated = useHydrated();
  const element = useRef<Control | null>(null);
  // A field mounted after hydration while an answer stands (a dialog opened later) did not take part in it.
  const [dismissed, setDismissed] = useState<Dismissed | null>(() =>
    hydrated && answer !== null ? { answer, error } : null,
  );
  const [own, setOwn] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);
  // Edited into a valid value since its form was last sent: an answer still on its way judged the old value.
  const [fixedSinceSent, setFixedSinceSent] = useState(false);
  const latest = useRef({ label });
  latest.current = { label };

  // Its form's submission (capture, so before a dialog's own handler prevents it): check the value now.
  useEffect(() => {
    const handleSubmit = (event: SubmitEvent) => {
      const control = element.current;
      if (!control || event.target !== control.form) return;
      setAttempted(true);
      setFixedSinceSent(false);
      setOwn(fieldProblem(control, latest.current.label));
    };
    document.addEventListener("submit", handleSubmit, true);
    return () => document.removeEventListener("submit", handleSubmit, true);
  }, []);

  const serverError =
    error && !fixedSinceSent && !(dismissed && dismissed.answer === answer && dismissed.error === error) ? error : null;
  const shown = serverError ?? own ?? undefined;

  const setRef = (node: Control | null) => {
    element.current = node;
    if (typeof ref === "function") ref(node);
    else if (ref) (ref as { current: Control | null }).current = node;
  };
  const handleChange = () => {
    const control = element.current;
    if (!control || !control.validity.valid) return;
    // Fixed: the message goes at once (the server's too, even one still on its way: it judged the old value).
    setFixedSinceSent(attempted);
    if (!shown) return;
    setOwn(null);
    setDismissed({ answer, error });
  };
  const handleBlur = () => {
    const control = element.current;
    if (!control || !(attempted || error) || serverError) return;
    setOwn(fieldProblem(control, latest.current.label));
  };
  return { error: shown, ref: setRef, onChange: handleChange, onBlur: handleBlur };
}
