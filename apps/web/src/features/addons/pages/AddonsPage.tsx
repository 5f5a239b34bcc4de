import { useSuspenseQuery } from "@tanstack/react-query";
import type { Addon } from "@parley/contracts";
import { defaultTranslationLocale } from "@parley/contracts/translations-constants";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import { FormAlert } from "../../../ui/forms/Form.tsx";
import { themesPagePath } from "../../themes/index.ts";
import { addonsPagePath, addonsQuery } from "../addons.queries.ts";
import styles from "./AddonsPage.module.css";

/** One add-on: what it does, whether it is on, and the button that flips it (none for what is always on). */
function AddonItem({ addon, busy, refused }: { addon: Addon; busy: boolean; refused?: FormResult | undefined }) {
  const alwaysOn = addon.type === "locale" && addon.attributes?.locale === defaultTranslationLocale;
  const headingID = `addon-${addon.addonID}`;
  return (
    <li className={styles.addon} aria-labelledby={headingID}>
      <div className={styles.about}>
        <h3 id={headingID} className={styles.name}>
          {addon.name}
        </h3>
        <p className={styles.description}>{addon.description}</p>
      </div>
      <div className={styles.state}>
        <span className={addon.enabled ? styles.on : styles.off}>
          {alwaysOn ? t("Always on") : addon.enabled ? t("On") : t("Off")}
        </span>
        {alwaysOn ? null : (
          <Form method="post" action={addonsPagePath}>
            <TransientKeyField />
            <input type="hidden" name="addonID" value={addon.addonID} />
            <input type="hidden" name="enabled" value={addon.enabled ? "0" : "1"} />
            <Button type="submit" buttonType={addon.enabled ? "standard" : "primary"} isPending={busy}>
              {addon.enabled
                ? t("Turn off “{name}”", { name: addon.name })
                : t("Turn on “{name}”", { name: addon.name })}
            </Button>
          </Form>
        )}
        {refused?.message ? <FormAlert>{refused.message}</FormAlert> : null}
      </div>
    </li>
  );
}

/** `/dashboard/addons`: the optional features and the content languages, each on or off. */
export function AddonsPage() {
  const api = useApi();
  const { data: addons } = useSuspenseQuery(addonsQuery(api));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const refusedID = result && !result.ok ? result.values?.["addonID"] : undefined;
  const section = (type: Addon["type"], title: string, id: string) => (
    <section aria-labelledby={id} className={styles.section}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      <ul className={styles.list}>
        {addons
          .filter((addon) => addon.type === type)
          .map((addon) => (
            <AddonItem
              key={addon.addonID}
              addon={addon}
              busy={busy}
              refused={refusedID === addon.addonID ? result : undefined}
            />
          ))}
      </ul>
    </section>
  );
  return (
    <section className={styles.page} aria-labelledby="addons-title">
      <PageHead title={t("Addons")} canonical={addonsPagePath} noindex />
      <h1 id="addons-title" className={styles.title}>
        {t("Addons")}
      </h1>
      <p className={styles.intro}>
        {t("Parley's optional parts. A feature turned off leaves the pages and the API at once; nothing is deleted.")}
      </p>
      <p className={styles.intro}>
        <Link to={themesPagePath}>{t("Choose the site's theme")}</Link>
      </p>
      {result?.ok && result.message ? <FormAlert kind="success">{result.message}</FormAlert> : null}
      {refusedID === undefined && result && !result.ok && result.message ? (
        <FormAlert>{result.message}</FormAlert>
      ) : null}
      {section("addon", t("Features"), "addons-features")}
      {section("locale", t("Content Languages"), "addons-locales")}
    </section>
  );
}
