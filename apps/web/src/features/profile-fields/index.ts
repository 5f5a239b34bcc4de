/**
 * Custom profile fields' surface: the dashboard page (its address, who may open it; it loads with its route),
 * the values shown on the profile and the user card, and the edit form's fieldset with what its page's loader
 * and action call.
 */
export { profileFieldsDashboardPath } from "@parley/contracts/profile-fields-constants";
export { canManageProfileFields, profileFieldsQuery } from "./profile-fields.queries.ts";
export { loadProfileFieldsRoutes } from "./profile-fields.lazy.ts";
export { ProfileFieldValues } from "./ProfileFieldValues.tsx";
export { ProfileFieldsFieldset } from "./ProfileFieldsFieldset.tsx";
export { loadProfileFieldsForm, saveProfileFields } from "./profile-fields.form.ts";
export { fieldKinds, kindOf, type FieldKind } from "./profile-fields.dashboard.ts";
