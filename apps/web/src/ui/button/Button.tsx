import type { ButtonHTMLAttributes, CSSProperties, MouseEvent, ReactNode, Ref } from "react";
import { Link, type LinkProps } from "react-router";
import { cx } from "../css.ts";
import styles from "./Button.module.css";

/** The button looks of the theme (spec §1). */
export type ButtonType = "standard" | "primary" | "text" | "icon" | "outline" | "transparent" | "translucid";
/** Heights of spec §9: form element 36 by default, medium 32, compact 24. */
export type ButtonSize = "default" | "medium" | "compact";

interface LookProps {
  buttonType?: ButtonType;
  size?: ButtonSize;
  className?: string;
  style?: CSSProperties;
}

/**
 * The classes of a button look, for anything that should look like a button. The sizes are the theme's variables
 * (`--button-height`, `--button-min-width`, `--button-padding-x` on the root: `themeCssProperties` writes them from
 * `limits` and the theme's own `sizes`); the medium and compact sizes are classes that pick their height. A button
 * carries no inline sizes, so a theme's button height and width reach every button, and a page of posts does not
 * write the same three variables on each of its seventy buttons.
 */
export function buttonLook({ buttonType = "standard", size = "default", className, style }: LookProps) {
  return {
    className: cx(styles.button, styles[buttonType], size !== "default" && styles[size], className),
    ...(style ? { style } : {}),
  };
}

export interface ButtonProps
  extends
    Omit<ButtonHTMLAttributes<HTMLButtonElement>, "className" | "style" | "children" | "disabled" | "type">,
    LookProps {
  /** The HTML type: "button" by default, "submit" in forms. */
  type?: "button" | "submit" | "reset";
  /** A click, from the pointer or the keyboard (Enter, Space). */
  onPress?: (event: MouseEvent<HTMLButtonElement>) => void;
  isDisabled?: boolean;
  /** While an action runs: the button stays focusable but does nothing (and does not submit). */
  isPending?: boolean;
  children?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A native `<button>`: the browser gives it focus, Enter and Space, so it needs no script of its own
 * and reading pages stay light. `type` is the HTML one ("button" by default); `buttonType` is the
 * look. Icon buttons need an `aria-label`.
 */
export function Button({
  buttonType,
  size,
  className,
  style,
  children,
  ref,
  type = "button",
  onPress,
  onClick,
  isDisabled = false,
  isPending = false,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      ref={ref}
      type={type}
      disabled={isDisabled}
      aria-disabled={isPending || undefined}
      data-pending={isPending || undefined}
      onClick={(event) => {
        if (isPending) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
        onPress?.(event);
      }}
      {...buttonLook({ buttonType, size, className, style })}
    >
      {children}
    </button>
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
