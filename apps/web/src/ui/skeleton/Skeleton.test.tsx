import { cleanup, render } from "@testing-library/react";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Skeleton } from "./Skeleton.tsx";

afterEach(cleanup);

describe("Skeleton", () => {
  it("is a sized placeholder hidden from screen readers", () => {
    const { container } = render(<Skeleton width="60%" height={20} />);
    const bone = container.querySelector<HTMLElement>("[data-skeleton]")!;
    expect(bone.getAttribute("aria-hidden")).toBe("true");
    expect(bone.style.width).toBe("60%");
    expect(bone.style.height).toBe("20px");
  });

  it("shimmers over 2 s and stops for readers who prefer reduced motion", () => {
    const css = readFileSync(join(import.meta.dirname, "Skeleton.module.css"), "utf8");
    expect(css).toMatch(/animation: shimmer 2s/);
    expect(css).toMatch(/prefers-reduced-motion: reduce\)\s*{\s*\.skeleton\s*{\s*animation: none/);
  });
});
