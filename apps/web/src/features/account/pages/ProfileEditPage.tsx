import { useSuspenseQuery } from "@tanstack/react-query";
import { useQuery } from "../../../lib/query.ts";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { profilePath } from "@parley/contracts/urls";
import { userRules } from "@parley/contracts/user-rules";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import { FormAlert, SelectField, TextAreaField, TextField } from "../../../ui/forms/Form.tsx";
import { meQuery } from "../../users/index.ts";
import { ProfileFieldsFieldset } from "../../profile-fields/index.ts";
import { PhotoField } from "../components/PhotoField.tsx";
import { profileEditFields as fields } from "../profile-edit.action.ts";
import { profileEditPagePath } from "../account.paths.ts";
import { profileEditQuery } from "../profile-edit.queries.ts";
import styles from "./ProfileEditPage.module.css";

/** The formats a member writes their about and signature in (the post formats without an editor of their own). */
const formatOptions = () => [
  { value: "markdown", label: t("Markdown") },
  { value: "bbcode", label: t("BBCode") },
  { value: "html", label: t("HTML") },
  { value: "text", label: t("Text") },
];

/** The options, with the member's current format kept when it is another one (written in the rich editor). */
const formatsWith = (current: string) => {
  const options = formatOptions();
  return options.some((option) => option.value === current)
    ? options
    : [...options, { value: current, label: current }];
};

/**
 * `/profile/edit`: the member's photo (upload with a square crop, or remove), name (where the site lets members rename
 * themselves), title, location, about and signature (with the signatures add-on on). One form, posted to the page as
 * multipart (the photo), so it works without JavaScript; hydrated, a chosen photo gets a crop box.
 */
export function ProfileEditPage() {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  const { data: record } = useSuspenseQuery(profileEditQuery(api, me?.userID ?? 0));
  const result = useActionData<FormResult>();
  const sending = useNavigation().state === "submitting";
  const errors = result?.errors ?? {};
  const value = (name: string, saved: string | null | undefined) => result?.values?.[name] ?? saved ?? "";
  return (
    <section className={styles.page} aria-labelledby="profile-edit-title">
      <PageHead title={t("Edit Profile")} canonical={profileEditPagePath} noindex />
      <h1 id="profile-edit-title" className={styles.title}>
        {t("Edit Profile")}
      </h1>
      {result?.message ? <FormAlert kind={result.ok ? "success" : "error"}>{result.message}</FormAlert> : null}
      {/* Multipart for the photo: posted to the page (its action calls the API), with JavaScript or without. */}
      <Form method="post" action={profileEditPagePath} encType="multipart/form-data" className={styles.form}>
        <TransientKeyField />
        <fieldset className={styles.part}>
          <legend className={styles.heading}>{t("Photo")}</legend>
          <PhotoField photoUrl={record.photoUrl} hasPhoto={record.hasPhoto} error={errors[fields.photo]} />
        </fieldset>
        <fieldset className={styles.part}>
          <legend className={styles.heading}>{t("About You")}</legend>
          {record.canEditName ? (
            <TextField
              label={t("Username")}
              name={fields.name}
              defaultValue={value(fields.name, record.name)}
              required
              minLength={userRules.nameMinLength}
              maxLength={userRules.nameMaxLength}
              autoComplete="username"
              error={errors[fields.name]}
            />
          ) : null}
          <TextField
            label={t("Title")}
            name={fields.title}
            defaultValue={value(fields.title, record.title)}
            maxLength={userRules.titleMaxLength}
            hint={t("Shown beside your name on your posts.")}
            error={errors[fields.title]}
          />
          <TextField
            label={t("Location")}
            name={fields.location}
            defaultValue={value(fields.location, record.location)}
            maxLength={userRules.locationMaxLength}
            error={errors[fields.location]}
          />
          <TextAreaField
            label={t("About Me")}
            name={fields.about}
            defaultValue={value(fields.about, record.about)}
            maxLength={userRules.aboutMaxLength}
            rows={6}
            error={errors[fields.about]}
          />
          <SelectField
            label={t("About Me Format")}
            name={fields.aboutFormat}
            defaultValue={value(fields.aboutFormat, record.aboutFormat)}
            options={formatsWith(record.aboutFormat)}
            error={errors[fields.aboutFormat]}
          />
        </fieldset>
        {record.signature !== undefined ? (
          <fieldset className={styles.part}>
            <legend className={styles.heading}>{t("Signature")}</legend>
            <TextAreaField
              label={t("Signature")}
              name={fields.signature}
              defaultValue={value(fields.signature, record.signature)}
              maxLength={userRules.signatureMaxLength}
              rows={3}
              hint={t("Shown under your posts.")}
              error={errors[fields.signature]}
            />
            <SelectField
              label={t("Signature Format")}
              name={fields.signatureFormat}
              defaultValue={value(fields.signatureFormat, record.signatureFormat)}
              options={formatsWith(record.signatureFormat ?? "markdown")}
              error={errors[fields.signatureFormat]}
            />
          </fieldset>
        ) : null}
        {/* Custom profile fields (issue 29, Vanilla's ProfileExtender), saved by the same Save. */}
        {me ? (
          <ProfileFieldsFieldset
            userID={me.userID}
            result={result}
            className={styles.part}
            legendClassName={styles.heading}
          />
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" buttonType="primary" isPending={sending}>
            {t("Save")}
          </Button>
          <Link to={profilePath(record.name)}>{t("Back to your profile")}</Link>
        </div>
      </Form>
    </section>
  );
}
