import { useQueryClient } from "@tanstack/react-query";
import { useQuery } from "../../lib/query.ts";
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import type { ReactionType } from "@parley/contracts";
import { useApi } from "../../lib/api-context.tsx";
import { t } from "../../lib/i18n.ts";
import { DropDown, DropDownItem } from "../../ui/dropdown/DropDown.tsx";
import { Tooltip } from "../../ui/tooltip/Tooltip.tsx";
import { cx } from "../../ui/css.ts";
import { canViewReactionUsers, visibleCounts } from "./reactions.model.ts";
import { reactionLogQuery } from "./reactions.queries.ts";
import { ReactionUserStack } from "./ReactionUserStack.tsx";
import type { ReactionsRowProps } from "./ReactionsRow.tsx";
import { useReactionToggle } from "./useReactionToggle.ts";
import { ReactionIcon } from "./ReactionIcon.tsx";
import { memberStanding } from "../warnings/index.ts";
import { useOnDemand } from "../../ui/on-demand.ts";
import styles from "./Reactions.module.css";
import { CheckIcon, SmilePlusIcon } from "../../ui/icons/more.tsx";
import { reactionName } from "./reaction-names.ts";

/** The React button's roving key (a chip's is its type's url code, never empty). */
const PICKER = "";

/** Arrow keys, Home and End move focus in the toolbar (ArrowLeft goes right in a right-to-left page). */
const moves: Record<string, (index: number, last: number, rtl: boolean) => number> = {
  ArrowLeft: (index, last, rtl) => (rtl ? (index === last ? 0 : index + 1) : index === 0 ? last : index - 1),
  ArrowRight: (index, last, rtl) => (rtl ? (index === 0 ? last : index - 1) : index === last ? 0 : index + 1),
  Home: () => 0,
  End: (_index, last) => last,
};

const SmilePlus = () => <SmilePlusIcon size={16} className={styles.pickerIcon} />;

/** Marks the viewer's own reaction in the React menu. */
const Check = () => <CheckIcon size={16} className={styles.yours} />;

/**
 * The member's side of the reactions row (loaded on demand, see `ReactionsRow`), as on GitHub Discussions: a
 * chip per reaction the post has (icon, name, count; pressed when it is the viewer's, a press toggles it) and
 * one React button whose menu offers every type the viewer may add (choosing one adds it). The row is a toolbar, one Tab stop: the
 * arrow keys, Home and End move between its buttons (a roving tabindex). Who reacted is fetched on hover or
 * focus of the row and shown in each chip's tooltip (reactions.view only). A member made read-only by
 * warnings sees the buttons disabled, with why.
 */
export function ReactionToggles({
  recordType,
  recordID,
  record,
  cache,
  viewer,
  onError,
  types,
  addable,
}: ReactionsRowProps & { types: ReactionType[]; addable: ReactionType[] }) {
  const api = useApi();
  const showUsers = canViewReactionUsers(viewer);
  const [wantLog, setWantLog] = useState(false);
  const { data: log } = useQuery({ ...reactionLogQuery(api, recordType, recordID), enabled: wantLog && showUsers });
  const toggle = useReactionToggle(recordType, recordID, cache, onError);
  // Whether warnings made the member read-only (the reading part, which member pages load, reads it from the cache).
  const queryClient = useQueryClient();
  const { module: reading, preload: loadStanding } = useOnDemand(memberStanding);
  useEffect(loadStanding, [loadStanding]);
  const readOnlyUntil = reading?.cachedReadOnlyUntil(queryClient, viewer?.userID ?? 0) ?? null;
  const reasonID = `reactions-read-only-${recordType}-${recordID}`;

  const byTag = new Map((record.reactions ?? []).map((reaction) => [reaction.tagID, reaction]));
  // Chips: the active types this record has reactions of (not Flag), in the types' order. Those the viewer
  // may not add (Promote, without curation.manage) show their count only, as to guests.
  const counted = new Set(visibleCounts(record.reactions).map((reaction) => reaction.tagID));
  const chips = types.filter((type) => type.active && counted.has(type.tagID)).sort((a, b) => a.sort - b.sort);
  const canAdd = new Set(addable.map((type) => type.tagID));

  // The roving tabindex: the one button Tab reaches (the last one focused, else the first).
  const rowRef = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const keys = [...chips.filter((type) => canAdd.has(type.tagID)).map((type) => type.urlCode), PICKER];
  const active = current !== null && keys.includes(current) ? current : keys[0];
  // A chip taken back to 0 leaves the row, and focus with it: focus goes to the React button rather than to
  // the page. A failure (the chip comes back) or focus moving on stops the wait.
  const removal = useRef<number | null>(null);
  useEffect(() => {
    const row = rowRef.current;
    if (removal.current === null || !row || chips.some((type) => type.tagID === removal.current)) return;
    removal.current = null;
    if (document.activeElement === null || document.activeElement === document.body) {
      row.querySelector<HTMLElement>(`[data-reaction="${PICKER}"]`)?.focus();
    }
  });

  const handleToggle = (type: ReactionType) => {
    if (toggle.isPending) return;
    const summary = byTag.get(type.tagID);
    const removing = summary?.hasReacted === true;
    if (removing && summary?.count === 1) {
      removal.current = type.tagID;
      setCurrent(PICKER);
    }
    toggle.mutate({ type, removing }, { onError: () => (removal.current = null) });
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = moves[event.key];
    const row = rowRef.current;
    // Keys typed in the open menu (a portal) reach here through React's tree: they are the menu's.
    if (!move || !row || !row.contains(event.target as Node)) return;
    const items = Array.from(row.querySelectorAll<HTMLButtonElement>("button[data-reaction]:not(:disabled)"));
    const index = items.indexOf(event.target as HTMLButtonElement);
    if (index < 0) return;
    event.preventDefault();
    const rtl = getComputedStyle(row).direction === "rtl";
    items[move(index, items.length - 1, rtl)]?.focus();
  };
  const handleFocus = (event: FocusEvent<HTMLDivElement>) => {
    setWantLog(true);
    removal.current = null;
    const key = (event.target as HTMLElement).dataset["reaction"];
    if (key !== undefined && rowRef.current?.contains(event.target)) setCurrent(key);
  };

  const disabled = readOnlyUntil !== null;
  return (
    <div
      ref={rowRef}
      role="toolbar"
      aria-label={t("Reactions")}
      className={styles.row}
      aria-busy={toggle.isPending || undefined}
      onPointerEnter={() => setWantLog(true)}
      onFocus={handleFocus}
      onKeyDown={handleKeyDown}
      {...(readOnlyUntil ? { "aria-describedby": reasonID, title: reading?.readOnlyText(readOnlyUntil) } : {})}
    >
      {chips.map((type) => {
        const summary = byTag.get(type.tagID);
        if (!canAdd.has(type.tagID)) {
          return (
            <span key={type.tagID} className={cx(styles.reaction, styles.counted)}>
              <ReactionIcon photoUrl={type.photoUrl} />
              <span>{reactionName(type.name)}</span> <span className={styles.count}>{summary?.count ?? 0}</span>
            </span>
          );
        }
        const button = (
          <button
            type="button"
            key={type.tagID}
            className={styles.reaction}
            aria-pressed={summary?.hasReacted === true}
            tabIndex={type.urlCode === active ? 0 : -1}
            onClick={() => handleToggle(type)}
            disabled={disabled}
            data-reaction={type.urlCode}
          >
            <ReactionIcon photoUrl={type.photoUrl} />
            <span>{reactionName(type.name)}</span> <span className={styles.count}>{summary?.count ?? 0}</span>
          </button>
        );
        if (!showUsers) return button;
        const users = (log ?? []).filter((entry) => entry.tagID === type.tagID).map((entry) => entry.user);
        return (
          <Tooltip key={type.tagID} label={log ? <ReactionUserStack users={users} /> : t("Loading")}>
            {button}
          </Tooltip>
        );
      })}
      <DropDown
        label={t("React")}
        buttonContent={
          <>
            <SmilePlus />
            <span>{t("React")}</span>
          </>
        }
        buttonType="standard"
        buttonClassName={styles.picker}
        buttonProps={{
          tabIndex: active === PICKER ? 0 : -1,
          isDisabled: disabled,
          "data-reaction": PICKER,
        }}
        placement="bottom start"
        onAction={(key) => {
          // The menu adds: choosing the viewer's own reaction keeps it (its chip takes it back).
          const type = addable.find((candidate) => candidate.urlCode === key);
          if (type && byTag.get(type.tagID)?.hasReacted !== true) handleToggle(type);
        }}
      >
        {addable.map((type) => (
          <DropDownItem key={type.tagID} id={type.urlCode} textValue={reactionName(type.name)}>
            <ReactionIcon photoUrl={type.photoUrl} />
            <span>{reactionName(type.name)}</span>
            {byTag.get(type.tagID)?.hasReacted ? (
              <>
                <Check />
                <span className="visually-hidden">{t("Your reaction")}</span>
              </>
            ) : null}
          </DropDownItem>
        ))}
      </DropDown>
      {readOnlyUntil ? (
        <span id={reasonID} className="visually-hidden">
          {reading?.readOnlyText(readOnlyUntil)}
        </span>
      ) : null}
    </div>
  );
}
