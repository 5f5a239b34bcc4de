import type { QueryClient } from "@tanstack/react-query";
import {
  data,
  redirectDocument,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type RouteObject,
} from "react-router";
import { authenticatorsPagePath, connectPagePath } from "@parley/contracts/authenticators-constants";
import type { AuthenticatorPatch } from "@parley/contracts";
import { safeTarget } from "@parley/contracts/urls";
import { ApiError, type ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow } from "../../lib/route-errors.ts";
import { requirePermitted } from "../users/index.ts";
import { authenticatorsApi } from "./authenticators.api.ts";
import {
  authenticatorKeys,
  authenticatorsQuery,
  oauth2AuthenticatorQuery,
  canManageAuthenticators,
  connectionQuery,
} from "./authenticators.queries.ts";
import { AuthenticatorsPage } from "./pages/AuthenticatorsPage.tsx";
import { ConnectPage } from "./pages/ConnectPage.tsx";
import { ConnectionGonePage } from "./pages/ConnectionGonePage.tsx";

/** A JWT authenticator's form: how its tokens are signed, and where the host's keys are. */
function jwtFieldsOf(form: FormData) {
  return formValue(form, "type") === "jwt"
    ? {
        signingAlgorithm: formValue(form, "signingAlgorithm") === "RS256" ? ("RS256" as const) : ("HS256" as const),
        jwksUrl: formValue(form, "jwksUrl").trim(),
      }
    : {};
}

/** The dashboard form's fields as the API's body (the secret only when one is typed). */
function bodyOf(form: FormData) {
  const text = (name: string) => formValue(form, name).trim();
  const secret = formValue(form, "secret");
  return {
    ...jwtFieldsOf(form),
    name: text("name"),
    buttonLabel: text("buttonLabel"),
    issuer: text("issuer"),
    clientID: text("clientID"),
    ...(secret ? { secret } : {}),
    scope: text("scope") || "openid profile email",
    active: formValue(form, "active") === "1",
    visible: formValue(form, "visible") === "1",
    default: formValue(form, "default") === "1",
    markVerified: formValue(form, "markVerified") === "1",
    ...(formValue(form, "type") === "jwt" ? {} : { signOutAtProvider: formValue(form, "signOutAtProvider") === "1" }),
    userMappings: {
      name: text("claimName") || "preferred_username",
      email: text("claimEmail") || "email",
      photoUrl: text("claimPhoto") || null,
      roles: text("claimRoles") || null,
    },
  };
}

/** The OAuth 2 form's fields, as the form shows them again after a refusal (never the secret). */
const oauth2Fields = [
  "name",
  "buttonLabel",
  "authenticateUrl",
  "tokenUrl",
  "profileUrl",
  "clientID",
  "scope",
  "prompt",
  "map-uniqueID",
  "map-email",
  "map-name",
  "map-fullName",
  "map-photoUrl",
  "map-roles",
] as const;
const oauth2Flags = [
  "useBearerToken",
  "useBasicAuthToken",
  "postProfileRequest",
  "active",
  "visible",
  "default",
  "markVerified",
] as const;

/** An OAuth 2 authenticator's form post: saved through `/authenticators/oauth2`, checked here first. */
async function saveOAuth2(api: ApiClient, form: FormData, intent: "add" | "edit", authenticatorID: number) {
  const text = (name: string) => formValue(form, name).trim();
  const flag = (name: (typeof oauth2Flags)[number]) => formValue(form, name) === "1";
  const values: Record<string, string> = { intent, type: "oauth2", authenticatorID: String(authenticatorID || "") };
  for (const name of oauth2Fields) values[name] = text(name);
  for (const name of oauth2Flags) values[name] = flag(name) ? "1" : "";
  const secret = formValue(form, "secret");
  const errors: Record<string, string> = {};
  if (!values["name"]) errors["name"] = t("Enter a name.");
  for (const name of ["authenticateUrl", "tokenUrl", "profileUrl"] as const)
    if (!URL.canParse(values[name] ?? ""))
      errors[name] = t(
        "Enter the provider's address for this step, on https, such as https://id.example.com/oauth/token.",
      );
  if (!values["clientID"]) errors["clientID"] = t("Enter the client ID.");
  if (intent === "add" && !secret) errors["secret"] = t("Enter the client secret.");
  for (const name of ["map-uniqueID", "map-email", "map-name"] as const)
    if (!values[name]) errors[name] = t("Enter the profile's key.");
  if (Object.keys(errors).length) return formInvalid(errors, values);
  const body = {
    name: text("name"),
    buttonLabel: text("buttonLabel"),
    clientID: text("clientID"),
    ...(secret ? { secret } : {}),
    urls: { authenticateUrl: text("authenticateUrl"), tokenUrl: text("tokenUrl"), profileUrl: text("profileUrl") },
    authenticationRequest: { scope: text("scope"), prompt: text("prompt") },
    userMappings: {
      uniqueID: text("map-uniqueID"),
      email: text("map-email"),
      name: text("map-name"),
      fullName: text("map-fullName"),
      photoUrl: text("map-photoUrl"),
      roles: text("map-roles"),
    },
    useBearerToken: flag("useBearerToken"),
    useBasicAuthToken: flag("useBasicAuthToken"),
    postProfileRequest: flag("postProfileRequest"),
    active: flag("active"),
    visible: flag("visible"),
    default: flag("default"),
    markVerified: flag("markVerified"),
  };
  try {
    const saved =
      intent === "add"
        ? await authenticatorsApi.addOAuth2(api, { ...body, secret: secret })
        : await authenticatorsApi.updateOAuth2(api, authenticatorID, body);
    return { ok: true, message: t("“{name}” is saved.", { name: saved.name }) } satisfies FormResult;
  } catch (error) {
    return formError(error, values);
  }
}

/**
 * `/dashboard/settings/authenticators` (site managers: add, change, delete) and `/entry/connect` (a first sign-in
 * with another site finishing). Plain form posts, so both work without JavaScript.
 */
export function createAuthenticatorsRoutes({
  queryClient,
  api,
}: {
  queryClient: QueryClient;
  api: ApiClient;
}): RouteObject[] {
  const requireManager = (request: Request) =>
    requirePermitted(queryClient, api, request, canManageAuthenticators, "Authenticators");
  return [
    {
      id: "authenticators",
      path: authenticatorsPagePath.slice(1),
      loader: async ({ request }: LoaderFunctionArgs) => {
        await requireManager(request);
        const list = await loadOrThrow("Authenticators", () => queryClient.ensureQueryData(authenticatorsQuery(api)));
        // An OAuth 2 authenticator's edit form needs its own record: its addresses and profile keys.
        const editing = list.find(
          (item) => String(item.authenticatorID) === new URL(request.url).searchParams.get("edit"),
        );
        if (editing?.type === "oauth2")
          await loadOrThrow("Authenticators", () =>
            queryClient.fetchQuery(oauth2AuthenticatorQuery(api, editing.authenticatorID)),
          );
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requireManager(request);
        const form = await request.formData();
        const intent = formValue(form, "intent");
        const authenticatorID = Number(formValue(form, "authenticatorID"));
        if (formValue(form, "type") === "oauth2" && (intent === "add" || intent === "edit")) {
          try {
            return await saveOAuth2(api, form, intent, authenticatorID);
          } finally {
            await queryClient.invalidateQueries({ queryKey: authenticatorKeys.all });
          }
        }
        const body = bodyOf(form);
        // What the form shows again after a refusal: never the secret.
        const type = formValue(form, "type") === "jwt" ? "jwt" : "oidc";
        const values: Record<string, string> = {
          intent,
          type,
          signingAlgorithm: body.signingAlgorithm ?? "",
          jwksUrl: body.jwksUrl ?? "",
          authenticatorID: String(authenticatorID || ""),
          name: body.name,
          buttonLabel: body.buttonLabel,
          issuer: body.issuer,
          clientID: body.clientID,
          scope: body.scope,
          claimName: body.userMappings.name,
          claimEmail: body.userMappings.email,
          claimPhoto: body.userMappings.photoUrl ?? "",
          claimRoles: body.userMappings.roles ?? "",
          active: body.active ? "1" : "",
          visible: body.visible ? "1" : "",
          default: body.default ? "1" : "",
          markVerified: body.markVerified ? "1" : "",
          signOutAtProvider: body.signOutAtProvider ? "1" : "",
        };
        try {
          if (intent === "delete") {
            await authenticatorsApi.remove(api, authenticatorID);
            return {
              ok: true,
              message: t("“{name}” is deleted.", { name: formValue(form, "name") }),
            } satisfies FormResult;
          }
          if (intent !== "add" && intent !== "edit") return null;
          const errors: Record<string, string> = {};
          if (!body.name) errors["name"] = t("Enter a name.");
          if (type === "jwt") {
            if (!body.clientID) errors["clientID"] = t("Enter the audience its tokens name.");
            if (body.signingAlgorithm === "RS256" && !URL.canParse(body.jwksUrl ?? ""))
              errors["jwksUrl"] = t("Enter the address of the host site's keys (JWKS), on https.");
            if (body.signingAlgorithm === "HS256" && intent === "add" && !body.secret)
              errors["secret"] = t("Enter the secret shared with the host site.");
          } else {
            if (!URL.canParse(body.issuer))
              errors["issuer"] = t("Enter the provider's address, such as https://id.example.com.");
            if (!body.clientID) errors["clientID"] = t("Enter the client ID.");
            if (intent === "add" && !body.secret) errors["secret"] = t("Enter the client secret.");
          }
          if (Object.keys(errors).length) return formInvalid(errors, values);
          const saved =
            intent === "add"
              ? await authenticatorsApi.add(api, { type, ...body })
              : await authenticatorsApi.update(api, authenticatorID, body satisfies AuthenticatorPatch);
          return { ok: true, message: t("“{name}” is saved.", { name: saved.name }) } satisfies FormResult;
        } catch (error) {
          return formError(error, values);
        } finally {
          await queryClient.invalidateQueries({ queryKey: authenticatorKeys.all });
        }
      },
      element: <AuthenticatorsPage />,
    },
    {
      id: "connect",
      path: connectPagePath.slice(1),
      loader: async () => {
        try {
          await queryClient.fetchQuery(connectionQuery(api));
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return data({ gone: true }, { status: 404 });
          throw error;
        }
        return { gone: false };
      },
      action: async ({ request }: ActionFunctionArgs) => {
        const form = await request.formData();
        const name = formValue(form, "name").trim();
        const password = formValue(form, "password");
        if (!form.has("password") && !name) return formInvalid({ name: t("Enter a name.") }, { name });
        if (form.has("password") && !password) return formInvalid({ password: t("Enter your password.") }, {});
        try {
          const result = await authenticatorsApi.connect(api, form.has("password") ? { password } : { name });
          return redirectDocument(safeTarget(result.target));
        } catch (error) {
          return formError(error, { name });
        }
      },
      element: <ConnectRoute />,
    },
  ];
}

/** The connect page, or what to do when the sign-in it was for has expired. */
function ConnectRoute() {
  const loaded = useLoaderData<{ gone: boolean }>();
  return loaded.gone ? <ConnectionGonePage /> : <ConnectPage />;
}
