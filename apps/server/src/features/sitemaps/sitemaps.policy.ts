import { permissionRule } from "../../platform/auth/access.ts";

/** What crawlers are told and shown: always as a guest reads the forum. */
export const sitemapsPolicy = {
  /** The forum is open to guests: they may read discussions somewhere (else robots.txt keeps crawlers out). */
  isOpenTo: permissionRule("discussions.view"),
};
