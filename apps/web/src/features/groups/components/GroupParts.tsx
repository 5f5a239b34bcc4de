import type { Group, GroupPrivacy } from "@parley/contracts";
import { t } from "../../../lib/i18n.ts";
import { formatCount } from "../../../lib/numbers.ts";
import { FormAlert } from "../../../ui/forms/Form.tsx";
import { groupPaths } from "@parley/contracts/groups-constants";
import type { GroupActionResult } from "../groups.actions.ts";
import { groupInitial } from "../groups.viewer.ts";
import styles from "./groups.module.css";
import { Breadcrumbs } from "../../../ui/breadcrumbs/Breadcrumbs.tsx";

/** "Public", "Private" or "Secret", translated. */
export const privacyLabel = (privacy: GroupPrivacy) =>
  ({ public: t("Public"), private: t("Private"), secret: t("Secret") })[privacy];

export function PrivacyBadge({ privacy }: { privacy: GroupPrivacy }) {
  return <span className={styles.badge}>{privacyLabel(privacy)}</span>;
}

/** The group's icon, or its initial on a tinted square; decorative (the name is beside it). */
export function GroupIcon({ group, large = false }: { group: Pick<Group, "name" | "iconUrl">; large?: boolean }) {
  const className = large ? `${styles.icon} ${styles.iconLarge}` : styles.icon;
  const size = large ? 96 : 48;
  return group.iconUrl ? (
    <img className={className} src={group.iconUrl} alt="" width={size} height={size} loading="lazy" />
  ) : (
    <span className={className} aria-hidden="true">
      {groupInitial(group.name)}
    </span>
  );
}

/** Members, discussions: the counts a card and a group's header show. */
export function GroupCounts({ group }: { group: Pick<Group, "countMembers" | "countDiscussions"> }) {
  return (
    <ul className={styles.meta}>
      <li>
        {group.countMembers === 1 ? t("1 member") : t("{count} members", { count: formatCount(group.countMembers) })}
      </li>
      <li>
        {group.countDiscussions === 1
          ? t("1 discussion")
          : t("{count} discussions", { count: formatCount(group.countDiscussions) })}
      </li>
    </ul>
  );
}

/** Groups › the pages above this one, then this page (not a link). */
export function GroupBreadcrumbs({
  crumbs,
  current,
}: {
  crumbs: ReadonlyArray<{ name: string; url: string }>;
  current: string;
}) {
  return <Breadcrumbs crumbs={[{ name: t("Groups"), url: groupPaths.list }, ...crumbs]} current={current} />;
}

/**
 * What the last form post answered: a success notice or an error (the confirmation question apart). A
 * refusal's field errors show here too, except those a field of the page shows beside itself (`shownByFields`).
 */
export function ActionMessage({
  result,
  shownByFields = [],
}: {
  result: GroupActionResult | undefined;
  shownByFields?: readonly string[];
}) {
  if (!result || result.confirm) return null;
  const fieldError = Object.entries(result.errors ?? {}).find(([field]) => !shownByFields.includes(field))?.[1];
  const message = result.message ?? fieldError;
  if (!message) return null;
  return <FormAlert kind={result.ok ? "success" : "error"}>{message}</FormAlert>;
}
