import { useSuspenseQuery } from "@tanstack/react-query";
import { useQuery } from "../../../lib/query.ts";
import { roleInvitationRules, roleTypes } from "@parley/contracts/roles-constants";
import { Form, Link, useActionData, useLocation, useNavigation, useParams } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import { ConfirmAction } from "../../../ui/confirm/ConfirmAction.tsx";
import {
  CheckboxField,
  FormAlert,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from "../../../ui/forms/Form.tsx";
import { grantKey, grantKeys, permissionAreas } from "../roles.matrix.ts";
import type { RoleWithPermissions } from "../roles.api.ts";
import { customCategoriesQuery, rolePath, roleQuery, rolesListQuery, rolesPagePath } from "../roles.queries.ts";
import { PermissionMatrix } from "./PermissionMatrix.tsx";
import { roleTypeLabel } from "./roleTypes.ts";
import styles from "./RolesPage.module.css";

/** Names the page offers: any other global grant of the role (system.only) is sent back as it is. */
const offered = new Set(permissionAreas().flatMap((area) => area.names.map((name) => grantKey(name))));

/** The deletion's second step: what will happen to the role's members, and the button that does it. */
function DeleteConfirmation({
  role,
  replacement,
  busy,
}: {
  role: RoleWithPermissions;
  replacement: RoleWithPermissions | undefined;
  busy: boolean;
}) {
  const members =
    role.countUsers === 1 ? t("Its 1 member") : t("Its {count} members", { count: role.countUsers.toLocaleString() });
  return (
    <ConfirmAction
      id="role-confirm"
      title={t("Delete the role “{name}”?", { name: role.name })}
      text={
        replacement
          ? t(
              "{members} will be given the role “{replacement}” (they keep their other roles). This cannot be undone.",
              {
                members,
                replacement: replacement.name,
              },
            )
          : t("{members} lose the permissions it gave them (they keep their other roles). This cannot be undone.", {
              members,
            })
      }
      fields={{ intent: "delete", name: role.name, replacementRoleID: replacement ? String(replacement.roleID) : "" }}
      cancelTo={rolePath(role.roleID)}
      busy={busy}
    />
  );
}

/** `/dashboard/roles/{id}` and `/dashboard/roles/add`: a role's details and permissions, saved together. */
export function RolePage() {
  const api = useApi();
  const raw = useParams()["roleID"];
  const roleID = raw === "add" ? null : Number(raw);
  const role = useQuery({ ...roleQuery(api, roleID ?? 0), enabled: roleID !== null }).data ?? null;
  const { data: categories } = useSuspenseQuery(customCategoriesQuery(api));
  const { data: roles } = useSuspenseQuery(rolesListQuery(api));
  const location = useLocation();
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const action = location.pathname;
  const intent = result?.values?.["intent"];
  const refusedSave = result && !result.ok && intent === "save" ? result : undefined;
  const refusedDelete = result && !result.ok && intent === "delete" && result.message ? result : undefined;
  const confirming = result?.values?.["confirm"] === "delete";
  const saved = result?.ok
    ? result.message
    : new URLSearchParams(location.search).has("saved")
      ? t("The role has been saved.")
      : null;
  if (roleID !== null && !role) return null;

  const value = (field: string, current: string) => refusedSave?.values?.[field] ?? current;
  const flag = (field: string, current: boolean) => (refusedSave ? refusedSave.values?.[field] === "1" : current);
  const roleGrants = role ? grantKeys(role.permissions) : new Set([grantKey("session.valid")]);
  const granted = refusedSave ? new Set((refusedSave.values?.["grants"] ?? "").split(" ").filter(Boolean)) : roleGrants;
  const kept = [...roleGrants]
    .filter((key) => key.startsWith("global:") && !offered.has(key))
    .map((key) => key.slice("global:".length));
  const title = role ? role.name : t("Add Role");
  const errors = refusedSave?.errors ?? {};
  return (
    <section className={styles.page} aria-labelledby="role-title">
      <PageHead title={role ? t("Edit {name}", { name: role.name }) : t("Add Role")} noindex />
      <p className={styles.note}>
        <Link to={rolesPagePath}>{t("← Roles & Permissions")}</Link>
      </p>
      <h1 id="role-title" className={styles.title}>
        {title}
      </h1>
      {saved ? <FormAlert kind="success">{saved}</FormAlert> : null}
      {refusedSave?.message ? (
        <FormAlert>
          {refusedSave.message}
          {refusedSave.description ? ` ${refusedSave.description}` : ""}
        </FormAlert>
      ) : null}
      {role && confirming ? (
        <DeleteConfirmation
          role={role}
          replacement={roles.find((other) => String(other.roleID) === result?.values?.["replacementRoleID"])}
          busy={busy}
        />
      ) : null}

      <Form method="post" action={action} className={styles.form}>
        <TransientKeyField />
        <input type="hidden" name="intent" value="save" />
        {kept.map((name) => (
          <input key={name} type="hidden" name="keep" value={name} />
        ))}
        <section className={styles.panel} aria-labelledby="role-details">
          <h2 id="role-details" className={styles.panelTitle}>
            {t("Details")}
          </h2>
          <div className={styles.stack}>
            <TextField
              label={t("Name")}
              name="name"
              required
              maxLength={100}
              defaultValue={value("name", role?.name ?? "")}
              error={errors["name"]}
            />
            <TextAreaField
              label={t("Description")}
              name="description"
              rows={2}
              maxLength={500}
              defaultValue={value("description", role?.description ?? "")}
              error={errors["description"]}
            />
            <SelectField
              label={t("Default type")}
              name="type"
              hint={t("Which built-in role this one stands for (new members, moderators…), if any.")}
              defaultValue={value("type", role?.type ?? "")}
              options={[
                { value: "", label: t("None") },
                ...roleTypes.map((type) => ({ value: type, label: roleTypeLabel(type) })),
              ]}
            />
            <CheckboxField
              label={t("Members of this role can sign in")}
              name="canSession"
              defaultChecked={flag("canSession", role?.canSession ?? true)}
            />
            <CheckboxField
              label={t("Membership of this role is personal information")}
              name="personalInfo"
              defaultChecked={flag("personalInfo", role?.personalInfo ?? false)}
            />
            <TextField
              label={t("Invitations per month")}
              name="invitationsPerMonth"
              type="number"
              min={roleInvitationRules.unlimited}
              max={roleInvitationRules.max}
              step={1}
              required
              hint={t(
                "For members who may invite (Add members): -1 is unlimited, 0 none. A member gets the highest of their roles'.",
              )}
              defaultValue={value(
                "invitationsPerMonth",
                String(role?.invitationsPerMonth ?? roleInvitationRules.unlimited),
              )}
              error={errors["invitationsPerMonth"]}
            />
          </div>
        </section>
        <PermissionMatrix granted={granted} categories={categories} error={errors["permissions"]} />
        <div className={styles.actions}>
          <SubmitButton busy={busy}>{role ? t("Save") : t("Add Role")}</SubmitButton>
        </div>
      </Form>

      {role ? (
        <section className={styles.panel} aria-labelledby="role-delete">
          <h2 id="role-delete" className={styles.panelTitle}>
            {t("Delete")}
          </h2>
          {refusedDelete ? <FormAlert>{refusedDelete.message}</FormAlert> : null}
          {role.deletable ? (
            <Form method="post" action={action}>
              <TransientKeyField />
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="name" value={role.name} />
              <p className={styles.note}>
                {role.countUsers === 1
                  ? t("1 member has this role.")
                  : t("{count} members have this role.", { count: role.countUsers.toLocaleString() })}
              </p>
              {role.countUsers > 0 ? (
                <SelectField
                  label={t("Give its members another role")}
                  name="replacementRoleID"
                  defaultValue={result?.values?.["replacementRoleID"] ?? ""}
                  options={[
                    { value: "", label: t("No other role") },
                    ...roles
                      .filter((other) => other.roleID !== role.roleID && other.type !== "guest")
                      .map((other) => ({ value: String(other.roleID), label: other.name })),
                  ]}
                />
              ) : null}
              <Button type="submit" buttonType="standard" isPending={busy}>
                {t("Delete “{name}”…", { name: role.name })}
              </Button>
            </Form>
          ) : (
            <p className={styles.note}>{t("A built-in role cannot be deleted.")}</p>
          )}
        </section>
      ) : null}
    </section>
  );
}
