import { useRef, useState } from "react";
import { limits } from "@parley/contracts/limits";
import type { Poll, PollOption } from "@parley/contracts/polls-constants";
import { t } from "../../../lib/i18n.ts";
import { buttonLook } from "../../../ui/button/Button.tsx";
import { formStyles } from "../../../ui/forms/Form.tsx";
import { useHydrated } from "../../../ui/hydrated.ts";
import styles from "./pollFields.module.css";

const { minOptions, maxOptions, nameMaxLength, optionMaxLength } = limits.polls;
/** The option fields the form starts with (without JavaScript, empty ones are left out when posted). */
const startingOptions = 4;
/** The new option fields an edit starts with (beside the poll's own). */
const startingNewOptions = 2;

/** A poll's fields as the form shows them (the close date in UTC, as its label says), to edit it. */
export const pollFieldValues = (poll: Poll): Record<string, string> => ({
  pollName: poll.name,
  pollChoiceMode: poll.choiceMode,
  pollMaxChoices: poll.choiceMode === "multiple" && poll.maxChoices !== null ? String(poll.maxChoices) : "",
  pollResultsVisibility: poll.resultsVisibility,
  pollDateClosed: poll.dateClosed ? new Date(poll.dateClosed).toISOString().slice(0, 16) : "",
});

/** The poll's own options on its edit: each renamed in place, or removed with its checkbox (while no one voted). */
function ExistingOptions({ options, values }: { options: PollOption[]; values: Record<string, string> | undefined }) {
  const removed = new Set(values?.["pollRemove"]?.split(",") ?? []);
  return (
    <ol className={styles.options} aria-labelledby="poll-options-label">
      {options.map((option, index) => (
        <li key={option.pollOptionID}>
          <input
            name={`pollOption-${option.pollOptionID}`}
            className={formStyles.input}
            maxLength={optionMaxLength}
            defaultValue={values?.[`pollOption-${option.pollOptionID}`] ?? option.body}
            aria-label={t("Option {number}", { number: index + 1 })}
          />
          <label className={formStyles.checkbox}>
            <input
              type="checkbox"
              name="pollRemove"
              value={option.pollOptionID}
              defaultChecked={removed.has(String(option.pollOptionID))}
            />
            {t("Remove")}
            <span className="visually-hidden"> {t("Option {number}", { number: index + 1 })}</span>
          </label>
        </li>
      ))}
    </ol>
  );
}

/** A group's radio buttons, one row each; controlled when `onChange` is given. */
function RadioRows<V extends string>({
  name,
  choices,
  checked,
  onChange,
}: {
  name: string;
  choices: ReadonlyArray<{ value: V; label: string }>;
  checked: V;
  onChange?: (value: V) => void;
}) {
  return choices.map((choice) => (
    <label key={choice.value} className={formStyles.checkbox}>
      <input
        type="radio"
        name={name}
        value={choice.value}
        {...(onChange
          ? { checked: checked === choice.value, onChange: () => onChange(choice.value) }
          : { defaultChecked: checked === choice.value })}
      />
      {choice.label}
    </label>
  ));
}

/**
 * The poll of a new discussion of type poll (the polls add-on): its question, its options (added and removed with
 * JavaScript, up to 20; without it, four fields), one or several choices, who sees the results, the close date.
 * Editing a poll (`existing`: its options), its own options come first, to rename or remove, then new ones.
 */
export function PollFields({
  values,
  errors,
  existing,
}: {
  values: Record<string, string> | undefined;
  errors: Record<string, string> | undefined;
  existing?: PollOption[];
}) {
  const hydrated = useHydrated();
  const kept = values?.["pollOptions"]?.split("\n") ?? [];
  const next = useRef(0);
  const newRow = (body = "") => ({ key: next.current++, body });
  const starting = existing ? startingNewOptions : startingOptions;
  const [rows, setRows] = useState(() =>
    Array.from({ length: Math.max(starting, kept.length) }, (_, index) => newRow(kept[index] ?? "")),
  );
  const total = rows.length + (existing?.length ?? 0);
  const list = useRef<HTMLOListElement>(null);
  const focusOption = (index: number) =>
    requestAnimationFrame(() => list.current?.querySelectorAll<HTMLInputElement>("input")[index]?.focus());
  const handleAdd = () => {
    setRows((current) => [...current, newRow()]);
    focusOption(rows.length);
  };
  const handleRemove = (key: number, index: number) => {
    setRows((current) => current.filter((row) => row.key !== key));
    focusOption(Math.max(0, index - 1));
  };
  const [mode, setMode] = useState<"single" | "multiple">(
    values?.["pollChoiceMode"] === "multiple" ? "multiple" : "single",
  );
  const optionsError = errors?.["pollOptions"];
  return (
    <fieldset className={styles.poll} data-part="poll-fields">
      <legend className={formStyles.label}>{t("Poll")}</legend>
      <div className={formStyles.field}>
        <label htmlFor="poll-name" className={formStyles.label}>
          {t("Question")}
        </label>
        <input
          id="poll-name"
          name="pollName"
          className={formStyles.input}
          maxLength={nameMaxLength}
          defaultValue={values?.["pollName"] ?? ""}
          aria-describedby="poll-name-hint"
        />
        <p id="poll-name-hint" className={formStyles.hint}>
          {t("Leave it empty to ask the discussion's title.")}
        </p>
      </div>
      <div className={formStyles.field}>
        <span id="poll-options-label" className={formStyles.label}>
          {t("Options")}
        </span>
        {existing ? <ExistingOptions options={existing} values={values} /> : null}
        {existing ? (
          <span id="poll-new-options-label" className={formStyles.label}>
            {t("New options")}
          </span>
        ) : null}
        <ol
          ref={list}
          className={styles.options}
          aria-labelledby={existing ? "poll-new-options-label" : "poll-options-label"}
        >
          {rows.map((row, index) => (
            <li key={row.key}>
              <input
                name="pollOption"
                className={formStyles.input}
                maxLength={optionMaxLength}
                defaultValue={row.body}
                aria-label={
                  existing
                    ? t("New option {number}", { number: index + 1 })
                    : t("Option {number}", { number: index + 1 })
                }
                aria-invalid={optionsError ? true : undefined}
                aria-describedby={optionsError ? "poll-options-error" : "poll-options-hint"}
              />
              {hydrated && (existing ? rows.length > 0 : rows.length > minOptions) ? (
                <button
                  type="button"
                  {...buttonLook({ buttonType: "text", size: "compact" })}
                  onClick={() => handleRemove(row.key, index)}
                  aria-label={t("Remove option {number}", { number: index + 1 })}
                >
                  {t("Remove")}
                </button>
              ) : null}
            </li>
          ))}
        </ol>
        {hydrated && total < maxOptions ? (
          <button type="button" {...buttonLook({ buttonType: "outline", size: "compact" })} onClick={handleAdd}>
            {t("Add option")}
          </button>
        ) : null}
        <p id="poll-options-hint" className={formStyles.hint}>
          {existing
            ? t("From {min} to {max} options; empty new ones are left out.", { min: minOptions, max: maxOptions })
            : t("From {min} to {max} options.", { min: minOptions, max: maxOptions })}
        </p>
        {optionsError ? (
          <p id="poll-options-error" className={formStyles.error}>
            {t(optionsError, { min: minOptions, max: maxOptions })}
          </p>
        ) : null}
      </div>
      <fieldset className={styles.group}>
        <legend className={formStyles.label}>{t("Choices")}</legend>
        <RadioRows
          name="pollChoiceMode"
          choices={[
            { value: "single", label: t("One choice") },
            { value: "multiple", label: t("Several choices") },
          ]}
          checked={mode}
          onChange={setMode}
        />
        <label className={styles.inline}>
          {t("At most (optional)")}{" "}
          <input
            type="number"
            name="pollMaxChoices"
            className={`${formStyles.input} ${styles.number}`}
            min={1}
            max={maxOptions}
            defaultValue={values?.["pollMaxChoices"] ?? ""}
          />
        </label>
        {errors?.["pollMaxChoices"] ? (
          <p className={formStyles.error}>{t(errors["pollMaxChoices"], { max: maxOptions })}</p>
        ) : null}
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={formStyles.label}>{t("Show the results")}</legend>
        <RadioRows
          name="pollResultsVisibility"
          choices={[
            { value: "always", label: t("Always") },
            { value: "afterVoting", label: t("After voting (and to everyone once it is closed)") },
          ]}
          checked={values?.["pollResultsVisibility"] === "afterVoting" ? "afterVoting" : "always"}
        />
      </fieldset>
      <div className={formStyles.field}>
        <label htmlFor="poll-closes" className={formStyles.label}>
          {t("Closes (UTC, optional)")}
        </label>
        <input
          id="poll-closes"
          type="datetime-local"
          name="pollDateClosed"
          className={formStyles.input}
          defaultValue={values?.["pollDateClosed"] ?? ""}
          aria-invalid={errors?.["pollDateClosed"] ? true : undefined}
        />
        {errors?.["pollDateClosed"] ? <p className={formStyles.error}>{t(errors["pollDateClosed"])}</p> : null}
      </div>
    </fieldset>
  );
}
