import type { SearchResult } from "@parley/contracts";
import {
  CommentIcon,
  DiscussionIcon,
  EmptySearchIcon as EmptySearch,
  FileTextIcon,
  FiltersIcon as Filters,
  FolderIcon,
  GroupIcon,
  UserIcon,
} from "../../../ui/icons/more.tsx";

/** Lucide's pictures of the result types; decorative, the result's type is said in words beside it. */
const icons: Record<SearchResult["recordType"], typeof CommentIcon> = {
  discussion: DiscussionIcon,
  comment: CommentIcon,
  article: FileTextIcon,
  user: UserIcon,
  category: FolderIcon,
  group: GroupIcon,
};

/** A search result's type as a small icon (discussion, comment, article, member, category, group). */
export function ResultTypeIcon({ recordType, size = 16 }: { recordType: SearchResult["recordType"]; size?: number }) {
  const Icon = icons[recordType];
  return <Icon size={size} data-type-icon={recordType} />;
}

/** The search page's icons for its empty states and the filters button. */
export const EmptySearchIcon = () => <EmptySearch size={32} strokeWidth={1.5} />;

export const FiltersIcon = () => <Filters size={18} />;
