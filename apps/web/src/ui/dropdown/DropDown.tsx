import type { ReactNode } from "react";
import {
  Dialog,
  DialogTrigger,
  Header,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
  Separator,
  type Key,
  type MenuItemProps,
  type PopoverProps,
} from "react-aria-components";
import { limits } from "@parley/contracts/limits";
import { Button, type ButtonSize, type ButtonType } from "../button/Button.tsx";
import { cssVars, cx, px } from "../css.ts";
import { RouterBridge } from "../router-bridge.tsx";
import { useExclusiveOpen } from "./flyouts.ts";
import styles from "./DropDown.module.css";

interface TriggerProps {
  /** The trigger's accessible name; also its text unless `buttonContent` is given. */
  label: string;
  /** What the trigger shows, e.g. an icon (the label then names it for screen readers). */
  buttonContent?: ReactNode;
  buttonType?: ButtonType;
  buttonSize?: ButtonSize;
  buttonClassName?: string;
  placement?: PopoverProps["placement"];
  /** Controlled open state (optional). Another flyout opening still closes this one. */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  className?: string;
}

function Trigger({ label, buttonContent, buttonType, buttonSize, buttonClassName }: TriggerProps) {
  return (
    <Button
      buttonType={buttonType ?? (buttonContent ? "icon" : "standard")}
      size={buttonSize}
      className={buttonClassName}
      aria-label={buttonContent ? label : undefined}
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
 * A flyout menu (React Aria `MenuTrigger` + `Menu`): arrow keys move through the items, Escape closes
 * it and returns focus to the trigger, and opening it closes any other open flyout.
 */
export function DropDown({ width = "default", onAction, children, className, ...trigger }: DropDownProps) {
  const { isOpen, onOpenChange } = useExclusiveOpen(trigger.isOpen, trigger.onOpenChange);
  const menuWidth = width === "medium" ? limits.sizes.dropDownWidthMedium : limits.sizes.dropDownWidth;
  return (
    <RouterBridge>
      <MenuTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
        <Trigger {...trigger} />
        <Popover
          placement={trigger.placement ?? "bottom end"}
          offset={4}
          className={cx(styles.popover, className)}
          style={cssVars({ "--dropdown-width": px(menuWidth) })}
        >
          <Menu className={styles.menu} aria-label={trigger.label} onAction={onAction}>
            {children}
          </Menu>
        </Popover>
      </MenuTrigger>
    </RouterBridge>
  );
}

/** One choice of a `DropDown`: give it `onAction`, or `href` to make it a link. */
export function DropDownItem({ className, ...props }: Omit<MenuItemProps, "className"> & { className?: string }) {
  const textValue = props.textValue ?? (typeof props.children === "string" ? props.children : undefined);
  return <MenuItem {...props} textValue={textValue} className={cx(styles.item, className)} />;
}

/** A titled group of items. */
export function DropDownSection({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <MenuSection className={styles.section}>
      {title ? <Header className={styles.sectionTitle}>{title}</Header> : null}
      {children}
    </MenuSection>
  );
}

export function DropDownSeparator() {
  return <Separator className={styles.separator} />;
}

export interface DropDownFlyoutProps extends TriggerProps {
  /** Content of the flyout; a function gets `close` to close it (focus goes back to the trigger). */
  children: ReactNode | ((close: () => void) => ReactNode);
}

/**
 * A flyout of free content, e.g. the notifications list (React Aria `DialogTrigger` + `Popover` +
 * `Dialog`): at least 350 wide (spec §9), Escape closes it and returns focus to the trigger, and
 * opening it closes any other open flyout.
 */
export function DropDownFlyout({ children, className, ...trigger }: DropDownFlyoutProps) {
  const { isOpen, onOpenChange } = useExclusiveOpen(trigger.isOpen, trigger.onOpenChange);
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      <Trigger {...trigger} />
      <Popover
        placement={trigger.placement ?? "bottom end"}
        offset={4}
        className={cx(styles.popover, styles.flyout, className)}
        style={cssVars({ "--dropdown-min-width": px(limits.sizes.dropDownMinWidth) })}
      >
        <Dialog className={styles.dialog} aria-label={trigger.label}>
          {({ close }) => (typeof children === "function" ? children(close) : children)}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
