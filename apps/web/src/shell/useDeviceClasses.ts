import { useEffect } from "react";
import { timingLimits } from "@parley/contracts/shell-limits";
import { deviceForWidth, isCompactWidth, pageBreakpoints, type Device } from "./device.ts";

const devices: Device[] = ["xs", "mobile", "tablet", "no_bleed", "desktop"];

/** The class names put on <body>: `device-{xs|mobile|tablet|no_bleed|desktop}` and `isCompact`. */
const deviceClass = (device: Device) => `device-${device}`;
const compactClass = "isCompact";

/** Sets the body's classes for a width, at the page's breakpoints (exported for tests). */
export function applyDeviceClasses(body: HTMLElement, width: number, breakpoints = pageBreakpoints()): void {
  const current = deviceClass(deviceForWidth(width, breakpoints));
  for (const device of devices) {
    const name = deviceClass(device);
    if (name !== current) body.classList.remove(name);
  }
  body.classList.add(current);
  body.classList.toggle(compactClass, isCompactWidth(width, breakpoints));
}

/**
 * Keeps the body's device classes in step with its width, debounced by the resize debounce of spec §9.
 * The server renders without them (CSS media queries lay the page out); they are an enhancement.
 */
export function useDeviceClasses(): void {
  useEffect(() => {
    const body = document.body;
    applyDeviceClasses(body, body.clientWidth);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const handleResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => applyDeviceClasses(body, body.clientWidth), timingLimits.resizeDebounceMs);
    };
    window.addEventListener("resize", handleResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("resize", handleResize);
    };
  }, []);
}
