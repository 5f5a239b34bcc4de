import { useId, useMemo, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useMutation, useQuery } from "../../../lib/query.ts";
import type { Locale } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/button/Button.tsx";
import { FormAlert, formStyles } from "../../../ui/forms/Form.tsx";
import { Modal } from "../../../ui/modal/Modal.tsx";
import { UnsavedChangesModal } from "../../../ui/modal/UnsavedChangesModal.tsx";
import { translationsApi } from "../translations.api.ts";
import {
  localesQuery,
  recordTranslationsQuery,
  translationKeys,
  translationServicesQuery,
  type TranslationTarget,
} from "../translations.queries.ts";
import {
  hasUnsavedEdits,
  machineEdits,
  machineServiceFor,
  mergeSaved,
  rowState,
  saveOperations,
  shownValue,
  targetLocales,
  untranslated,
  type FormTranslations,
  type TranslatableProperty,
} from "../translator.state.ts";
import styles from "./ContentTranslator.module.css";

export interface ContentTranslatorProps {
  isOpen: boolean;
  onClose: () => void;
  /** What is translated, e.g. 'Translate General'. */
  title: string;
  target: TranslationTarget;
  sourceLocale: string;
  /** The properties, all of `target.recordType`; null while their source text loads. */
  properties: readonly TranslatableProperty[] | null;
  /** After a save: what shows the translated record refreshes. */
  onSaved?: () => void;
}

/** A locale's name in the interface's language (English), e.g. French. */
const localeName = (locale: Locale) => locale.displayNames["en"] ?? locale.localeID;

/**
 * The content translator (spec §2, §4, §5): the source text on the left, an editable translation per
 * property on the right, a locale dropdown without the source locale, Cancel and Save. Unsaved edits
 * are marked; changing the locale or closing with them asks first ('Unsaved Changes').
 */
export function ContentTranslator(props: ContentTranslatorProps) {
  const { isOpen, onClose, title, target, sourceLocale, properties, onSaved } = props;
  const api = useApi();
  const queryClient = useQueryClient();
  const locales = useQuery({ ...localesQuery(api), enabled: isOpen });
  const choices = useMemo(() => targetLocales(locales.data ?? [], sourceLocale), [locales.data, sourceLocale]);
  const [chosen, setChosen] = useState<string | null>(null);
  const locale = chosen ?? choices[0]?.localeID ?? null;
  const saved = useQuery({
    ...recordTranslationsQuery(api, target, locale ?? ""),
    enabled: isOpen && locale !== null && properties !== null && properties.length > 0,
  });
  const [form, setForm] = useState<FormTranslations>({});
  const [confirm, setConfirm] = useState<null | { kind: "close" } | { kind: "locale"; locale: string }>(null);
  const localeFieldId = useId();
  const savedValues = saved.data ?? {};
  const keys = (properties ?? []).map((property) => property.translationPropertyKey);
  const dirty = hasUnsavedEdits(keys, savedValues, form);

  const services = useQuery({ ...translationServicesQuery(api), enabled: isOpen });
  const machineService = machineServiceFor(
    choices.find((choice) => choice.localeID === locale),
    services.data ?? [],
  );
  // Fills the empty fields with the service's translations, as unsaved edits to review before Save.
  const machine = useMutation({
    mutationFn: async () => {
      if (!locale || !properties) return 0;
      const missing = untranslated(properties, savedValues, form);
      if (missing.length === 0) return 0;
      const result = await translationsApi.machine(api, {
        locale,
        sourceLocale,
        texts: missing.map((property) => property.sourceText),
      });
      setForm((previous) => ({ ...previous, ...machineEdits(missing, result.translations) }));
      return missing.length;
    },
  });

  const save = useMutation({
    mutationFn: async () => {
      if (!locale || !properties || !dirty) return;
      const operations = saveOperations({ ...target, locale }, properties, savedValues, form);
      if (operations.save.length) await translationsApi.save(api, target.resource, operations.save);
      if (operations.remove.length) await translationsApi.remove(api, target.resource, operations.remove);
    },
    onSuccess: () => {
      if (!locale) return;
      queryClient.setQueryData(translationKeys.record(target, locale), mergeSaved(savedValues, form));
      setForm({});
      onSaved?.();
    },
  });

  const discardAndClose = () => {
    setForm({});
    setConfirm(null);
    save.reset();
    onClose();
  };
  const requestClose = () => {
    if (dirty) setConfirm({ kind: "close" });
    else discardAndClose();
  };
  const changeLocale = (next: string) => {
    if (dirty) setConfirm({ kind: "locale", locale: next });
    else {
      setChosen(next);
      save.reset();
      machine.reset();
    }
  };

  const onlyOneLocale = locales.isSuccess && choices.length === 0;
  const failed = locales.isError || saved.isError;

  return (
    <>
      <Modal
        isOpen={isOpen}
        onOpenChange={(open) => {
          if (!open) requestClose();
        }}
        title={title}
        size="large"
        isDismissable={false}
        footer={
          <>
            <Button onPress={requestClose}>{t("Cancel")}</Button>
            <Button
              buttonType="primary"
              onPress={() => save.mutate()}
              isPending={save.isPending}
              // Focusable even with nothing to save (a disabled button would drop the keyboard's focus).
              isDisabled={onlyOneLocale || locale === null}
            >
              {t("Save")}
            </Button>
          </>
        }
      >
        {onlyOneLocale ? (
          <FormAlert>{t("This site has only one content locale: enable another one to translate into it.")}</FormAlert>
        ) : (
          <>
            <div className={styles.localeRow}>
              <label className={formStyles.label} htmlFor={localeFieldId}>
                {t("Translate into")}
              </label>
              <select
                id={localeFieldId}
                className={formStyles.input}
                value={locale ?? ""}
                disabled={choices.length === 0}
                onChange={(event) => changeLocale(event.target.value)}
              >
                {choices.map((choice) => (
                  <option key={choice.localeID} value={choice.localeID}>
                    {localeName(choice)}
                  </option>
                ))}
              </select>
              {machineService ? (
                <Button
                  onPress={() => {
                    save.reset();
                    machine.mutate();
                  }}
                  isPending={machine.isPending}
                  isDisabled={properties === null || saved.isPending}
                >
                  {t("Translate with {service}", { service: machineService.name })}
                </Button>
              ) : null}
            </div>
            {failed ? <FormAlert>{t("The translations could not be loaded.")}</FormAlert> : null}
            {machine.isError ? <FormAlert>{machine.error.message}</FormAlert> : null}
            {machine.isSuccess ? (
              <p role="status" className={styles.machineStatus}>
                {machine.data === 0
                  ? t("Every field already has a translation.")
                  : t("Machine translations filled in: review them, then save.")}
              </p>
            ) : null}
            {save.isError ? <FormAlert>{save.error.message}</FormAlert> : null}
            {save.isSuccess ? <FormAlert kind="success">{t("Translations saved.")}</FormAlert> : null}
            {properties === null || locales.isPending || (locale !== null && saved.isPending) ? (
              <p role="status">{t("Loading…")}</p>
            ) : (
              <div className={styles.rows}>
                <p className={styles.columnTitle} aria-hidden="true">
                  {t("Source")}
                </p>
                <p className={styles.columnTitle} aria-hidden="true">
                  {t("Translation")}
                </p>
                {properties.map((property) => (
                  <TranslationRow
                    key={property.translationPropertyKey}
                    property={property}
                    value={shownValue(property.translationPropertyKey, savedValues, form)}
                    {...rowState(property.translationPropertyKey, savedValues, form)}
                    onChange={(value) => {
                      save.reset();
                      setForm((previous) => ({ ...previous, [property.translationPropertyKey]: value }));
                    }}
                  />
                ))}
              </div>
            )}
          </>
        )}
      </Modal>
      <UnsavedChangesModal
        isOpen={confirm !== null}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm?.kind === "locale") {
            setForm({});
            setChosen(confirm.locale);
            setConfirm(null);
            save.reset();
            machine.reset();
          } else discardAndClose();
        }}
      />
    </>
  );
}

function TranslationRow({
  property,
  value,
  unsaved,
  notTranslated,
  onChange,
}: {
  property: TranslatableProperty;
  value: string;
  unsaved: boolean;
  notTranslated: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const stateId = `${id}-state`;
  const field = {
    id,
    value,
    maxLength: property.maxLength,
    "aria-describedby": unsaved || notTranslated ? stateId : undefined,
    className: formStyles.input,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  return (
    <>
      <div className={styles.source}>
        <span className={styles.propertyLabel}>{property.label}</span>
        <p className={styles.sourceText} lang="en">
          {property.sourceText || "—"}
        </p>
      </div>
      <div className={styles.target}>
        <div>
          <label className={formStyles.label} htmlFor={id}>
            {t("{property} translation", { property: property.label })}
          </label>
          {unsaved ? (
            <span id={stateId} className={styles.unsaved}>
              {t("Unsaved changes")}
            </span>
          ) : notTranslated ? (
            <span id={stateId} className={styles.notTranslated}>
              {t("Not translated")}
            </span>
          ) : null}
        </div>
        {property.propertyType === "multiline" ? (
          <textarea {...field} rows={3} className={`${formStyles.input} ${formStyles.textarea}`} />
        ) : (
          <input type="text" {...field} />
        )}
      </div>
    </>
  );
}
