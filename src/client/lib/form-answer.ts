import { createContext, use } from "react";
import { fieldList, fieldText } from "@shared/form-fields";
import type { FormAnswer, FormName } from "@shared/page-render";

export type { FormAnswer, FormName };

/**
 * The answer to a form posted without JavaScript (issue 21), drawn into the page by the server
 * (`InitialPage.form`). A form starts from it (what was typed, the outcome, the field errors),
 * so the server's HTML and the app's first render are the same page.
 */
export const FormAnswerContext = createContext<FormAnswer | null>(null);

/** The posted answer when it belongs to `form`, else null. */
export function useFormAnswer(form: FormName): FormAnswer | null {
  const answer = use(FormAnswerContext);
  return answer?.form === form ? answer : null;
}

/** A posted field as text ('' when absent): the server's reading of a posted form (shared/form-fields.ts). */
export const answerText = (answer: FormAnswer | null, name: string): string => fieldText(answer?.values, name);

/** A posted repeated field (checkboxes of one name). */
export const answerList = (answer: FormAnswer | null, name: string): string[] => fieldList(answer?.values, name);

/**
 * The words for a refused answer: the first field error (the API's message prefixes it with the
 * field's name, which is for programs), else the message.
 */
export function refusalText(answer: FormAnswer | null): string | undefined {
  if (!answer || answer.ok) return undefined;
  return Object.values(answer.errors ?? {})[0] || answer.message || undefined;
}
