import { useEffect, type ComponentProps } from "react";
import { onDemand, useOnDemand } from "../../../ui/on-demand.ts";
import type * as QuestionPartsModule from "./QuestionParts.tsx";

/**
 * The question parts (Accept Answer / Reject Answer, the accepted answers under the question) come on demand,
 * so that other pages' scripts do not carry them: the server renders them, and the browser loads them before
 * hydrating a page that has them.
 */
export const questionParts = onDemand<typeof QuestionPartsModule>(() => import("./QuestionParts.tsx"), {
  rendered: "[data-part^=question-]",
});

type Parts = Pick<typeof QuestionPartsModule, "AnswerMark" | "AcceptedAnswers">;

/** One of the question parts, once loaded (nothing before). */
export function QuestionPart<K extends keyof Parts>({ part, ...props }: { part: K } & ComponentProps<Parts[K]>) {
  const { module, preload } = useOnDemand(questionParts);
  useEffect(preload, [preload]);
  const Part = module?.[part] as ((props: object) => React.ReactNode) | undefined;
  return Part ? <Part {...props} /> : null;
}
