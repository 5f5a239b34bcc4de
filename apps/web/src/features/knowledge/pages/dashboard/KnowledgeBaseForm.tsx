import type { KnowledgeBase } from "@parley/contracts";
import {
  knowledgeRules,
  type KnowledgeBaseStatus,
  type KnowledgeBaseViewType,
} from "@parley/contracts/knowledge-constants";
import { Form } from "react-router";
import type { FormResult } from "../../../../lib/forms.ts";
import { t } from "../../../../lib/i18n.ts";
import { TransientKeyField } from "../../../../lib/session.tsx";
import { SelectField, SubmitButton, TextAreaField, TextField } from "../../../../ui/forms/Form.tsx";
import styles from "./KnowledgeDashboard.module.css";

export const viewTypeLabel = (viewType: KnowledgeBaseViewType) =>
  viewType === "guide" ? t("Guide") : t("Help Center");
export const statusLabel = (status: KnowledgeBaseStatus) => (status === "deleted" ? t("Deleted") : t("Published"));

const sortChoices = () => [
  { value: "manual", label: t("By hand") },
  { value: "name", label: t("By name") },
  { value: "dateInserted", label: t("Oldest first") },
  { value: "dateInsertedDesc", label: t("Newest first") },
];

/**
 * A knowledge base's fields as the API takes them (POST and PATCH /knowledge-bases), each refusal beside its field.
 * Without a base: the add form. With one: its edit form, with its status.
 */
export function KnowledgeBaseForm({
  base,
  result,
  busy,
  action,
}: {
  base?: KnowledgeBase;
  result?: FormResult | undefined;
  busy: boolean;
  action: string;
}) {
  const value = (name: string, fallback: string) => result?.values?.[name] ?? fallback;
  const error = (name: string) => result?.errors?.[name];
  return (
    <Form method="post" action={action} className={styles.stack}>
      <TransientKeyField />
      {base ? <input type="hidden" name="intent" value="base" /> : null}
      <TextField
        label={t("Name")}
        name="name"
        required
        maxLength={knowledgeRules.nameMaxLength}
        defaultValue={value("name", base?.name ?? "")}
        error={error("name")}
      />
      <TextField
        label={t("URL code")}
        name="urlCode"
        required
        maxLength={knowledgeRules.urlCodeMaxLength}
        hint={t("The base’s address after /kb/: lower-case letters, digits and hyphens.")}
        defaultValue={value("urlCode", base?.urlCode ?? "")}
        error={error("urlCode")}
      />
      <TextAreaField
        label={t("Description")}
        name="description"
        rows={3}
        maxLength={knowledgeRules.descriptionMaxLength}
        defaultValue={value("description", base?.description ?? "")}
        error={error("description")}
      />
      <SelectField
        label={t("Type")}
        name="viewType"
        hint={t("A help center shows its categories; a guide is read article by article.")}
        defaultValue={value("viewType", base?.viewType ?? "help")}
        options={[
          { value: "help", label: viewTypeLabel("help") },
          { value: "guide", label: viewTypeLabel("guide") },
        ]}
        error={error("viewType")}
      />
      <SelectField
        label={t("Article order")}
        name="sortArticles"
        defaultValue={value("sortArticles", base?.sortArticles ?? "")}
        options={[...(base ? [] : [{ value: "", label: t("As the type suggests") }]), ...sortChoices()]}
        error={error("sortArticles")}
      />
      <TextField
        label={t("Icon URL")}
        name="icon"
        type="url"
        maxLength={500}
        defaultValue={value("icon", base?.icon ?? "")}
        error={error("icon")}
      />
      <TextField
        label={t("Banner image URL")}
        name="bannerImage"
        type="url"
        maxLength={500}
        defaultValue={value("bannerImage", base?.bannerImage ?? "")}
        error={error("bannerImage")}
      />
      {base ? (
        <SelectField
          label={t("Status")}
          name="status"
          hint={t("A deleted base is hidden from readers; its articles are kept.")}
          defaultValue={value("status", base.status)}
          options={[
            { value: "published", label: statusLabel("published") },
            { value: "deleted", label: statusLabel("deleted") },
          ]}
          error={error("status")}
        />
      ) : null}
      <SubmitButton busy={busy}>{base ? t("Save") : t("Add Knowledge Base")}</SubmitButton>
    </Form>
  );
}
