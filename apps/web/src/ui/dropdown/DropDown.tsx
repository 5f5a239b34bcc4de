import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import type { Key, MenuItemProps, MenuProps, PopoverProps } from "react-aria-components";
import { sizesLimits } from "@parley/contracts/shell-limits";
import { Button, type ButtonProps, type ButtonSize, type ButtonType } from "../button/Button.tsx";
import { onDemand, useOnDemand } from "../on-demand.ts";
import { useExclusiveOpen } from "./flyouts.ts";

/** Where focus goes when a menu opens: the menu itself (`true`), its first or its last item. */
export type FocusStrategy = Exclude<MenuProps<object>["autoFocus"], false | undefined>;

/** The React Aria menus and flyouts: loaded on the first intent to open one (see `DropDownOverlays`). */
const overlays = onDemand(() => import("./DropDownOverlays.tsx"));

interface TriggerProps {
  /** The trigger's accessible name; also its text unless `buttonContent` is given. */
  label: string;
  /** What the trigger shows, e.g. an icon (the label then names it for screen readers). */
  buttonContent?: ReactNode;
  buttonType?: ButtonType;
  buttonSize?: ButtonSize;
  buttonClassName?: string;
  /**
   * More of the trigger's attributes: a roving `tabIndex` in a toolbar, `isDisabled` with an
   * `aria-describedby` saying why, a `data-` marker.
   */
  buttonProps?: Pick<ButtonProps, "tabIndex" | "isDisabled" | "aria-describedby"> & Record<`data-${string}`, string>;
  placement?: PopoverProps["placement"];
  /** Controlled open state (optional). Another flyout opening still closes this one. */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  className?: string;
}

/**
 * The state of a trigger whose overlay loads on demand: hovering or focusing the trigger starts the
 * load; a press, Enter, Space or an arrow key opens it once loaded. One flyout is open at a time.
 */
function useOnDemandTrigger(trigger: TriggerProps) {
  const ui = useOnDemand(overlays);
  const { isOpen, onOpenChange } = useExclusiveOpen(trigger.isOpen, trigger.onOpenChange);
  const [focusStrategy, setFocusStrategy] = useState<FocusStrategy>(true);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const open = (strategy: FocusStrategy) =>
    ui.withModule(() => {
      setFocusStrategy(strategy);
      onOpenChange(true);
    });
  return { ui, isOpen, onOpenChange, focusStrategy, triggerRef, id, open };
}

function Trigger({
  state,
  popup,
  label,
  buttonContent,
  buttonType,
  buttonSize,
  buttonClassName,
  buttonProps,
}: TriggerProps & { state: ReturnType<typeof useOnDemandTrigger>; popup: "menu" | "dialog" }) {
  const { ui, isOpen, onOpenChange, triggerRef, id, open } = state;
  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // As React Aria's menu trigger: Enter, Space and ArrowDown open on the first item, ArrowUp on the last.
    const strategy: "first" | "last" | null =
      event.key === "Enter" || event.key === " " || event.key === "ArrowDown"
        ? "first"
        : event.key === "ArrowUp"
          ? "last"
          : null;
    if (!strategy) return;
    event.preventDefault();
    if (isOpen) onOpenChange(false);
    else open(strategy);
  };
  return (
    <Button
      {...buttonProps}
      ref={triggerRef}
      id={id}
      buttonType={buttonType ?? (buttonContent ? "icon" : "standard")}
      size={buttonSize}
      className={buttonClassName}
      aria-label={buttonContent ? label : undefined}
      aria-haspopup={popup === "menu" ? "menu" : "dialog"}
      aria-expanded={isOpen}
      data-pressed={isOpen || undefined}
      onPointerEnter={ui.preload}
      onFocus={ui.preload}
      onPointerDown={ui.preload}
      onKeyDown={popup === "menu" ? handleKeyDown : undefined}
      onPress={() => (isOpen ? onOpenChange(false) : open(true))}
    >
      {buttonContent ?? label}
    </Button>
  );
}

export interface DropDownProps extends TriggerProps {
  /** Menu width of spec §9: 250 by default, medium 300. */
  width?: "default" | "medium";
  /** Called with an item's `id` when it is chosen. */
  onAction?: (key: Key) => void;
  children: ReactNode;
}

/**
 * A flyout menu (React Aria `Menu` in a `Popover`): arrow keys move through the items, Escape closes
 * it and returns focus to the trigger, and opening it closes any other open flyout. The trigger is a
 * native button; the menu's code loads on the first hover, focus or press.
 */
export function DropDown({ width = "default", onAction, children, className, ...trigger }: DropDownProps) {
  const state = useOnDemandTrigger(trigger);
  const Overlays = state.ui.module;
  return (
    <>
      <Trigger {...trigger} state={state} popup="menu" />
      {Overlays ? (
        <Overlays.MenuOverlay
          triggerRef={state.triggerRef}
          triggerId={state.id}
          isOpen={state.isOpen}
          onOpenChange={state.onOpenChange}
          label={trigger.label}
          placement={trigger.placement ?? "bottom end"}
          className={className}
          focusStrategy={state.focusStrategy}
          width={width === "medium" ? sizesLimits.dropDownWidthMedium : sizesLimits.dropDownWidth}
          onAction={onAction}
        >
          {children}
        </Overlays.MenuOverlay>
      ) : null}
    </>
  );
}

// Items are only rendered inside an open menu, so the overlays' module is there by then.

/** One choice of a `DropDown`: give it `onAction`, or `href` to make it a link. */
export function DropDownItem(props: Omit<MenuItemProps, "className"> & { className?: string }) {
  const Overlays = overlays.current();
  return Overlays ? <Overlays.DropDownMenuItem {...props} /> : null;
}

/** A titled group of items. */
export function DropDownSection(props: { title?: string; children: ReactNode }) {
  const Overlays = overlays.current();
  return Overlays ? <Overlays.DropDownMenuSection {...props} /> : null;
}

export function DropDownSeparator() {
  const Overlays = overlays.current();
  return Overlays ? <Overlays.DropDownMenuSeparator /> : null;
}

export interface DropDownFlyoutProps extends TriggerProps {
  /** Content of the flyout; a function gets `close` to close it (focus goes back to the trigger). */
  children: ReactNode | ((close: () => void) => ReactNode);
}

/**
 * A flyout of free content, e.g. the notifications list (React Aria `Popover` + `Dialog`): at least
 * 350 wide (spec §9), Escape closes it and returns focus to the trigger, and opening it closes any
 * other open flyout. Its code loads like `DropDown`'s.
 */
export function DropDownFlyout({ children, className, ...trigger }: DropDownFlyoutProps) {
  const state = useOnDemandTrigger(trigger);
  const Overlays = state.ui.module;
  return (
    <>
      <Trigger {...trigger} state={state} popup="dialog" />
      {Overlays ? (
        <Overlays.FlyoutOverlay
          triggerRef={state.triggerRef}
          isOpen={state.isOpen}
          onOpenChange={state.onOpenChange}
          label={trigger.label}
          placement={trigger.placement ?? "bottom end"}
          className={className}
          minWidth={sizesLimits.dropDownMinWidth}
        >
          {children}
        </Overlays.FlyoutOverlay>
      ) : null}
    </>
  );
}
