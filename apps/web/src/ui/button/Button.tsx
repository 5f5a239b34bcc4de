import type { CSSProperties, ReactNode, Ref } from "react";
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from "react-aria-components";
import { Link, type LinkProps } from "react-router";
import { limits } from "@parley/contracts/limits";
import { cssVars, cx, px } from "../css.ts";
import styles from "./Button.module.css";

/** The button looks of the theme (spec §1). */
export type ButtonType = "standard" | "primary" | "text" | "icon" | "outline" | "transparent" | "translucid";
/** Heights of spec §9: form element 36 by default, medium 32, compact 24. */
export type ButtonSize = "default" | "medium" | "compact";

const heights: Record<ButtonSize, number> = {
  default: limits.sizes.formElementHeight,
  medium: limits.sizes.buttonMediumHeight,
  compact: limits.sizes.buttonCompactHeight,
};

interface LookProps {
  buttonType?: ButtonType;
  size?: ButtonSize;
  className?: string;
  style?: CSSProperties;
}

/** The class and sizing variables of a button look, for anything that should look like a button. */
export function buttonLook({ buttonType = "standard", size = "default", className, style }: LookProps) {
  return {
    className: cx(styles.button, styles[buttonType], className),
    style: cssVars(
      {
        "--button-height": px(heights[size]),
        "--button-min-width": px(limits.sizes.buttonMinWidth),
        "--button-padding-x": px(limits.sizes.buttonPaddingX),
      },
      style,
    ),
  };
}

export interface ButtonProps extends Omit<AriaButtonProps, "className" | "style" | "children">, LookProps {
  children?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button on React Aria's `Button` (press, keyboard and focus handling). `type` stays the HTML one
 * ("button" by default, "submit" in forms); `buttonType` is the look. Icon buttons need an `aria-label`.
 */
export function Button({ buttonType, size, className, style, children, ref, ...rest }: ButtonProps) {
  return (
    <AriaButton {...rest} ref={ref} {...buttonLook({ buttonType, size, className, style })}>
      {children}
    </AriaButton>
  );
}

export interface ButtonLinkProps extends Omit<LinkProps, "className" | "style">, LookProps {}

/** A real link (works without JavaScript) that looks like a button. */
export function ButtonLink({ buttonType, size, className, style, children, ...rest }: ButtonLinkProps) {
  return (
    <Link {...rest} {...buttonLook({ buttonType, size, className, style })}>
      {children}
    </Link>
  );
}
