import { useState } from "react";
import { useQuery } from "../../../lib/query.ts";
import {
  defaultTranslationLocale,
  FORUM_TRANSLATION_RESOURCE,
  translatableProperties,
  translationPropertyKey,
} from "@parley/contracts/translations-constants";
import type { Category } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/button/Button.tsx";
import { onDemand, useOnDemand } from "../../../ui/on-demand.ts";
import { meQuery } from "../../users/index.ts";
import { sourceCategoryQuery } from "../translations.queries.ts";
import { canTranslate } from "./canTranslate.ts";
import type { TranslatableProperty } from "../translator.state.ts";
import { LanguagesIcon } from "../../../ui/icons/more.tsx";

const translator = onDemand(() => import("./ContentTranslator.tsx"));

/**
 * The translate icon (spec §2) of a category: opens the content translator for its name and description.
 * Loaded on demand for translators (`TranslateCategoryGate.tsx`): reading pages never carry it.
 */
export function TranslateCategoryButton({
  category,
  onSaved,
}: {
  category: Pick<Category, "categoryID" | "name">;
  /** After a save: what shows the category refreshes (it may be shown in that locale). */
  onSaved: () => void;
}) {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  const { module, preload } = useOnDemand(translator);
  const [isOpen, setOpen] = useState(false);
  const source = useQuery({
    ...sourceCategoryQuery(api, category.categoryID, defaultTranslationLocale),
    enabled: isOpen,
  });
  if (!me || !canTranslate(me)) return null;
  const target = { resource: FORUM_TRANSLATION_RESOURCE, recordType: "category", recordID: category.categoryID };
  const labels: Record<keyof typeof translatableProperties.category, string> = {
    name: t("Name"),
    description: t("Description"),
  };
  const properties: TranslatableProperty[] | null = source.data
    ? (
        Object.entries(translatableProperties.category) as Array<
          [keyof typeof labels, (typeof translatableProperties.category)[keyof typeof labels]]
        >
      ).map(([propertyName, rule]) => ({
        propertyName,
        translationPropertyKey: translationPropertyKey({ ...target, propertyName }),
        label: labels[propertyName],
        sourceText: (propertyName === "name" ? source.data.name : source.data.description) ?? "",
        propertyType: rule.propertyType,
        maxLength: rule.maxLength,
      }))
    : null;
  const label = t("Translate {name}", { name: source.data?.name ?? category.name });
  return (
    <>
      <Button
        buttonType="icon"
        data-part="translate-category"
        aria-label={label}
        title={label}
        onPointerEnter={preload}
        onFocus={preload}
        onPress={() => {
          preload();
          setOpen(true);
        }}
      >
        <LanguagesIcon />
      </Button>
      {module ? (
        <module.ContentTranslator
          isOpen={isOpen}
          onClose={() => setOpen(false)}
          title={label}
          target={target}
          sourceLocale={defaultTranslationLocale}
          properties={properties}
          onSaved={onSaved}
        />
      ) : null}
    </>
  );
}
