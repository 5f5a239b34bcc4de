import { lucide } from "./icons.tsx";
import { __iconData as bookmark } from "lucide-react/icons/bookmark";
import { __iconData as check } from "lucide-react/icons/check";
import { __iconData as smilePlus } from "lucide-react/icons/face-slightly-smiling-plus";
import { __iconData as fileText } from "lucide-react/icons/file-text";
import { __iconData as folder } from "lucide-react/icons/folder";
import { __iconData as image } from "lucide-react/icons/image";
import { __iconData as languages } from "lucide-react/icons/languages";
import { __iconData as link } from "lucide-react/icons/link";
import { __iconData as listFilter } from "lucide-react/icons/list-filter";
import { __iconData as loaderCircle } from "lucide-react/icons/loader-circle";
import { __iconData as messageSquare } from "lucide-react/icons/message-square";
import { __iconData as messagesSquare } from "lucide-react/icons/messages-square";
import { __iconData as paperclip } from "lucide-react/icons/paperclip";
import { __iconData as searchX } from "lucide-react/icons/search-x";
import { __iconData as user } from "lucide-react/icons/user";
import { __iconData as users } from "lucide-react/icons/users";

/** The icons of pages and parts loaded on demand (editor, search, moderation, members' controls), apart from
 * ./icons.tsx so that the reading pages' main chunk does not carry them. */
export const AttachIcon = /* @__PURE__ */ lucide(paperclip);
export const BookmarkIcon = /* @__PURE__ */ lucide(bookmark);
export const CheckIcon = /* @__PURE__ */ lucide(check);
export const CommentIcon = /* @__PURE__ */ lucide(messageSquare);
export const DiscussionIcon = /* @__PURE__ */ lucide(messagesSquare);
export const EmptySearchIcon = /* @__PURE__ */ lucide(searchX);
export const FileTextIcon = /* @__PURE__ */ lucide(fileText);
export const FiltersIcon = /* @__PURE__ */ lucide(listFilter);
export const FolderIcon = /* @__PURE__ */ lucide(folder);
export const GroupIcon = /* @__PURE__ */ lucide(users);
export const ImageIcon = /* @__PURE__ */ lucide(image);
export const LanguagesIcon = /* @__PURE__ */ lucide(languages);
export const LinkIcon = /* @__PURE__ */ lucide(link);
export const SmilePlusIcon = /* @__PURE__ */ lucide(smilePlus);
export const SpinnerIcon = /* @__PURE__ */ lucide(loaderCircle);
export const UserIcon = /* @__PURE__ */ lucide(user);
