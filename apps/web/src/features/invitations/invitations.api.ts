import type { Invitation, InvitationAllowance, InvitationPost } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** `/invitations` (holders of users.add). */
export const invitationsApi = {
  list: async (api: ApiClient, signal?: AbortSignal) => (await api.get<Invitation[]>("/invitations", {}, signal)).data,
  /** How many the viewer may still send this month. */
  remaining: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<InvitationAllowance>("/invitations/remaining", {}, signal)).data,
  invite: async (api: ApiClient, body: InvitationPost) =>
    (await api.request<Invitation>({ method: "POST", path: "/invitations", body })).data,
  revoke: async (api: ApiClient, invitationID: number) => {
    await api.request({ method: "DELETE", path: `/invitations/${invitationID}` });
  },
};
