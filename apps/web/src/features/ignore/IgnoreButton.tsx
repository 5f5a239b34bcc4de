import { useQueryClient } from "@tanstack/react-query";
import { useMutation, useQuery } from "../../lib/query.ts";
import { useApi } from "../../lib/api-context.tsx";
import { ApiError } from "../../lib/api.ts";
import { t } from "../../lib/i18n.ts";
import { Button } from "../../ui/button/Button.tsx";
import { useToast } from "../../ui/toast/ToastProvider.tsx";
import { ignoreApi } from "./ignore.api.ts";
import { ignoreKeys } from "./ignore.queries.ts";
import { ignoreStateQuery } from "./ignore.state.ts";

/**
 * "Ignore" or "Stop ignoring" where a page form cannot go (the user card, a script's popover): the call, then the
 * member's ignored list and states afresh, so the member's posts on the page collapse or open at once. Shown only
 * when the server says the member may ignore this one (`canIgnore`: not oneself, not a moderator).
 */
export function IgnoreButton({ viewerID, userID, name }: { viewerID: number; userID: number; name: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { addToast } = useToast();
  const { data: state } = useQuery({ ...ignoreStateQuery(api, viewerID, userID), enabled: viewerID > 0 });
  const toggle = useMutation({
    mutationFn: async (ignore: boolean) => {
      if (ignore) await ignoreApi.ignore(api, viewerID, userID);
      else await ignoreApi.unignore(api, viewerID, userID);
      return ignore;
    },
    onSuccess: async (ignore) => {
      await queryClient.invalidateQueries({ queryKey: ignoreKeys.all });
      addToast({
        toastID: "ignore",
        body: ignore
          ? t("You are ignoring this member: their posts are collapsed and they cannot message you.")
          : t("You are no longer ignoring this member."),
      });
    },
    onError: (error) => {
      addToast({ toastID: "ignore", body: error instanceof ApiError ? error.message : t("Please try again later.") });
    },
  });
  if (!state || (!state.canIgnore && !state.ignored)) return null;
  return (
    <Button
      buttonType="text"
      size="compact"
      isPending={toggle.isPending}
      onClick={() => toggle.mutate(!state.ignored)}
      aria-label={state.ignored ? t("Stop ignoring {name}", { name }) : t("Ignore {name}", { name })}
    >
      {state.ignored ? t("Stop ignoring") : t("Ignore")}
    </Button>
  );
}
