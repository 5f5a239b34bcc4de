import { Link } from "react-router";
import type { FormResult } from "../../../lib/forms.ts";
import { FormAlert } from "../../../ui/forms/Form.tsx";

/**
 * A sign-in step's refusal: the API's message, and what it offers beside it (its description and a link on this
 * site, such as "Reset your password"); nothing when there is no message.
 */
export function ResultAlert({ result }: { result: FormResult | undefined }) {
  if (!result?.message) return null;
  return (
    <FormAlert>
      {result.message}
      {result.action?.url.startsWith("/") ? (
        <>
          {" "}
          {result.description ? `${result.description} ` : null}
          <Link to={result.action.url}>{result.action.label}</Link>
        </>
      ) : null}
    </FormAlert>
  );
}
