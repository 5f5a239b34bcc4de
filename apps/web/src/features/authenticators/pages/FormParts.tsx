import { authenticatorRules } from "@parley/contracts/authenticators-constants";
import type { FormResult } from "../../../lib/forms.ts";
import { t } from "../../../lib/i18n.ts";
import { TextField } from "../../../ui/forms/Form.tsx";

/** An authenticator's write-only secret: never shown; the hint says whether one is saved. */
export function SecretField({
  authenticator,
  mine,
  label,
  unsavedHint,
  required = false,
}: {
  authenticator?: { hasSecret: boolean };
  mine: FormResult | undefined;
  label: string;
  unsavedHint: string;
  required?: boolean;
}) {
  return (
    <TextField
      label={label}
      name="secret"
      type="password"
      autoComplete="off"
      required={required}
      maxLength={authenticatorRules.secretMaxLength}
      error={mine?.errors?.["secret"]}
      hint={
        authenticator?.hasSecret
          ? t("A secret is saved. It is never shown; enter a new one to replace it.")
          : unsavedHint
      }
    />
  );
}
