/**
 * A member's privacy page (issue 29, item 3): downloading one's data and deleting one's account. Rules and
 * sentences shared by server and web, free of TypeBox so the browser bundle can import them.
 */
export const privacyRules = {
  /** How long a built archive stays downloadable. */
  exportLifetimeDays: 7,
  /** One export request per member in this many hours (and never two at once). */
  exportEveryHours: 24,
  /** The exports `GET /users/me/exports` lists, the newest first. */
  exportsListed: 10,
  /** `account.deleteGraceDays`: the longest grace period an administrator may set. */
  deleteGraceMaxDays: 365,
} as const;

/** What a member's own deletion does with their posts (`account.deleteMethod`): Vanilla's keep or wipe. */
export const selfDeleteMethods = ["keep", "wipe"] as const;
export type SelfDeleteMethod = (typeof selfDeleteMethods)[number];

export const privacyMessages = {
  exportRunning: "Your data is already being prepared. You will be notified when it is ready.",
  exportTooSoon: "You can ask for your data once a day. Try again after {date}.",
  exportNotReady: "This export is not ready yet.",
  exportExpired: "This export has expired. Ask for a new one.",
  wrongPassword: "The password you entered is incorrect.",
  tooManyPasswords: "You've entered a wrong password too many times. Please wait a few minutes and try again.",
  passwordRequired: "Enter your password to delete your account.",
  lastAdministrator: "You are the last administrator: give another member the administrator role first.",
  /** Sign-in refused while a deletion waits; `{date}` is when it takes effect. */
  deletionScheduled: "Your account has been deactivated and will be deleted on {date}.",
  noScheduledDeletion: "This account is not scheduled for deletion.",
} as const;

/** `/profile/privacy`: the signed-in member's privacy page. */
export const privacyPagePath = "/profile/privacy";
