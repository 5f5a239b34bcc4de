import { useState, type FormEvent } from "react";
import { t } from "../../lib/i18n.ts";
import { Button } from "../button/Button.tsx";
import styles from "./Pager.module.css";
import { ChevronLeftIcon } from "../../ui/icons/icons.tsx";

/** What the jump field holds after typing: digits only, clamped to 1..pageCount, or empty. */
export function cleanJumpInput(value: string, pageCount: number): string {
  const digits = value.replace(/\D/g, "");
  if (digits === "") return "";
  return String(Math.min(Math.max(Number.parseInt(digits, 10), 1), pageCount));
}

export interface PagerJumpProps {
  page: number;
  pageCount: number;
  hasMore: boolean;
  /** Called with the page to go to (the current one when the field was left empty). */
  onJump: (page: number) => void;
  onClose: () => void;
}

/** 'Jump to page [n] of N [Go]', with a back button to the post count (spec §2, §5). */
export function PagerJump({ page, pageCount, hasMore, onJump, onClose }: PagerJumpProps) {
  const [value, setValue] = useState(String(page));
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onJump(value === "" ? page : Number.parseInt(value, 10));
  };
  return (
    <form className={styles.jump} onSubmit={handleSubmit}>
      <Button buttonType="icon" size="medium" aria-label={t("Back to post count")} onPress={onClose}>
        <ChevronLeftIcon size={16} />
      </Button>
      <label className={styles.jumpLabel}>
        {t("Jump to page")}
        <input
          className={styles.jumpInput}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          // The reader asked for this field: it is where they type next.
          autoFocus
          value={value}
          onChange={(event) => setValue(cleanJumpInput(event.target.value, pageCount))}
        />
      </label>
      <span>
        {t("of")} {pageCount}
        {hasMore ? "+" : ""}
      </span>
      <Button type="submit" buttonType="primary" size="medium" className={styles.go}>
        {t("Go")}
      </Button>
    </form>
  );
}
