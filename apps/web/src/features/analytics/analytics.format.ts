import { formatDate } from "../../lib/dates.ts";
import { currentLocale } from "../../lib/i18n.ts";

/** A day of the analytics (`YYYY-MM-DD`, UTC) as the reader's locale writes it: 'Dec 4, 2026'. */
export const formatDay = (day: string) => formatDate(`${day}T00:00:00Z`, "default", { timeZone: "UTC" });

/** A count in full, as the reader's locale writes it: '1,234'. */
export const formatNumber = (value: number) => new Intl.NumberFormat(currentLocale()).format(value);
