/** The parts of the feature that load on demand, each in its own chunk: importing this file loads none. */
export const loadEmailConfirmPages = () => import("./pages/EmailConfirmPages.tsx");
export const loadEntryActions = () => import("./entry.actions.ts");
export const loadPasswordRequestPage = () => import("./pages/PasswordRequestPage.tsx");
export const loadPasswordResetPage = () => import("./pages/PasswordResetPage.tsx");
export const loadRegisterPage = () => import("./pages/RegisterPage.tsx");
export const loadSignInPage = () => import("./pages/SignInPage.tsx");
export const loadSignOutPage = () => import("./pages/SignOutPage.tsx");
export const loadTwoFactorPage = () => import("./pages/TwoFactorPage.tsx");
