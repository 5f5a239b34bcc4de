import { userMessages, userRules, type FieldError } from "@parley/contracts";
import { fieldError } from "../../platform/errors.ts";

const namePattern = new RegExp(userRules.namePattern, "u");
const emailPattern = new RegExp(userRules.emailPattern);

export function checkName(name: string, field = "name"): FieldError | null {
  const length = [...name].length;
  if (length < userRules.nameMinLength || length > userRules.nameMaxLength || !namePattern.test(name)) {
    return fieldError(field, "invalid", userMessages.nameInvalid);
  }
  return null;
}

export function checkEmail(email: string, field = "email"): FieldError | null {
  if (email.length > userRules.emailMaxLength || !emailPattern.test(email)) {
    return fieldError(field, "invalid", userMessages.emailInvalid);
  }
  return null;
}

export function checkPassword(password: string, field = "password"): FieldError | null {
  if (password.length < userRules.passwordMinLength)
    return fieldError(field, "minLength", userMessages.passwordTooShort);
  if (password.length > userRules.passwordMaxLength) {
    return fieldError(
      field,
      "maxLength",
      `Your password must be at most ${userRules.passwordMaxLength} characters long.`,
    );
  }
  return null;
}
