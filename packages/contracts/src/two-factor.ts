import { Type, type Static } from "typebox";
import { DateTime, Nullable } from "./common.ts";
import { twoFactorRules } from "./two-factor-constants.ts";

/**
 * The member's own two-factor state (`GET /users/me/two-factor`). `setup` is there only between "set up" and the
 * confirming code: the key and its QR code are never answered again once two-factor is on.
 */
export const TwoFactorState = Type.Object({
  enabled: Type.Boolean(),
  dateEnabled: Nullable(DateTime),
  /** Recovery codes not yet used. */
  recoveryCodesLeft: Type.Integer(),
  /** The site requires it of this account (an administrator, with `security.requireAdminTwoFactor` on). */
  required: Type.Boolean(),
  setup: Nullable(
    Type.Object({
      /** The key in base32, for typing into an authenticator app. */
      secret: Type.String(),
      /** The `otpauth://` address the QR code holds. */
      uri: Type.String(),
      /** The QR code as an SVG document, drawn by the server. */
      qrCodeSvg: Type.String(),
    }),
  ),
});
export type TwoFactorState = Static<typeof TwoFactorState>;

const Code = Type.String({ minLength: 1, maxLength: twoFactorRules.codeMaxLength });

export const TwoFactorEnableBody = Type.Object({ code: Code });

/** The recovery codes, answered once (when two-factor turns on, and when they are made anew). */
export const TwoFactorRecoveryCodes = Type.Object({ recoveryCodes: Type.Array(Type.String()) });
export type TwoFactorRecoveryCodes = Static<typeof TwoFactorRecoveryCodes>;

/** Turning off, or new recovery codes: the current password, or a code from the app, or a recovery code. */
export const TwoFactorConfirmBody = Type.Object({
  password: Type.Optional(Type.String({ maxLength: 200 })),
  code: Type.Optional(Code),
});
export type TwoFactorConfirmBody = Static<typeof TwoFactorConfirmBody>;

/** The code step of a password sign-in (`POST /authenticate/two-factor`). */
export const TwoFactorSignInBody = Type.Object({
  code: Code,
  /** Skip the code step on this browser for 30 days. */
  remember: Type.Optional(Type.Boolean({ default: false })),
});
export type TwoFactorSignInBody = Static<typeof TwoFactorSignInBody>;

/** `POST /authenticate/password`'s answer (202) for an account with two-factor on: no session yet. */
export const TwoFactorChallenge = Type.Object({
  twoFactorRequired: Type.Literal(true),
  dateExpires: DateTime,
});

/** `DELETE /users/{id}/two-factor`: a member by their numeric id. */
export const TwoFactorUserParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
