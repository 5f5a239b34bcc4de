import { t } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/button/Button.tsx";

/**
 * "Move up" and "Move down" for an item of the outline (`target` names it for screen readers: "Move up Banner"); each
 * is marked with its control, which keeps the focus after the move.
 */
export function MoveButtons({
  target,
  first,
  last,
  onMove,
}: {
  target: string;
  first: boolean;
  last: boolean;
  onMove: (direction: -1 | 1) => void;
}) {
  return (
    <>
      <Button
        size="compact"
        data-control="up"
        isDisabled={first}
        aria-label={t("Move up {widget}", { widget: target })}
        onPress={() => onMove(-1)}
      >
        {t("Move up")}
      </Button>
      <Button
        size="compact"
        data-control="down"
        isDisabled={last}
        aria-label={t("Move down {widget}", { widget: target })}
        onPress={() => onMove(1)}
      >
        {t("Move down")}
      </Button>
    </>
  );
}
