import { redirect, redirectDocument, type ActionFunctionArgs } from "react-router";
import { twoFactorEntryPath } from "@parley/contracts/two-factor-constants";
import { t } from "../../lib/i18n.ts";
import { targetQuery } from "../../lib/targets.ts";
import { botCheckResponseFields } from "@parley/contracts/bot-check";
import { userMessages, userRules } from "@parley/contracts/user-rules";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue, type FormResult } from "../../lib/forms.ts";
import { safeTarget } from "@parley/contracts/urls";
import { entryApi } from "../users/index.ts";

const targetOf = (request: Request) => safeTarget(new URL(request.url).searchParams.get("Target"));

/**
 * The entry forms' actions. They run in the browser (fetch) or, without JavaScript, on the server
 * (the same API calls in-process); success reloads the whole document so every part of the page
 * sees the new session.
 */
export function createEntryActions(api: ApiClient) {
  return {
    signIn: async ({ request }: ActionFunctionArgs) => {
      const form = await request.formData();
      const values = { username: formValue(form, "username").trim() };
      const password = formValue(form, "password");
      const errors: Record<string, string> = {};
      if (!values.username) errors["username"] = "Enter your email or username.";
      if (!password) errors["password"] = "Enter your password.";
      if (Object.keys(errors).length) return formInvalid(errors, values);
      try {
        const { data } = await entryApi.signIn(api, {
          username: values.username,
          password,
          persist: formValue(form, "persist") === "1",
        });
        // Two-factor on: the code step, then where the member was going.
        if ("twoFactorRequired" in data)
          return redirect(`${twoFactorEntryPath}${targetQuery(new URL(request.url).search)}`);
      } catch (error) {
        return formError(error, values);
      }
      return redirectDocument(targetOf(request));
    },

    twoFactor: async ({ request }: ActionFunctionArgs) => {
      const form = await request.formData();
      const code = formValue(form, "code").trim();
      if (!code) return formInvalid({ code: t("Enter the code from your authenticator app, or a recovery code.") }, {});
      try {
        await entryApi.signInWithCode(api, { code, remember: formValue(form, "remember") === "1" });
      } catch (error) {
        return formError(error, {});
      }
      return redirectDocument(targetOf(request));
    },

    signOut: async ({ request }: ActionFunctionArgs) => {
      const form = await request.formData();
      let signOutUrl: string | undefined;
      try {
        const { data } = await entryApi.signOut(api, formValue(form, "transientKey") || undefined);
        signOutUrl = data?.signOutUrl;
      } catch (error) {
        return formError(error, {});
      }
      // Signed in with a provider that signs out too: on to its sign-out, which sends the browser back here.
      return redirectDocument(signOutUrl ?? targetOf(request));
    },

    register: async ({ request }: ActionFunctionArgs) => {
      const form = await request.formData();
      const values = { email: formValue(form, "email").trim(), name: formValue(form, "name").trim() };
      // Registration by approval asks why one wants to join (the field is there only then).
      const discoveryText = form.has("discoveryText") ? formValue(form, "discoveryText").trim() : undefined;
      // The bot check's answer, from the hidden field its provider's challenge wrote.
      const answerField = botCheckResponseFields.find((field) => form.has(field));
      const captchaResponse = answerField ? formValue(form, answerField) : undefined;
      // An invitation's code (registration by invitation), from the invitation link's hidden field.
      const invitationCode = formValue(form, "invitationCode") || undefined;
      const password = formValue(form, "password");
      if (password !== formValue(form, "passwordConfirm")) {
        return formInvalid(
          { passwordConfirm: "The passwords you entered do not match." },
          { ...values, discoveryText: discoveryText ?? "" },
        );
      }
      try {
        const { data } = await entryApi.register(api, {
          ...values,
          password,
          ...(discoveryText === undefined ? {} : { discoveryText }),
          ...(captchaResponse === undefined ? {} : { captchaResponse }),
          ...(invitationCode === undefined ? {} : { invitationCode }),
        });
        // The account waits for an administrator: nothing to sign in to yet.
        if (data.pendingApproval) return { ok: true, message: userMessages.applicationReceived } satisfies FormResult;
        await entryApi.signIn(api, { username: values.name, password, persist: false });
      } catch (error) {
        return formError(error, { ...values, discoveryText: discoveryText ?? "" });
      }
      return redirectDocument(targetOf(request));
    },

    requestPassword: async ({ request }: ActionFunctionArgs) => {
      const form = await request.formData();
      const values = { email: formValue(form, "email").trim() };
      if (!values.email) return formInvalid({ email: "Enter your email address." }, values);
      try {
        const { data } = await entryApi.requestPassword(api, values.email);
        return { ok: true, message: data.message, values } satisfies FormResult;
      } catch (error) {
        return formError(error, values);
      }
    },

    resetPassword: async ({ request, params }: ActionFunctionArgs) => {
      const form = await request.formData();
      const password = formValue(form, "password");
      if (password.length < userRules.passwordMinLength)
        return formInvalid({ password: userMessages.passwordTooShort }, {});
      if (password !== formValue(form, "passwordConfirm")) {
        return formInvalid({ passwordConfirm: "The passwords you entered do not match." }, {});
      }
      try {
        await entryApi.resetPassword(api, params["token"] ?? "", password);
      } catch (error) {
        return formError(error, {});
      }
      return { ok: true, message: "Your password has been changed. You can sign in with it now." } satisfies FormResult;
    },

    resendConfirmation: async ({ request }: ActionFunctionArgs) => {
      const form = await request.formData();
      try {
        const { data } = await entryApi.resendConfirmation(api, formValue(form, "transientKey") || undefined);
        return { ok: true, message: data.message } satisfies FormResult;
      } catch (error) {
        return formError(error, {});
      }
    },
  };
}
