import { postTypeRules } from "@parley/contracts/post-types-constants";
import { t } from "../../../lib/i18n.ts";
import { TextField } from "../../../ui/forms/Form.tsx";

/** A post type's or field's ID: typed when adding, then fixed (posted as it is). */
export function RecordIDField({
  name,
  saved,
  value,
  error,
}: {
  name: "postTypeID" | "postFieldID";
  saved: string | undefined;
  value: string;
  error: string | undefined;
}) {
  if (saved !== undefined) return <input type="hidden" name={name} value={saved} />;
  return (
    <TextField
      label={t("ID")}
      name={name}
      required
      pattern={postTypeRules.idPattern}
      maxLength={postTypeRules.idMaxLength}
      hint={t("Lowercase letters, digits, _ and -; it cannot change later.")}
      defaultValue={value}
      error={error}
    />
  );
}
