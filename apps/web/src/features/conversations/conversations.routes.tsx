import type { QueryClient } from "@tanstack/react-query";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from "react-router";
import { conversationPath, conversationRules } from "@parley/contracts/conversations-constants";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow, notFoundError, type RouteErrorData } from "../../lib/route-errors.ts";
import { requireMember } from "../users/index.ts";
import { conversationsApi } from "./conversations.api.ts";
import {
  conversationKeys,
  conversationLimits,
  conversationQuery,
  conversationsQuery,
  messagesQuery,
  setUnreadConversations,
  unreadConversationsOf,
} from "./conversations.queries.ts";
import { mayMessage } from "./conversations.permissions.ts";
import { messagePageOf, readPage, recipientNames } from "./conversations.urls.ts";
import { ConversationPage } from "./pages/ConversationPage.tsx";
import { ConversationsPage } from "./pages/ConversationsPage.tsx";
import { NewMessagePage } from "./pages/NewMessagePage.tsx";

/** The format a message form posts: rich2 from the rich editor, Markdown from the plain text area. */
export function messageFormat(form: FormData): "rich2" | "markdown" | "text" {
  const format = formValue(form, "format");
  return format === "rich2" || format === "text" ? format : "markdown";
}

/**
 * Longer than a message may be: a plain message by its characters; a rich2 one by its source's cap only (the
 * server counts the text it reads as).
 */
export function tooLong({ body, format }: { body: string; format: string }): boolean {
  return format === "rich2"
    ? body.length > conversationRules.messageSourceMaxLength
    : body.length > conversationRules.messageMaxLength;
}

/**
 * The member's private messages (spec §2, issue 7): `/messages`, `/messages/{conversationID}`,
 * `/messages/add` and `/messages/add/{name}` (`?content=` prefills the message).
 */
export function createConversationRoutes({
  queryClient,
  api,
}: {
  queryClient: QueryClient;
  api: ApiClient;
}): RouteObject[] {
  return [
    {
      id: "conversations",
      path: "messages",
      loader: async ({ request }: LoaderFunctionArgs) => {
        await requireMember(queryClient, api, request);
        const page = readPage(new URL(request.url).searchParams);
        if (page === null) throw notFoundError();
        const list = await loadOrThrow("Messages", () =>
          queryClient.fetchQuery({ ...conversationsQuery(api, page ?? 1, conversationLimits.page), staleTime: 0 }),
        );
        if ((page ?? 1) > 1 && list.items.length === 0) throw notFoundError();
        return null;
      },
      element: <ConversationsPage />,
    },
    {
      id: "new-message",
      path: "messages/add/:name?",
      loader: async ({ request }: LoaderFunctionArgs) => {
        const me = await requireMember(queryClient, api, request);
        // Writing to someone needs conversations.add (spec §6): others see the permission page. A new member who
        // may not message yet sees the page saying why, without the form.
        if (!mayMessage(me)) throw data<RouteErrorData>({ type: "Page" }, { status: 403 });
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        const form = await request.formData();
        const values = { to: formValue(form, "to"), body: formValue(form, "body"), format: messageFormat(form) };
        const names = recipientNames(values.to);
        const errors: Record<string, string> = {};
        if (!names.length) errors["to"] = t("Choose at least one member to message.");
        if (!values.body.trim()) errors["body"] = t("Write a message before sending it.");
        if (tooLong(values)) errors["body"] = t("The message is too long.");
        if (Object.keys(errors).length) return formInvalid(errors, values);
        try {
          const found = await Promise.all(
            names.map(async (name) => ({
              name,
              user: (await conversationsApi.usersByNames(api, name, 1)).find(
                (user) => user.name.toLowerCase() === name.toLowerCase(),
              ),
            })),
          );
          const missing = found.filter((entry) => !entry.user).map((entry) => entry.name);
          if (missing.length)
            return formInvalid({ to: t("There is no member named {names}.", { names: missing.join(", ") }) }, values);
          const conversation = await conversationsApi.create(api, {
            participantUserIDs: found.map((entry) => entry.user!.userID),
            initialBody: values.body,
            initialFormat: values.format,
          });
          await queryClient.invalidateQueries({ queryKey: conversationKeys.lists() });
          return redirect(conversationPath(conversation.conversationID));
        } catch (error) {
          return formError(error, values, { participantUserIDs: "to", initialBody: "body" });
        }
      },
      element: <NewMessagePage />,
    },
    {
      id: "conversation",
      path: "messages/:conversationID",
      loader: async ({ request, params }: LoaderFunctionArgs) => {
        await requireMember(queryClient, api, request);
        const id = Number(params["conversationID"]);
        const asked = readPage(new URL(request.url).searchParams);
        if (!/^[1-9]\d{0,9}$/.test(params["conversationID"] ?? "") || asked === null) throw notFoundError();
        const conversation = await loadOrThrow("Conversation", () =>
          queryClient.fetchQuery({ ...conversationQuery(api, id), staleTime: 0 }),
        );
        const page = messagePageOf(asked, conversation.countMessages);
        const list = await loadOrThrow("Conversation", () =>
          queryClient.fetchQuery({ ...messagesQuery(api, id, page, conversationLimits.messages), staleTime: 0 }),
        );
        if (page > 1 && list.items.length === 0) throw notFoundError();
        // Reading it marked it read: the badge and the cached conversation say so at once.
        if (conversation.unread) {
          setUnreadConversations(queryClient, Math.max(0, unreadConversationsOf(queryClient) - 1));
          queryClient.setQueryData(conversationKeys.detail(id), { ...conversation, unread: false, countUnread: 0 });
          void queryClient.invalidateQueries({ queryKey: conversationKeys.lists(), refetchType: "none" });
        }
        return null;
      },
      action: async ({ request, params }: ActionFunctionArgs) => {
        const id = Number(params["conversationID"]);
        const form = await request.formData();
        const values = { body: formValue(form, "body"), format: messageFormat(form) };
        if (!values.body.trim()) return formInvalid({ body: t("Write a message before sending it.") }, values);
        if (tooLong(values)) return formInvalid({ body: t("The message is too long.") }, values);
        try {
          await conversationsApi.send(api, id, values.body, values.format);
        } catch (error) {
          return formError(error, values);
        }
        await queryClient.invalidateQueries({ queryKey: conversationKeys.lists(), refetchType: "none" });
        return redirect(`${conversationPath(id)}#latest`);
      },
      element: <ConversationPage />,
    },
  ];
}
