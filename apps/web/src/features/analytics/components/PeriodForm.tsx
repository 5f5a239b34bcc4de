import { useRef } from "react";
import { Form, useLocation } from "react-router";
import { analyticsLimits, analyticsPeriods } from "@parley/contracts/analytics-constants";
import { t } from "../../../lib/i18n.ts";
import { SelectField, SubmitButton, TextField } from "../../../ui/forms/Form.tsx";
import type { AnalyticsPeriod } from "../analytics.period.ts";
import { analyticsPagePath } from "../analytics.paths.ts";
import styles from "../pages/AnalyticsPage.module.css";

/** What the form says of dates it could not show, beside the field to fix. */
function problemOf(period: AnalyticsPeriod): { field: "from" | "to"; message: string } | null {
  switch (period.problem) {
    case "invalid":
      return { field: period.from ? "to" : "from", message: t("Enter both dates.") };
    case "order":
      return { field: "to", message: t("The end date must not be before the start date.") };
    case "tooLong":
      return {
        field: "to",
        message: t("A period covers at most {days} days.", { days: analyticsLimits.rangeMaxDays }),
      };
    case "refused":
      return { field: "to", message: period.message ?? t("These dates cannot be shown.") };
    default:
      return null;
  }
}

/**
 * The period to show: the last 7, 30, 90 or 365 days, or dates of one's own (Custom dates). A GET form, so a
 * period has its own address and the page works without JavaScript; with it, changing a date chooses Custom dates.
 */
export function PeriodForm({ period, today }: { period: AnalyticsPeriod; today: string }) {
  const location = useLocation();
  const choice = useRef<HTMLSelectElement>(null);
  const problem = problemOf(period);
  const handleDateChange = () => {
    if (choice.current) choice.current.value = "custom";
  };
  return (
    // Keyed by the address: the fields show the period shown, also after a client-side navigation.
    <Form key={location.search} method="get" action={analyticsPagePath} className={styles.period}>
      <SelectField
        ref={choice}
        label={t("Period")}
        name="period"
        defaultValue={String(period.choice)}
        options={[
          ...analyticsPeriods.map((days) => ({ value: String(days), label: t("Last {count} days", { count: days }) })),
          { value: "custom", label: t("Custom dates") },
        ]}
      />
      <TextField
        label={t("From")}
        name="from"
        type="date"
        max={today}
        defaultValue={period.from}
        onChange={handleDateChange}
        error={problem?.field === "from" ? problem.message : undefined}
      />
      <TextField
        label={t("To")}
        name="to"
        type="date"
        max={today}
        defaultValue={period.to}
        onChange={handleDateChange}
        error={problem?.field === "to" ? problem.message : undefined}
      />
      <SubmitButton>{t("Show")}</SubmitButton>
      <p className={styles.hint}>
        {t("From and To are used when the period is Custom dates. Days are counted in UTC.")}
      </p>
    </Form>
  );
}
