import { botCheckMessages } from "@parley/contracts";
import type { BotCheckConfig } from "../../platform/config.ts";
import { fieldError, HttpError, validationFailed } from "../../platform/errors.ts";

/** How long the provider has to answer before registration says it could not check. */
const VERIFY_TIMEOUT_MS = 10_000;

/**
 * Asks the provider whether the challenge's answer is good (siteverify: form-encoded `secret`, `response`,
 * `remoteip`; JSON `{success}`). A missing or refused answer is the registrant's to fix (400 on the field
 * `captchaResponse`); a provider that cannot be reached is not (503), and nothing is written either way.
 */
export async function verifyBotCheck(config: BotCheckConfig, response: string | undefined, ip: string): Promise<void> {
  const answer = response?.trim() ?? "";
  if (!answer) throw validationFailed([fieldError("captchaResponse", "missingField", botCheckMessages.missing)]);
  let success: unknown;
  try {
    const reply = await fetch(config.verifyUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ secret: config.secret, response: answer, remoteip: ip }).toString(),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!reply.ok) throw new Error(`siteverify answered ${reply.status}`);
    success = ((await reply.json()) as { success?: unknown }).success;
  } catch {
    throw new HttpError(503, botCheckMessages.unavailable);
  }
  if (success !== true) throw validationFailed([fieldError("captchaResponse", "invalid", botCheckMessages.failed)]);
}
