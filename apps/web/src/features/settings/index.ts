/** Settings' surface for the shell: the page's address and who may change what (the page loads with its route). */
export { editableSettings, settingsPagePath } from "./settings.ts";
