import { useRef, useState, type ReactNode } from "react";
import { Form, useSubmit } from "react-router";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button, type ButtonType } from "../../../ui/button/Button.tsx";
import { useHydrated } from "../../../ui/hydrated.ts";
import { ConfirmModal } from "../../../ui/modal/Modal.tsx";

export interface ConfirmFormProps {
  action: string;
  intent: string;
  /** Hidden fields besides the intent (a member's `userID`). */
  fields?: Record<string, string | number>;
  label: ReactNode;
  /** An accessible name when the label alone is ambiguous in a list ("Remove Jane"). */
  ariaLabel?: string;
  buttonType?: ButtonType;
  /** Asks first (with JavaScript a dialog; without it the action answers with the question). */
  confirm?: { title: string; question: ReactNode; confirmLabel: string };
  busy?: boolean;
  className?: string;
}

/**
 * One button posting one intent: a plain form post, so it works without JavaScript. With `confirm`, once
 * hydrated the press opens a confirmation dialog and confirming posts it with `confirmed=1`.
 */
export function ConfirmForm({
  action,
  intent,
  fields = {},
  label,
  ariaLabel,
  buttonType = "standard",
  confirm,
  busy = false,
  className,
}: ConfirmFormProps) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Form
        ref={form}
        method="post"
        action={action}
        className={className}
        onSubmit={(event) => {
          if (!confirm || !hydrated) return;
          event.preventDefault();
          setAsking(true);
        }}
      >
        <TransientKeyField />
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Button type="submit" buttonType={buttonType} isPending={busy} aria-label={ariaLabel}>
          {label}
        </Button>
      </Form>
      {confirm ? (
        <ConfirmModal
          isOpen={asking}
          title={confirm.title}
          confirmLabel={confirm.confirmLabel}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            if (!form.current) return;
            const data = new FormData(form.current);
            data.set("confirmed", "1");
            void submit(data, { method: "post", action });
          }}
        >
          {confirm.question}
        </ConfirmModal>
      ) : null}
    </>
  );
}
