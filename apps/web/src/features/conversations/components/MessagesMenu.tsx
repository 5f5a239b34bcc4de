import type { Me } from "@parley/contracts";
import { conversationsPagePath, newMessagePath } from "@parley/contracts/conversations-constants";
import { useQuery } from "../../../lib/query.ts";
import { Link } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { RecordMenu, recordMenuState } from "../../../ui/record-list/RecordMenu.tsx";
import { canStartConversation } from "../conversations.permissions.ts";
import { conversationLimits, conversationsQuery } from "../conversations.queries.ts";
import { ConversationList } from "./ConversationList.tsx";

/**
 * The Messages dropdown's content (also the side panel's Messages tab): the latest conversations,
 * a link to write a new message and one to all of them. Loaded on demand with the member menus.
 */
export function MessagesMenu({ me, headingId }: { me: Me; headingId: string }) {
  const api = useApi();
  const list = useQuery(conversationsQuery(api, 1, conversationLimits.dropdown));
  const items = list.data?.items ?? [];
  return (
    <RecordMenu
      part="messages-menu"
      heading={t("Messages")}
      headingId={headingId}
      action={canStartConversation(me) ? <Link to={newMessagePath()}>{t("New Message")}</Link> : null}
      state={recordMenuState(list, items.length)}
      errorText={t("The messages could not be loaded.")}
      emptyText={t("You do not have any messages yet.")}
      list={() => <ConversationList items={items} viewerID={me.userID} labelledBy={headingId} />}
      footer={{ to: conversationsPagePath(), label: t("All Messages") }}
    />
  );
}
