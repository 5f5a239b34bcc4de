import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text, type Key } from "react-aria-components";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { formStyles } from "../../../ui/forms/Form.tsx";
import { UserPhoto } from "../../../ui/user-photo/UserPhoto.tsx";
import { useToast } from "../../../ui/toast/ToastProvider.tsx";
import postFormStyles from "../components/PostForm.module.css";
import { createMentionLookup, type MentionUser } from "../../editor/index.ts";
import { mentionUsersFetcher } from "../../editor/index.ts";
import type { ActionModalProps } from "./actions.registry.ts";
import { runToggle } from "./flags.ts";
import { FormModal } from "./FormModal.tsx";
import { moderationApi } from "./moderation.api.ts";

/**
 * Change author (spec §2, site.manage): a member picked by name with the mention lookup (the same
 * suggestions, ranking and debounce), then PATCH insertUserID. A failure is a persistent dismissible
 * toast (spec §8); the dialog stays open to try again.
 */
export function ChangeAuthorModal({ discussion, onClose }: ActionModalProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { addToast } = useToast();
  const lookup = useMemo(() => createMentionLookup(mentionUsersFetcher(api)), [api]);
  const [query, setQuery] = useState("");
  const [users, setUsers] = useState<MentionUser[]>([]);
  const [chosen, setChosen] = useState<MentionUser | null>(null);
  const [isPending, setPending] = useState(false);

  useEffect(() => {
    lookup.lookup(query.replace(/^@/, ""), (result) => setUsers(result.status === "success" ? result.users : []));
  }, [lookup, query]);
  useEffect(() => () => lookup.cancel(), [lookup]);

  const handleSelection = (key: Key | null) => {
    const user = users.find((candidate) => candidate.userID === Number(key)) ?? null;
    setChosen(user);
    if (user) setQuery(user.name);
  };

  const handleSubmit = async () => {
    if (!chosen) return;
    setPending(true);
    const done = await runToggle(
      { queryClient, addToast },
      discussion.discussionID,
      () => moderationApi.changeAuthor(api, discussion.discussionID, chosen.userID),
      {
        toastID: `author-${discussion.discussionID}`,
        success: t("{name} is now the author.", { name: chosen.name }),
      },
    );
    setPending(false);
    if (done) onClose();
  };

  return (
    <FormModal
      title={t("Change Author")}
      submitLabel={t("Save")}
      isPending={isPending}
      missing={chosen ? null : t("Choose the new author.")}
      onSubmit={() => void handleSubmit()}
      onClose={onClose}
    >
      <ComboBox
        className={postFormStyles.field}
        items={users}
        inputValue={query}
        onInputChange={(value) => {
          setQuery(value);
          if (chosen && value !== chosen.name) setChosen(null);
        }}
        selectedKey={chosen ? chosen.userID : null}
        onSelectionChange={handleSelection}
        // React Aria opens the list as the text changes, before the lookup answers: it may start empty.
        allowsEmptyCollection={query.trim() !== ""}
        menuTrigger="input"
        autoFocus
      >
        <Label className={formStyles.label}>{t("New author")}</Label>
        <Input className={formStyles.input} />
        <Text slot="description" className={formStyles.hint}>
          {t("Type a member's name, then choose them.")}
        </Text>
        <Popover className={postFormStyles.popover} placement="bottom start">
          <ListBox<MentionUser> className={postFormStyles.listBox}>
            {(user) => (
              <ListBoxItem id={user.userID} textValue={user.name} className={postFormStyles.option}>
                <UserPhoto name={user.name} photoUrl={user.photoUrl} size="xsmall" decorative /> {user.name}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
    </FormModal>
  );
}
