/**
 * The profile's warnings parts, loaded with the profile (`profileWarningsPart` in index.ts), so reading pages
 * never carry them: the section, the Warn button, the loader's prefetch and the forms' action.
 */
export { ProfileWarnings, WarnButton } from "./components/ProfileWarnings.tsx";
export { prefetchProfileWarnings, warningsAction } from "./warnings.profile.ts";
