import { useNavigation } from "react-router";
import { accountFields } from "./account.action.ts";

/** Whether the account page's form of `intent` (for the record `field` = `value`, if given) is being sent. */
export function useSending(intent: string, match?: { field: string; value: string }): boolean {
  const navigation = useNavigation();
  return (
    navigation.state === "submitting" &&
    navigation.formData?.get(accountFields.intent) === intent &&
    (match === undefined || navigation.formData.get(match.field) === match.value)
  );
}
