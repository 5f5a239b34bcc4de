import {
  notificationPreferenceKey,
  type UnsubscribeTopic,
  type NotificationPreferencesPatch,
  type UnsubscribePatch,
  type UnsubscribeResult,
} from "@parley/contracts";
import { fieldError, validationFailed } from "../../platform/errors.ts";

/**
 * What an unsubscribe link may change: the e-mail and pop-up preferences of the one activity its signed token
 * names (the token is the authority, so nothing else of the member's settings).
 */
export function unsubscribeChanges(activityType: UnsubscribeTopic, body: UnsubscribePatch) {
  const email = notificationPreferenceKey("email", activityType);
  const popup = notificationPreferenceKey("popup", activityType);
  const change: { email?: boolean; popup?: boolean } = {};
  for (const { preference, enabled } of body.preferences) {
    const on = enabled === true || enabled === "1";
    if (preference === email) change.email = on;
    else if (preference === popup) change.popup = on;
    else
      throw validationFailed([
        fieldError("preferences", "invalid", `This link changes only ${email} and ${popup}.`, 422),
      ]);
  }
  return { [activityType]: change } as NotificationPreferencesPatch;
}

/** The answer of an unsubscribe or resubscribe: the token's e-mail preference as it now is. */
export const emailPreferenceResult = (activityType: UnsubscribeTopic, enabled: boolean): UnsubscribeResult => ({
  preferences: [{ preference: notificationPreferenceKey("email", activityType), enabled: enabled ? "1" : "0" }],
});
