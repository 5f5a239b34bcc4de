import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CountBadge, countBadgeText } from "./CountBadge.tsx";

afterEach(cleanup);

describe("countBadgeText", () => {
  it("caps at 99 with a plus", () => {
    expect(countBadgeText(5)).toBe("5");
    expect(countBadgeText(99)).toBe("99");
    expect(countBadgeText(100)).toBe("99+");
    expect(countBadgeText(123_456)).toBe("99+");
  });

  it("abbreviates uncapped counts above 1050 only", () => {
    expect(countBadgeText(1050, null)).toBe("1050");
    expect(countBadgeText(1449, null)).toBe("1.4k");
    expect(countBadgeText(2_500_000, null)).toBe("2.5m");
  });
});

describe("CountBadge", () => {
  it("shows 99+ and tells screen readers the full label", () => {
    const { container } = render(<CountBadge count={250} label="250 unread notifications" />);
    expect(container.querySelector('[aria-hidden="true"]')?.textContent).toBe("99+");
    expect(screen.getByText("250 unread notifications")).toBeTruthy();
  });

  it("is hidden at zero unless asked", () => {
    const { container, rerender } = render(<CountBadge count={0} />);
    expect(container.textContent).toBe("");
    rerender(<CountBadge count={0} showZero />);
    expect(container.querySelector('[aria-hidden="true"]')?.textContent).toBe("0");
  });
});
