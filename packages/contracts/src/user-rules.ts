/** Registration and profile rules, kept once for the server's checks and the forms' hints. */
export const userRules = {
  nameMinLength: 3,
  nameMaxLength: 20,
  /** Letters, digits, spaces (not at either end), underscores, hyphens and periods. */
  namePattern: "^[\\p{L}\\p{N}_.\\-](?:[\\p{L}\\p{N}_.\\- ]*[\\p{L}\\p{N}_.\\-])?$",
  passwordMinLength: 8,
  passwordMaxLength: 100,
  emailMaxLength: 200,
  /** Pragmatic e-mail shape: something@something.tld, no spaces. */
  emailPattern: "^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$",
  /** Why a member was banned, in characters (moderators read it). */
  banReasonMaxLength: 500,
  /** A member's signature source, in characters. */
  signatureMaxLength: 1000,
  /** A member's title and location on their profile, in characters. */
  titleMaxLength: 100,
  locationMaxLength: 100,
  /** What a member writes about themself on their profile (its source), in characters. */
  aboutMaxLength: 5000,
  /** Members one bulk action (add or remove a role, ban, delete) takes at once: one page of the dashboard and more. */
  bulkMaxUsers: 100,
  /** Who's online (add-on `online`): members seen within these minutes count as online. */
  onlineWindowMinutes: 5,
  /** `GET /users/online`: the most members one answer lists (the total counts them all). */
  onlineMaxUsers: 50,
} as const;

/** The exact sentences shown for bad registration input. */
export const userMessages = {
  nameInvalid: `Username can only contain letters, numbers, spaces, underscores, hyphens and periods, and must be between ${userRules.nameMinLength} and ${userRules.nameMaxLength} characters long.`,
  nameTaken: "The name you entered is already in use by another member.",
  emailInvalid: "Email is not valid.",
  emailTaken: "The email you entered is in use by another member.",
  passwordTooShort: `Your password must be at least ${userRules.passwordMinLength} characters long.`,
  signInFailed: "The username or password you entered is incorrect.",
  tooManySignIns: "You've tried to sign in too many times. Please wait {seconds} seconds and try again.",
  /** The refusal's description and its action button: the owner need not wait for the lock to lift. */
  tooManySignInsReset: "Forgot your password? Reset it now and sign in with the new one.",
  tooManySignInsResetLabel: "Reset my password",
  deletedUserName: "Deleted User",
  guestName: "Guest",
  emailConfirmed: "Your email has been successfully confirmed.",
  emailConfirmBadLink: "That confirmation link is invalid or has expired.",
  passwordResetBadLink: "That password reset link is invalid or has expired.",
  passwordResetSent: "If that email belongs to an account, a message with a link to reset the password is on its way.",
  registrationClosed: "Registration is closed.",
  /** Registration by approval (`registration.method` approval): what the new applicant reads. */
  applicationReceived:
    "Thank you! Your application will be reviewed by an administrator. You will be notified by email if your application is approved.",
  /** An applicant who signs in before an administrator approved the application. */
  applicationPending: "Your application to join has not been approved yet.",
  discoveryTextRequired: "Tell us why you want to join.",
  applicantNotFound: "Applicant not found.",
  /** Declining removes the account; one with posts is a member's, deleted from the Members page instead. */
  applicantHasPosts: "This account has posts, so it cannot be declined.",
} as const;
