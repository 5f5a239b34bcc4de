import type { Me, Role } from "@parley/contracts";
import { registrationRoleTypes, type RegistrationRoleType } from "@parley/contracts/roles-constants";
import { newMemberSettingKeys, type NewMemberSettingKey } from "@parley/contracts/new-members-constants";
import type { SiteSettingKey } from "@parley/contracts/site-settings";

export const registrationSettingsPath = "/dashboard/settings/registration";

/** The page's site settings (GET and PATCH /config). */
export const registrationSettingKeys = [
  "registration.method",
  "registration.confirmEmail",
  "security.requireAdminTwoFactor",
  ...newMemberSettingKeys,
] as const satisfies readonly SiteSettingKey[];
export type RegistrationSettings = {
  "registration.method"?: string;
  "registration.confirmEmail"?: boolean;
  "security.requireAdminTwoFactor"?: boolean;
} & Partial<Record<NewMemberSettingKey, number | boolean>>;

/** The limits for new members the page sets as numbers (0: off); `newMembers.canMessage` is a checkbox. */
export const newMemberNumberKeys = newMemberSettingKeys.filter(
  (key): key is Exclude<NewMemberSettingKey, "newMembers.canMessage"> => key !== "newMembers.canMessage",
);

/**
 * A number typed into a limit's field: a whole number; left empty, 0 (off); anything else -1, which the server
 * refuses beside the field (it checks the range too).
 */
const limitOf = (raw: FormDataEntryValue | null): number => {
  const text = typeof raw === "string" ? raw.trim() : "";
  if (text === "") return 0;
  return /^\d{1,9}$/.test(text) ? Number(text) : -1;
};

/** Who sets how members register and the roles they get: site managers (the server checks again). */
export const canManageRegistration = (me: Pick<Me, "userID" | "isAdmin" | "permissions">) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("site.manage"));

/** The checkboxes of the roles a kind of registration gives: one field name per kind. */
export const defaultRolesField = (type: RegistrationRoleType) => `defaultRoles.${type}`;

/** The roles each kind of registration gives now: those of its type. */
export const defaultRolesOf = (roles: readonly Pick<Role, "roleID" | "type">[]) =>
  Object.fromEntries(
    registrationRoleTypes.map((type) => [type, roles.filter((role) => role.type === type).map((role) => role.roleID)]),
  ) as Record<RegistrationRoleType, number[]>;

/**
 * The roles a registration may be set to give: not the administrators' or the guests' (checking one would make it
 * every new account's, and take the type from it: the server refuses that only while it is the last of its type).
 */
export const registrationRoleChoices = <T extends Pick<Role, "type">>(roles: readonly T[]): T[] =>
  roles.filter((role) => role.type !== "administrator" && role.type !== "guest");

export interface RegistrationForm {
  /** The PATCH /config body. */
  settings: {
    "registration.method": string;
    "registration.confirmEmail": boolean;
    "security.requireAdminTwoFactor": boolean;
  } & Record<NewMemberSettingKey, number | boolean>;
  /** The roles checked for each kind of registration (PUT /roles/defaults, one each). */
  defaults: Record<RegistrationRoleType, number[]>;
}

/** The submitted form → what the API is sent: an unchecked box sends nothing (off, or not given). */
export function registrationFromForm(form: FormData): RegistrationForm {
  const method = form.get("registration.method");
  const ids = (type: RegistrationRoleType) => [
    ...new Set(
      form
        .getAll(defaultRolesField(type))
        .filter((value): value is string => typeof value === "string" && /^[1-9]\d{0,9}$/.test(value))
        .map(Number),
    ),
  ];
  return {
    settings: {
      "registration.method": typeof method === "string" ? method : "",
      "registration.confirmEmail": form.get("registration.confirmEmail") === "1",
      "security.requireAdminTwoFactor": form.get("security.requireAdminTwoFactor") === "1",
      ...(Object.fromEntries(newMemberNumberKeys.map((key) => [key, limitOf(form.get(key))])) as Record<
        (typeof newMemberNumberKeys)[number],
        number
      >),
      "newMembers.canMessage": form.get("newMembers.canMessage") === "1",
    },
    defaults: Object.fromEntries(registrationRoleTypes.map((type) => [type, ids(type)])) as Record<
      RegistrationRoleType,
      number[]
    >,
  };
}

/** The submitted choices as text, to show the form again as it was sent (role IDs comma-separated). */
export function registrationFormValues({ settings, defaults }: RegistrationForm): Record<string, string> {
  return {
    "registration.method": settings["registration.method"],
    "registration.confirmEmail": String(settings["registration.confirmEmail"]),
    "security.requireAdminTwoFactor": String(settings["security.requireAdminTwoFactor"]),
    ...Object.fromEntries(newMemberSettingKeys.map((key) => [key, String(settings[key])])),
    ...Object.fromEntries(registrationRoleTypes.map((type) => [defaultRolesField(type), defaults[type].join(",")])),
  };
}

/**
 * A role has one type, so it is the default of one kind of registration at most: a role checked under two
 * kinds is refused under the later one (before anything is sent), naming the earlier one.
 */
export function rolesCheckedTwice(
  defaults: Record<RegistrationRoleType, number[]>,
): Partial<Record<RegistrationRoleType, { roleID: number; alsoUnder: RegistrationRoleType }>> {
  const firstUnder = new Map<number, RegistrationRoleType>();
  const found: Partial<Record<RegistrationRoleType, { roleID: number; alsoUnder: RegistrationRoleType }>> = {};
  for (const type of registrationRoleTypes) {
    for (const roleID of defaults[type]) {
      const earlier = firstUnder.get(roleID);
      if (earlier && !found[type]) found[type] = { roleID, alsoUnder: earlier };
      else if (!earlier) firstUnder.set(roleID, type);
    }
  }
  return found;
}

/** The kinds of registration whose roles the form changes, in the order they are sent. */
export const changedDefaults = (
  before: Record<RegistrationRoleType, number[]>,
  after: Record<RegistrationRoleType, number[]>,
): RegistrationRoleType[] =>
  registrationRoleTypes.filter(
    (type) => [...before[type]].sort((a, b) => a - b).join(",") !== [...after[type]].sort((a, b) => a - b).join(","),
  );
