import { userRules } from "@parley/contracts/user-rules";
import { t } from "../../../lib/i18n.ts";
import type { FormResult } from "../../../lib/forms.ts";
import { TextField } from "../../../ui/forms/Form.tsx";

/** A new password and its confirmation (registration, password reset), each with the server's error. */
export function NewPasswordFields({ label, errors }: { label: string; errors: FormResult["errors"] }) {
  return (
    <>
      <TextField
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={userRules.passwordMinLength}
        hint={t("At least {min} characters.", { min: userRules.passwordMinLength })}
        error={errors?.["password"]}
      />
      <TextField
        label={t("Confirm Password")}
        name="passwordConfirm"
        type="password"
        autoComplete="new-password"
        required
        error={errors?.["passwordConfirm"]}
      />
    </>
  );
}
