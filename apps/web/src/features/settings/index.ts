/** Settings' surface for the shell: the page's address and who may change what (the page loads with its route). */
export { editableSettings, settingsPagePath } from "./settings.ts";
export { canManageEmail, emailSettingsPath } from "./email.ts";
export { canManageRegistration, registrationSettingsPath } from "./registration.ts";
// Loaders of the on-demand parts: in their own module, so this file stays pure re-exports (a bundle takes
// from it only what an importer uses).
export { loadSettingsRoutes } from "./settings.lazy.ts";
