import { queryOptions } from "@tanstack/react-query";
import type { Me } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { addonsApi } from "./addons.api.ts";

export const addonKeys = { all: ["addons"] as const };

export const addonsQuery = (api: ApiClient) =>
  queryOptions({ queryKey: addonKeys.all, queryFn: ({ signal }) => addonsApi.list(api, signal) });

export const addonsPagePath = "/dashboard/addons";

/** Who turns add-ons on and off: site managers (the server checks again). */
export const canManageAddons = (me: Pick<Me, "userID" | "isAdmin" | "permissions">) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("site.manage"));
