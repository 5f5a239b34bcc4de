import type { ProfileField, ProfileFieldDisplayOptions } from "@parley/contracts";
import type { ProfileFieldRow } from "./profile-fields.repo.ts";

/** The display options with every flag given: profiles on unless turned off, the others off unless on. */
export const fullDisplayOptions = (options: ProfileFieldDisplayOptions = {}): ProfileField["displayOptions"] => ({
  userCards: options.userCards ?? false,
  posts: options.posts ?? false,
  search: options.search ?? false,
  profiles: options.profiles ?? true,
});

/** A definition row → the API record. */
export function presentProfileField(row: ProfileFieldRow): ProfileField {
  return {
    apiName: row.apiName,
    label: row.label,
    description: row.description,
    dataType: row.dataType as ProfileField["dataType"],
    formType: row.formType as ProfileField["formType"],
    visibility: row.visibility as ProfileField["visibility"],
    mutability: row.mutability as ProfileField["mutability"],
    displayOptions: fullDisplayOptions(JSON.parse(row.displayOptions) as ProfileFieldDisplayOptions),
    dropdownOptions: row.dropdownOptions === null ? null : (JSON.parse(row.dropdownOptions) as (string | number)[]),
    registrationOptions: row.registrationOptions as ProfileField["registrationOptions"],
    enabled: row.enabled === 1,
    sort: row.sort,
  };
}
