import { errorMessages } from "@parley/contracts/messages";
import { ApiError } from "../../../lib/api.ts";
import { t } from "../../../lib/i18n.ts";

/** What a failure toast says: the error's description or message (spec §8), else the generic sentence. */
export const errorText = (error: unknown) =>
  error instanceof ApiError ? error.description || error.message : t(errorMessages.genericToast);
