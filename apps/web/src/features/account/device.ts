import { t } from "../../lib/i18n.ts";

const browsers: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
  [/curl\//i, "curl"],
];
const systems: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

/**
 * A session's user agent as a member recognises it: "Firefox on Linux", "Safari on iOS"; what is not
 * recognised is shown cut short, and none at all as "Unknown device".
 */
export function deviceName(userAgent: string | null): string {
  if (!userAgent?.trim()) return t("Unknown device");
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return t("{browser} on {system}", { browser, system });
  if (browser ?? system) return (browser ?? system)!;
  const trimmed = userAgent.trim();
  return trimmed.length > 40 ? `${trimmed.slice(0, 39)}…` : trimmed;
}
