import { useCallback, useEffect, useRef, useState, type RefObject } from "react";

/**
 * The rows checked in a form's `userID` boxes, read from the boxes themselves: they stay plain (uncontrolled)
 * checkboxes, so the page posts them without JavaScript and boxes checked before hydration count. `all` checks or
 * clears every row; `clear` empties the selection after an action is done. The "select all" box (`allOnPage`)
 * follows: checked when every row is, mixed when some are.
 */
export function useCheckedRows(form: RefObject<HTMLFormElement | null>) {
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const boxes = useCallback(
    () => [...(form.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name="userID"]') ?? [])],
    [form],
  );
  const read = useCallback(
    () =>
      setChecked(
        new Set(
          boxes()
            .filter((box) => box.checked)
            .map((box) => Number(box.value)),
        ),
      ),
    [boxes],
  );
  const all = useCallback(
    (on: boolean) => {
      for (const box of boxes()) box.checked = on;
      read();
    },
    [boxes, read],
  );
  const clear = useCallback(() => all(false), [all]);
  const selectAll = useRef<HTMLInputElement>(null);

  useEffect(read, [read]);
  useEffect(() => {
    const box = selectAll.current;
    if (!box) return;
    const rows = boxes().length;
    box.checked = rows > 0 && checked.size === rows;
    box.indeterminate = checked.size > 0 && checked.size < rows;
  }, [boxes, checked]);

  return { checked, read, all, clear, selectAll };
}
