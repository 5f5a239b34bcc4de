import type { Role } from "@parley/contracts";
import { userRules } from "@parley/contracts/user-rules";
import { useState } from "react";
import type { FormResult } from "../../../lib/forms.ts";
import { t } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/button/Button.tsx";
import { FormAlert, SelectField, TextField } from "../../../ui/forms/Form.tsx";
import { banDurations } from "../members.bans.ts";
import styles from "../pages/MembersPage.module.css";

export const deleteChoices = () => [
  { value: "keep", label: t("Keep their posts") },
  { value: "wipe", label: t("Keep their posts, blanked") },
  { value: "delete", label: t("Delete their posts") },
];

/**
 * The bulk bar of the members' list, inside its form: what to do to the members checked (add or remove a role,
 * ban, delete) and its details, then Apply. Without JavaScript every detail shows and the form posts as it is;
 * with it, only the chosen action's details show, the bar says how many are selected (announced as it changes),
 * and nothing but that line shows until someone is selected.
 */
export function MembersBulkBar({
  selected,
  roles,
  canDelete,
  result,
  busy,
}: {
  /** How many members are checked; null before JavaScript runs (the server cannot know). */
  selected: number | null;
  roles: Role[];
  canDelete: boolean;
  /** The last bulk post's answer, when it was refused. */
  result: FormResult | undefined;
  busy: boolean;
}) {
  const [action, setAction] = useState(result?.values?.["bulkAction"] ?? "");
  const scripted = selected !== null;
  const shows = (...actions: string[]) => !scripted || actions.includes(action);
  const errors = result?.errors ?? {};
  const value = (name: string) => result?.values?.[name];
  const actions = [
    { value: "", label: t("Choose…") },
    { value: "add-role", label: t("Add a role") },
    { value: "remove-role", label: t("Remove a role") },
    { value: "ban", label: t("Ban") },
    ...(canDelete ? [{ value: "delete", label: t("Delete") }] : []),
  ];
  return (
    <section className={styles.bulk} aria-label={t("Bulk actions")}>
      <p className={styles.bulkCount} aria-live="polite" data-testid="bulk-count">
        {selected === null
          ? t("Check members in the list (at most {max}), then choose what to do with them.", {
              max: userRules.bulkMaxUsers,
            })
          : selected === 0
            ? t("No member selected: check members in the list to act on several at once.")
            : selected === 1
              ? t("1 member selected.")
              : t("{count} members selected.", { count: selected })}
      </p>
      {result?.message ? <FormAlert>{result.message}</FormAlert> : null}
      {errors["userIDs"] ? <FormAlert>{errors["userIDs"]}</FormAlert> : null}
      {/* Hidden rather than left out while nothing is selected, so the chosen action stays chosen. */}
      <div className={styles.bulkFields} hidden={scripted && selected === 0}>
        <SelectField
          label={t("With the selected members")}
          name="bulkAction"
          defaultValue={value("bulkAction") ?? ""}
          onChange={(event) => setAction(event.currentTarget.value)}
          options={actions}
          error={errors["bulkAction"]}
        />
        {shows("add-role", "remove-role") ? (
          <SelectField
            label={t("Role")}
            name="bulkRoleID"
            defaultValue={value("bulkRoleID") ?? ""}
            options={[
              { value: "", label: t("Choose a role…") },
              ...roles.map((role) => ({ value: String(role.roleID), label: role.name })),
            ]}
            error={errors["bulkRoleID"]}
          />
        ) : null}
        {shows("ban") ? (
          <>
            <TextField
              label={t("Ban reason")}
              name="banReason"
              maxLength={userRules.banReasonMaxLength}
              defaultValue={value("banReason") ?? ""}
              error={errors["banReason"]}
            />
            <SelectField
              label={t("Ban for")}
              name="banFor"
              defaultValue={value("banFor") ?? ""}
              options={banDurations.map((option) => ({ value: option.value, label: t(option.label) }))}
              error={errors["banFor"]}
            />
          </>
        ) : null}
        {canDelete && shows("delete") ? (
          <SelectField
            label={t("Their posts")}
            name="deleteMethod"
            defaultValue={value("deleteMethod") ?? "keep"}
            options={deleteChoices()}
            error={errors["deleteMethod"]}
          />
        ) : null}
        <Button type="submit" buttonType="primary" isPending={busy} name="intent" value="bulk">
          {t("Apply")}
        </Button>
      </div>
    </section>
  );
}
