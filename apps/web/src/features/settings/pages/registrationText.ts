import type { RegistrationRoleType } from "@parley/contracts/roles-constants";
import type { NewMemberSettingKey } from "@parley/contracts/new-members-constants";
import type { RegistrationMethod } from "@parley/contracts/site-settings";
import { t } from "../../../lib/i18n.ts";

/** Each method in words: its name and what it does here. */
export function methodText(method: RegistrationMethod): { name: string; hint: string } {
  switch (method) {
    case "basic":
      return { name: t("Basic"), hint: t("Anyone may register.") };
    case "captcha":
      return {
        name: t("Captcha"),
        hint: t("Anyone may register after a bot check (as Basic while the server has none configured)."),
      };
    case "approval":
      return { name: t("Approval"), hint: t("New members wait until an administrator approves them.") };
    case "invitation":
      return {
        name: t("Invitation"),
        hint: t("Only addresses a user manager invited may register, with the link mailed to them."),
      };
    case "connect":
      return {
        name: t("Connect"),
        hint: t("New accounts are made only by signing in with another site (an authenticator)."),
      };
    case "closed":
      return { name: t("Closed"), hint: t("Nobody may register.") };
  }
}

/** Each limit for new members in words: its label and what 0 means for it. */
export function newMemberLimitText(key: Exclude<NewMemberSettingKey, "newMembers.canMessage">): {
  label: string;
  hint: string;
} {
  switch (key) {
    case "newMembers.postsPerDay":
      return { label: t("Posts a day"), hint: t("Discussions and comments in 24 hours. 0: no limit.") };
    case "newMembers.maxLinks":
      return { label: t("Links in a post"), hint: t("Mentions of members are not counted. 0: no limit.") };
    case "newMembers.maxImages":
      return { label: t("Images in a post"), hint: t("0: no limit.") };
    case "newMembers.trustPosts":
      return { label: t("Trusted after posts"), hint: t("Published discussions and comments. 0: posts do not count.") };
    case "newMembers.trustDays":
      return { label: t("Trusted after days"), hint: t("Days since they registered. 0: days do not count.") };
  }
}

/** The heading of each kind of registration's roles (the save names them in its refusals too). */
export function defaultRolesLabel(type: RegistrationRoleType): string {
  switch (type) {
    case "member":
      return t("New members get");
    case "unconfirmed":
      return t("Members waiting to confirm their e-mail get");
    case "applicant":
      return t("Applicants get");
  }
}

export function defaultRolesHint(type: RegistrationRoleType): string {
  switch (type) {
    case "member":
      return t("The roles of a new account, or of one whose e-mail address is confirmed. At least one.");
    case "unconfirmed":
      return t("Used while Confirm E-mail is on; confirming the address swaps them for the new members' roles.");
    case "applicant":
      return t("Under registration by Approval, until the application is approved or declined.");
  }
}
