import { useEffect } from "react";
import type { ComponentProps } from "react";
import { onDemand, useOnDemand } from "../../../ui/on-demand.ts";
import type * as QuestionPartsModule from "./QuestionParts.tsx";

/**
 * The question parts (Accept Answer / Reject Answer, the accepted answers under the question) come on demand,
 * so that other pages' scripts do not carry them: the server renders them, and the browser loads them before
 * hydrating a page that has them.
 */
const questionParts = onDemand<typeof QuestionPartsModule>(() => import("./QuestionParts.tsx"), {
  rendered: "[data-part=answer-judgement], [data-part=accepted-answers]",
});

export function AnswerJudgementSlot(props: ComponentProps<typeof QuestionPartsModule.AnswerJudgement>) {
  const { module, preload } = useOnDemand(questionParts);
  useEffect(preload, [preload]);
  return module ? <module.AnswerJudgement {...props} /> : null;
}

export function AcceptedAnswersSlot(props: ComponentProps<typeof QuestionPartsModule.AcceptedAnswers>) {
  const { module, preload } = useOnDemand(questionParts);
  useEffect(preload, [preload]);
  return module ? <module.AcceptedAnswers {...props} /> : null;
}
