import {
  cloneElement,
  isValidElement,
  useCallback,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
  type Ref,
  type SyntheticEvent,
} from "react";
import type { TooltipProps as AriaTooltipProps } from "react-aria-components";
import { onDemand, useOnDemand } from "../on-demand.ts";

export interface TooltipProps {
  /** What the tooltip says. */
  label: ReactNode;
  /** The trigger: one focusable element (a `Button`, a native `<button>`…) that takes a `ref`. */
  children: ReactElement;
  placement?: AriaTooltipProps["placement"];
  isDisabled?: boolean;
  className?: string;
}

/** The props React Aria puts on a tooltip's trigger: event handlers and `aria-describedby`. */
export type TriggerBinding = Record<string, unknown> & { "aria-describedby"?: string };

type Handler = (event: SyntheticEvent) => void;

/** The trigger events React Aria's `TooltipTrigger` listens to (hover, focus, press, keys). */
const boundEvents = [
  "onPointerEnter",
  "onPointerLeave",
  "onPointerDown",
  "onMouseEnter",
  "onMouseLeave",
  "onTouchStart",
  "onFocus",
  "onBlur",
  "onKeyDown",
  "onKeyUp",
] as const;

/** Events that show the intent to see the tooltip: they load its code. */
const intentEvents = new Set<string>(["onPointerEnter", "onMouseEnter", "onFocus"]);

const overlay = onDemand(() => import("./TooltipOverlay.tsx"));

/** Loads the tooltips' React Aria code ahead of the first hover or focus. */
export const preloadTooltip = () => overlay.load().then(() => undefined);

/**
 * A tooltip: shown after 100 ms of resting hover or at once on keyboard focus, gone 500 ms after the
 * pointer leaves, Escape hides it (spec §4, §9). 150–320 wide. The trigger is rendered as it is; the
 * React Aria tooltip (`TooltipOverlay`) loads on the first hover or focus, so reading pages don't
 * carry it.
 */
export function Tooltip({ label, children, placement = "top", isDisabled, className }: TooltipProps) {
  const { module, preload } = useOnDemand(overlay);
  const triggerRef = useRef<HTMLElement | null>(null);
  const binding = useRef<TriggerBinding>({});
  const [describedBy, setDescribedBy] = useState<string | undefined>(undefined);

  const onBind = useCallback((next: TriggerBinding) => {
    binding.current = next;
    setDescribedBy(next["aria-describedby"]);
  }, []);

  if (!isValidElement<Record<string, unknown>>(children)) return children;
  const child = children;
  const childRef = child.props.ref as Ref<HTMLElement> | undefined;
  const handlers: Record<string, Handler> = {};
  for (const name of boundEvents) {
    handlers[name] = (event) => {
      (child.props[name] as Handler | undefined)?.(event);
      if (!isDisabled && intentEvents.has(name)) preload();
      (binding.current[name] as Handler | undefined)?.(event);
    };
  }
  const ownDescribedBy = child.props["aria-describedby"] as string | undefined;
  const setRef = (node: HTMLElement | null) => {
    triggerRef.current = node;
    if (typeof childRef === "function") childRef(node);
    else if (childRef) childRef.current = node;
  };

  return (
    <>
      {cloneElement(child, {
        ...handlers,
        ref: setRef,
        "aria-describedby":
          [ownDescribedBy, module && !isDisabled ? describedBy : undefined].filter(Boolean).join(" ") || undefined,
      })}
      {module ? (
        <module.TooltipOverlay
          triggerRef={triggerRef}
          onBind={onBind}
          label={label}
          placement={placement}
          isDisabled={isDisabled}
          className={className}
        />
      ) : null}
    </>
  );
}
