import { t } from "../../../lib/i18n.ts";
import { EmptyState } from "../../../ui/empty-state/EmptyState.tsx";
import { DiscussionIcon } from "../../../ui/icons/more.tsx";

export interface EmptyDiscussionsProps {
  /** Why the list is empty, in the list's own words ("You have not bookmarked any discussions yet."). */
  sentence?: string | undefined;
  /** Where to go instead (a plain link: the server renders this part, reading pages carry none of its script). */
  action?: { href: string; label: string } | undefined;
}

/** A list without discussions: an icon, its sentence and the next place to go. */
export function EmptyDiscussions({ sentence, action }: EmptyDiscussionsProps) {
  return (
    <EmptyState icon={<DiscussionIcon size={32} strokeWidth={1.5} />} link={action}>
      {sentence ?? t("No discussions were found.")}
    </EmptyState>
  );
}
