import { Type, type Static } from "typebox";
import { siteSettingRules } from "./site-settings.ts";
import { userRules } from "./user-rules.ts";

const address = Type.String({ minLength: 1, maxLength: userRules.emailMaxLength, pattern: userRules.emailPattern });

/** `POST /emails/send-test` (Vanilla's): a test message to an address, from the sender given or the site's. */
export const EmailSendTest = Type.Object({
  destinationAddress: address,
  from: Type.Optional(
    Type.Object({
      supportAddress: Type.Optional(address),
      supportName: Type.Optional(
        Type.String({ maxLength: siteSettingRules["outgoingEmails.supportName"].maxLength, pattern: "^[^\\r\\n<>]*$" }),
      ),
    }),
  ),
});
export type EmailSendTest = Static<typeof EmailSendTest>;

export const EmailSendTestResult = Type.Object({ success: Type.Boolean() });

/** `GET /emails/delivery`: where the forum's mail goes now, and whether an SMTP password is stored. */
export const EmailDelivery = Type.Object({
  transport: Type.Union([Type.Literal("smtp"), Type.Literal("outbox")]),
  /** The site's settings (`smtp.*`), the server's SMTP_URL, or neither (the outbox). */
  source: Type.Union([Type.Literal("settings"), Type.Literal("environment"), Type.Null()]),
  host: Type.Union([Type.String(), Type.Null()]),
  port: Type.Union([Type.Integer(), Type.Null()]),
  passwordSet: Type.Boolean({ description: "Whether `smtp.password` holds a password (it is never read back)." }),
});
export type EmailDelivery = Static<typeof EmailDelivery>;

/** A message in the outbox (`GET /outbox`): mail written there when no SMTP server is configured. */
export const OutboxMessage = Type.Object({
  id: Type.String(),
  from: Type.String(),
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  html: Type.String(),
  dateInserted: Type.String(),
});
export type OutboxMessage = Static<typeof OutboxMessage>;

/** The sentences of the e-mail settings. */
export const emailMessages = {
  testSubject: "Test e-mail from {site}",
  testBody: "This is a test e-mail from {site}. If you are reading it, the forum's outgoing mail works.",
  testFailed: "The test e-mail could not be sent: {reason}",
} as const;
