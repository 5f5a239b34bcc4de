import type { QueryClient } from "@tanstack/react-query";
import type { RouteObject } from "react-router";
import type { ProfileTab } from "@parley/contracts/urls";
import type { ApiClient } from "../../lib/api.ts";
import { loadOrThrow, notFoundError } from "../../lib/route-errors.ts";
import { siteQuery } from "../../lib/site.ts";
import { ignoreAction, ignoreStateQuery } from "../ignore/index.ts";
import { meQuery, requireMember } from "../users/index.ts";
import { profileFieldsQuery } from "../profile-fields/index.ts";
import { canSeeIpAddresses, memberIpAddressesQuery } from "../bans/index.ts";
import { profileWarningsPart } from "../warnings/index.ts";
import { memberBadgesQuery } from "../reputation/index.ts";
import {
  profileLimits,
  ProfilePage,
  profileRestriction,
  readProfileName,
  readProfilePage,
  receivedReaction,
} from "./pages/ProfilePage.tsx";
import {
  profileCommentsQuery,
  profileDiscussionsQuery,
  profileReactedCommentsQuery,
  profileReactedDiscussionsQuery,
  profileUserQuery,
} from "./profiles.queries.ts";

/** `/profile/{name}` and its tabs (spec §2), each loading what it shows before the page renders. */
export function createProfileRoutes({ queryClient, api }: { queryClient: QueryClient; api: ApiClient }): RouteObject[] {
  const loader =
    (tab: ProfileTab | undefined): NonNullable<RouteObject["loader"]> =>
    async ({ params, request }) => {
      const name = readProfileName(params["name"]);
      if (!name) throw notFoundError("User");
      const [user, me] = await Promise.all([
        loadOrThrow("User", () => queryClient.ensureQueryData(profileUserQuery(api, name))),
        queryClient.ensureQueryData(meQuery(api)),
        // The custom profile fields' labels and kinds (the member's values come with the user record).
        queryClient.prefetchQuery(profileFieldsQuery(api)),
      ]);
      // A member looking at someone else: whether they ignore them, and may (the Ignore button).
      await Promise.all([
        me.userID > 0 && me.userID !== user.userID
          ? queryClient.prefetchQuery(ignoreStateQuery(api, me.userID, user.userID))
          : null,
        // Moderators: the member's IP addresses, on the overview (rendered with the page).
        tab === undefined && canSeeIpAddresses(me)
          ? queryClient.prefetchQuery(memberIpAddressesQuery(api, user.userID))
          : null,
        // The member's own warnings, or any member's warnings and notes for a moderator (a banned one's too).
        profileWarningsPart.load().then((part) => part.prefetchProfileWarnings(queryClient, api, user.userID)),
      ]);
      if (profileRestriction(user, me)) return null;
      const search = new URL(request.url).searchParams;
      const page = readProfilePage(search);
      if (tab === undefined) {
        await Promise.all([
          queryClient.ensureQueryData(profileDiscussionsQuery(api, user.userID, 1, profileLimits.overview)),
          queryClient.ensureQueryData(profileCommentsQuery(api, user.userID, 1, profileLimits.overview)),
          // The member's badges while the add-on is on (the site's settings say; nothing asked otherwise).
          queryClient
            .ensureQueryData(siteQuery(api))
            .then((site) => (site.badges ? queryClient.ensureQueryData(memberBadgesQuery(api, user.userID)) : null)),
        ]);
      } else if (tab === "discussions" || tab === "comments") {
        const list =
          tab === "discussions"
            ? await queryClient.ensureQueryData(profileDiscussionsQuery(api, user.userID, page, profileLimits.page))
            : await queryClient.ensureQueryData(profileCommentsQuery(api, user.userID, page, profileLimits.page));
        if (page > 1 && list.items.length === 0) throw notFoundError();
      } else {
        const reaction = receivedReaction(user, search.get("reaction"));
        if (reaction) {
          const lists = await Promise.all([
            queryClient.ensureQueryData(
              profileReactedDiscussionsQuery(api, user.userID, reaction, page, profileLimits.page),
            ),
            queryClient.ensureQueryData(
              profileReactedCommentsQuery(api, user.userID, reaction, page, profileLimits.page),
            ),
          ]);
          if (page > 1 && lists.every((list) => list.items.length === 0)) throw notFoundError();
        }
      }
      return null;
    };

  // The Ignore / Stop ignoring form and the warnings forms post to the profile page itself.
  const action: NonNullable<RouteObject["action"]> = async ({ request }) => {
    await requireMember(queryClient, api, request);
    const form = await request.formData();
    // The moderators' warnings forms, else the Ignore button.
    const warnings = await profileWarningsPart.load();
    return (await warnings.warningsAction(form, { queryClient, api })) ?? ignoreAction(form, { queryClient, api });
  };

  return [
    { id: "profile", path: "profile/:name", loader: loader(undefined), action, element: <ProfilePage /> },
    ...(["discussions", "comments", "reactions"] as const).map((tab) => ({
      id: `profile-${tab}`,
      path: `profile/${tab}/:name`,
      loader: loader(tab),
      action,
      element: <ProfilePage tab={tab} />,
    })),
  ];
}
