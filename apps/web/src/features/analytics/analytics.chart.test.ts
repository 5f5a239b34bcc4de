import { describe, expect, it } from "vitest";
import { chartGeometry, niceCeiling, plotHeight, plotWidth, xOf, yOf } from "./analytics.chart.ts";

/** The points of a path, as numbers. */
const points = (path: string) =>
  [...path.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map(([, x, y]) => [Number(x), Number(y)]);

describe("the analytics charts' geometry", () => {
  it("ends the value axis at a round value at or above the highest, 1 at least", () => {
    expect([0, 0.5, 1, 2, 3, 7, 9, 11, 19, 21, 99, 101, 120, 250, 251, 999, 1001, 45_000].map(niceCeiling)).toEqual([
      1, 1, 1, 2, 3, 8, 10, 20, 20, 25, 100, 200, 200, 250, 300, 1000, 2000, 50_000,
    ]);
  });

  it("puts a point a day from the left edge to the right, 0 at the bottom and the axis's top at the top", () => {
    const { max, ticks, paths } = chartGeometry([
      [0, 5, 10, 20],
      [1, 2, 3, 4],
    ]);
    expect(max).toBe(20);
    expect(ticks).toEqual([0, 10, 20]);
    expect(points(paths[0]!)).toEqual([
      [0, plotHeight],
      [333.33, 150],
      [666.67, 100],
      [plotWidth, 0],
    ]);
    expect(points(paths[1]!).map(([, y]) => y)).toEqual([190, 180, 170, 160]);
    expect(paths[0]!.startsWith("M0 200 L333.33 150")).toBe(true);
  });

  it("draws a chart of zeros along the bottom, on an axis from 0 to 1", () => {
    const { max, ticks, paths } = chartGeometry([[0, 0, 0]]);
    expect(max).toBe(1);
    expect(ticks).toEqual([0, 1]);
    expect(points(paths[0]!).every(([, y]) => y === plotHeight)).toBe(true);
  });

  it("draws a single day as a level line across the plot, and names only whole values on the axis", () => {
    const { max, ticks, paths } = chartGeometry([[3]]);
    expect(max).toBe(3);
    expect(ticks).toEqual([0, 3]);
    expect(points(paths[0]!)).toEqual([
      [0, 0],
      [plotWidth, 0],
    ]);
  });

  it("places values and days by the same rules the paths use", () => {
    expect(yOf(0, 40)).toBe(plotHeight);
    expect(yOf(40, 40)).toBe(0);
    expect(yOf(10, 40)).toBe(150);
    expect(xOf(0, 30)).toBe(0);
    expect(xOf(29, 30)).toBe(plotWidth);
    expect(xOf(0, 1)).toBe(0);
  });
});
