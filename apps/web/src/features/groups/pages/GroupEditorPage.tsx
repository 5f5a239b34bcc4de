import { useEffect, useState } from "react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Form, Link, useActionData, useLocation, useNavigation, useParams } from "react-router";
import type { Group, GroupPrivacy } from "@parley/contracts";
import { groupPaths, groupPrivacies, groupRules } from "@parley/contracts/groups-constants";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { FormAlert, SubmitButton, TextAreaField, TextField, formStyles } from "../../../ui/forms/Form.tsx";
import { UnsavedChangesModal } from "../../../ui/modal/UnsavedChangesModal.tsx";
import { useLeaveGuard } from "../../../lib/useLeaveGuard.ts";
import { ConfirmForm } from "../components/ConfirmForm.tsx";
import { ConfirmPanel } from "../components/ConfirmPanel.tsx";
import { GroupBreadcrumbs, privacyLabel } from "../components/GroupParts.tsx";
import type { GroupActionResult } from "../groups.actions.ts";
import { emptyGroupForm, groupFormValues, isDirty, type GroupFormValues } from "../groups.form.ts";
import { groupQuery } from "../groups.queries.ts";
import { groupPath, readID } from "../groups.urls.ts";
import { canDeleteGroup } from "../groups.viewer.ts";
import styles from "../components/groups.module.css";

/** What each privacy level means, in one sentence. */
const privacyHelp = (privacy: GroupPrivacy) =>
  ({
    public: t("Anyone can see the group and read its discussions. Members join at once."),
    private: t(
      "Anyone can see the group and its description; only members read its discussions. People apply to join and a leader approves them.",
    ),
    secret: t("Only members can find the group. People join by invitation only."),
  })[privacy];

/** `/group/add` and `/group/{id}/edit`. */
export function GroupEditorPage() {
  const groupID = readID(useParams()["groupID"]);
  return groupID === null ? <GroupEditorForm group={null} /> : <ExistingGroupEditor groupID={groupID} />;
}

function ExistingGroupEditor({ groupID }: { groupID: number }) {
  const api = useApi();
  const { data: group } = useSuspenseQuery(groupQuery(api, groupID));
  return <GroupEditorForm group={group} />;
}

/**
 * The name, description, privacy (radios, each explained), icon and banner addresses; the server's
 * field errors beside their fields; a question before unsaved edits are left; and for those who may,
 * Delete Group (confirmed: it deletes the group's discussions too).
 */
function GroupEditorForm({ group }: { group: Group | null }) {
  const location = useLocation();
  const result = useActionData<GroupActionResult>();
  const busy = useNavigation().state === "submitting";
  const saved = group ? groupFormValues(group) : emptyGroupForm;
  const [values, setValues] = useState<GroupFormValues>(() => ({ ...saved, ...(result?.values ?? {}) }));
  const dirty = isDirty(values, saved);
  const guard = useLeaveGuard(dirty);
  const { reset } = guard;
  // The page answered without leaving (a refusal): the next navigation is guarded again.
  useEffect(() => reset(), [result, reset]);
  const errors = result?.errors ?? {};
  const set = (name: keyof GroupFormValues) => (value: string) =>
    setValues((previous) => ({ ...previous, [name]: value }));
  const title = group ? t("Edit Group") : t("New Group");
  const failed = !result?.ok && !result?.confirm && (result?.message || Object.keys(errors).length > 0);
  const action = location.pathname + location.search;
  return (
    <section aria-labelledby="group-editor-title" className={styles.editor}>
      <PageHead title={title} noindex />
      <GroupBreadcrumbs crumbs={group ? [{ name: group.name, url: groupPath(group) }] : []} current={title} />
      <h1 id="group-editor-title" className={styles.pageTitle}>
        {title}
      </h1>
      <Form method="post" action={action} className={formStyles.form} noValidate onSubmit={() => guard.allow()}>
        <TransientKeyField />
        {failed ? (
          <FormAlert>{result?.message ?? t("The group was not saved: correct the fields marked below.")}</FormAlert>
        ) : null}
        <TextField
          label={t("Name")}
          name="name"
          required
          maxLength={groupRules.nameMaxLength}
          value={values.name}
          onChange={(event) => set("name")(event.target.value)}
          error={errors["name"]}
        />
        <TextAreaField
          label={t("Description")}
          name="description"
          maxLength={groupRules.descriptionMaxLength}
          rows={4}
          value={values.description}
          onChange={(event) => set("description")(event.target.value)}
          error={errors["description"]}
          hint={t("What the group is about, shown on its page and in the list of groups.")}
        />
        <fieldset className={styles.privacy} aria-describedby={errors["privacy"] ? "group-privacy-error" : undefined}>
          <legend className={formStyles.label}>{t("Privacy")}</legend>
          {groupPrivacies.map((privacy) => (
            <div key={privacy} className={styles.privacyOption}>
              <input
                id={`group-privacy-${privacy}-input`}
                type="radio"
                name="privacy"
                value={privacy}
                checked={values.privacy === privacy}
                onChange={() => set("privacy")(privacy)}
                aria-describedby={`group-privacy-${privacy}`}
              />
              <label htmlFor={`group-privacy-${privacy}-input`}>{privacyLabel(privacy)}</label>
              <span id={`group-privacy-${privacy}`}>{privacyHelp(privacy)}</span>
            </div>
          ))}
          {errors["privacy"] ? (
            <p id="group-privacy-error" className={formStyles.error}>
              {errors["privacy"]}
            </p>
          ) : null}
        </fieldset>
        <TextField
          label={t("Icon URL")}
          name="iconUrl"
          type="url"
          value={values.iconUrl}
          onChange={(event) => set("iconUrl")(event.target.value)}
          error={errors["iconUrl"]}
          hint={t("A square image. Optional.")}
        />
        <TextField
          label={t("Banner URL")}
          name="bannerUrl"
          type="url"
          value={values.bannerUrl}
          onChange={(event) => set("bannerUrl")(event.target.value)}
          error={errors["bannerUrl"]}
          hint={t("A wide image shown at the top of the group's page. Optional.")}
        />
        <div className={styles.buttons}>
          <SubmitButton busy={busy}>{group ? t("Save") : t("Create Group")}</SubmitButton>
          <Link to={group ? groupPath(group) : groupPaths.list}>{t("Cancel")}</Link>
        </div>
      </Form>
      {group && canDeleteGroup(group) ? <DeleteGroup group={group} action={action} result={result} /> : null}
      <UnsavedChangesModal isOpen={guard.blocked} onCancel={guard.stay} onConfirm={guard.proceed} />
    </section>
  );
}

function DeleteGroup({
  group,
  action,
  result,
}: {
  group: Group;
  action: string;
  result: GroupActionResult | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  const confirm = {
    title: t("Delete Group"),
    question: t("Are you sure you want to delete {name}? Its discussions and their comments are deleted with it.", {
      name: group.name,
    }),
    confirmLabel: t("Delete"),
  };
  return (
    <section className={styles.danger} aria-labelledby="group-delete-title">
      <h2 id="group-delete-title" className={styles.sectionTitle}>
        {t("Delete Group")}
      </h2>
      <p>{t("Deleting the group also deletes its discussions. This cannot be undone.")}</p>
      {result?.confirm?.intent === "delete" ? (
        <ConfirmPanel intent="delete" {...confirm} />
      ) : (
        <ConfirmForm action={action} intent="delete" label={t("Delete Group")} confirm={confirm} busy={busy} />
      )}
    </section>
  );
}
