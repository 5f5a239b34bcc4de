import type { RoleType } from "@parley/contracts/roles-constants";
import { t } from "../../../lib/i18n.ts";

/** A role type in words ("—" for none). */
export function roleTypeLabel(type: string | null): string {
  const labels: Record<RoleType, string> = {
    guest: t("Guest"),
    unconfirmed: t("Unconfirmed"),
    applicant: t("Applicant"),
    member: t("Member"),
    moderator: t("Moderator"),
    administrator: t("Administrator"),
  };
  return type && type in labels ? labels[type as RoleType] : "—";
}
