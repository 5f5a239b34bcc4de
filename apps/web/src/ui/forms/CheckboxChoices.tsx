import { CheckboxField } from "./Form.tsx";

/** A box per choice, all of one name (each checked box sends its own value), checked for the values given. */
export function CheckboxChoices({
  name,
  choices,
  checked,
}: {
  name: string;
  choices: ReadonlyArray<{ value: string; label: string }>;
  checked: readonly string[];
}) {
  return (
    <>
      {choices.map((choice) => (
        <CheckboxField
          key={choice.value}
          label={choice.label}
          name={name}
          value={choice.value}
          defaultChecked={checked.includes(choice.value)}
        />
      ))}
    </>
  );
}
