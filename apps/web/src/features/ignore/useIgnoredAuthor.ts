import { useQuery } from "../../lib/query.ts";
import { useApi } from "../../lib/api-context.tsx";
import { meQuery } from "../users/index.ts";
import { ignoredUsersQuery } from "./ignore.queries.ts";

/** Whether the signed-in member ignores this author (the list comes with the discussion page; guests: never). */
export function useIgnoredAuthor(authorID: number | undefined): boolean {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  const userID = me?.userID ?? 0;
  const { data: ignored } = useQuery({ ...ignoredUsersQuery(api, userID), enabled: userID > 0 });
  return authorID !== undefined && !!ignored?.some((user) => user.userID === authorID);
}
