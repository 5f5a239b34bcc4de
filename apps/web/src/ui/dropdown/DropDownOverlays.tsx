import type { ReactNode, RefObject } from "react";
import {
  Dialog,
  Header,
  Menu,
  MenuItem,
  MenuSection,
  Popover,
  Separator,
  type Key,
  type MenuItemProps,
  type PopoverProps,
} from "react-aria-components";
import type { FocusStrategy } from "./DropDown.tsx";
import { cssVars, cx, px } from "../css.ts";
import { RouterBridge } from "../router-bridge.tsx";
import styles from "./DropDown.module.css";

/**
 * The React Aria side of `DropDown` and `DropDownFlyout`, loaded on the first intent to open one. The
 * light components keep the trigger (a native button) and the open state; these render the popover
 * anchored to it. React Aria's `Overlay` returns focus to the trigger when they close.
 */
interface OverlayProps {
  triggerRef: RefObject<HTMLElement | null>;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  label: string;
  placement: NonNullable<PopoverProps["placement"]>;
  className?: string;
}

export interface MenuOverlayProps extends OverlayProps {
  /** The trigger's id: the menu is labelled by it, as under React Aria's `MenuTrigger`. */
  triggerId: string;
  /** Where focus goes when it opens: the menu itself (pointer) or its first/last item (keyboard). */
  focusStrategy: FocusStrategy;
  width: number;
  onAction?: (key: Key) => void;
  children: ReactNode;
}

export function MenuOverlay({
  triggerRef,
  triggerId,
  isOpen,
  onOpenChange,
  label,
  placement,
  className,
  focusStrategy,
  width,
  onAction,
  children,
}: MenuOverlayProps) {
  return (
    <RouterBridge>
      <Popover
        trigger="MenuTrigger"
        triggerRef={triggerRef}
        isOpen={isOpen}
        onOpenChange={onOpenChange}
        aria-labelledby={triggerId}
        placement={placement}
        offset={4}
        className={cx(styles.popover, className)}
        style={cssVars({ "--dropdown-width": px(width) })}
      >
        <Menu
          className={styles.menu}
          aria-label={label}
          autoFocus={focusStrategy}
          onAction={onAction}
          onClose={() => onOpenChange(false)}
        >
          {children}
        </Menu>
      </Popover>
    </RouterBridge>
  );
}

export interface FlyoutOverlayProps extends OverlayProps {
  minWidth: number;
  children: ReactNode | ((close: () => void) => ReactNode);
}

export function FlyoutOverlay({
  triggerRef,
  isOpen,
  onOpenChange,
  label,
  placement,
  className,
  minWidth,
  children,
}: FlyoutOverlayProps) {
  const close = () => onOpenChange(false);
  return (
    <Popover
      trigger="DialogTrigger"
      triggerRef={triggerRef}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      placement={placement}
      offset={4}
      className={cx(styles.popover, styles.flyout, className)}
      style={cssVars({ "--dropdown-min-width": px(minWidth) })}
    >
      <Dialog className={styles.dialog} aria-label={label}>
        {typeof children === "function" ? children(close) : children}
      </Dialog>
    </Popover>
  );
}

export function DropDownMenuItem({ className, ...props }: Omit<MenuItemProps, "className"> & { className?: string }) {
  const textValue = props.textValue ?? (typeof props.children === "string" ? props.children : undefined);
  return <MenuItem {...props} textValue={textValue} className={cx(styles.item, className)} />;
}

export function DropDownMenuSection({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <MenuSection className={styles.section}>
      {title ? <Header className={styles.sectionTitle}>{title}</Header> : null}
      {children}
    </MenuSection>
  );
}

export function DropDownMenuSeparator() {
  return <Separator className={styles.separator} />;
}
