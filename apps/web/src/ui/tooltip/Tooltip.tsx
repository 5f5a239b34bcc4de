import type { ReactNode } from "react";
import { Tooltip as AriaTooltip, TooltipTrigger, type TooltipProps as AriaTooltipProps } from "react-aria-components";
import { limits } from "@parley/contracts/limits";
import { cssVars, cx, px } from "../css.ts";
import styles from "./Tooltip.module.css";

export interface TooltipProps {
  /** What the tooltip says. */
  label: ReactNode;
  /**
   * The trigger: a `Button`/`ButtonLink`-like React Aria element, or any focusable element wrapped
   * in React Aria's `<Focusable>`.
   */
  children: ReactNode;
  placement?: AriaTooltipProps["placement"];
  isDisabled?: boolean;
  className?: string;
}

/**
 * A tooltip on React Aria's `TooltipTrigger`: shown after 100 ms of resting hover or at once on
 * keyboard focus, gone 500 ms after the pointer leaves, Escape hides it (spec §4, §9). 150–320 wide.
 */
export function Tooltip({ label, children, placement = "top", isDisabled, className }: TooltipProps) {
  return (
    <TooltipTrigger
      delay={limits.timing.tooltipShowMs}
      closeDelay={limits.timing.tooltipLeaveMs}
      isDisabled={isDisabled}
    >
      {children}
      <AriaTooltip
        placement={placement}
        offset={6}
        className={cx(styles.tooltip, className)}
        style={cssVars({
          "--tooltip-min-width": px(limits.sizes.tooltipMinWidth),
          "--tooltip-max-width": px(limits.sizes.tooltipMaxWidth),
        })}
      >
        {label}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
