import { useContext, useLayoutEffect, type ReactNode, type Ref, type RefObject } from "react";
import {
  Focusable,
  Tooltip as AriaTooltip,
  TooltipTrigger,
  TooltipTriggerStateContext,
  type TooltipProps as AriaTooltipProps,
} from "react-aria-components";
import { limits } from "@parley/contracts/limits";
import { cssVars, cx, px } from "../css.ts";
import type { TriggerBinding } from "./Tooltip.tsx";
import styles from "./Tooltip.module.css";

export interface TooltipOverlayProps {
  triggerRef: RefObject<HTMLElement | null>;
  /** Hears the trigger props React Aria wants on the trigger (handlers, `aria-describedby`). */
  onBind: (binding: TriggerBinding) => void;
  label: ReactNode;
  placement: NonNullable<AriaTooltipProps["placement"]>;
  isDisabled?: boolean;
  className?: string;
}

const assignRef = <T,>(ref: Ref<T> | undefined, value: T | null) => {
  if (typeof ref === "function") ref(value);
  else if (ref) ref.current = value;
};

/**
 * Stands in for the trigger inside React Aria's `Focusable`: hands the props it gets to the real
 * trigger (rendered by the light `Tooltip`, so it is never remounted) and points the ref at it.
 */
function TriggerBridge({
  triggerRef,
  onBind,
  ref,
  ...binding
}: TriggerBinding & {
  triggerRef: RefObject<HTMLElement | null>;
  onBind: (binding: TriggerBinding) => void;
  ref?: Ref<HTMLElement>;
}) {
  const state = useContext(TooltipTriggerStateContext);
  useLayoutEffect(() => {
    onBind(binding);
  });
  useLayoutEffect(() => {
    assignRef(ref, triggerRef.current);
    return () => assignRef(ref, null);
  }, [ref, triggerRef]);

  // The hover or keyboard focus that loaded this module came before its handlers: honour it now.
  useLayoutEffect(() => {
    const trigger = triggerRef.current;
    if (!trigger || !state) return;
    const matches = (selector: string) => {
      try {
        return trigger.matches(selector);
      } catch {
        return false;
      }
    };
    if (trigger.ownerDocument.activeElement === trigger && matches(":focus-visible")) {
      state.open(true);
    } else if (matches(":hover")) {
      state.open(false);
      // React Aria did not see the pointer come in, so it would not see it leave either.
      trigger.addEventListener("pointerleave", () => state.close(), { once: true });
    }
    // Only for the intent that loaded the module.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

/**
 * The React Aria side of `Tooltip` (loaded on first hover or focus): `TooltipTrigger` shows it after
 * 100 ms of resting hover or at once on keyboard focus, hides it 500 ms after the pointer leaves, on
 * blur, a press or Escape (spec §4, §9). 150–320 wide.
 */
export function TooltipOverlay({ triggerRef, onBind, label, placement, isDisabled, className }: TooltipOverlayProps) {
  return (
    <TooltipTrigger
      delay={limits.timing.tooltipShowMs}
      closeDelay={limits.timing.tooltipLeaveMs}
      isDisabled={isDisabled}
    >
      <Focusable isDisabled={isDisabled}>
        <TriggerBridge triggerRef={triggerRef} onBind={onBind} />
      </Focusable>
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
