/*
 * A line chart's geometry, computed where it renders (the server, without a chart library): the top of the value
 * axis, its labelled values, and one SVG path a series. The plot is drawn in a box of `plotWidth` × `plotHeight`
 * user units that the page stretches to its width (`preserveAspectRatio="none"`, strokes that do not scale).
 */

export const plotWidth = 1000;
export const plotHeight = 200;

/** The round values the value axis may end at, times a power of ten. */
const steps = [1, 2, 2.5, 3, 4, 5, 6, 8, 10];

/** The smallest round value at or above `value` (1 at least, so that a chart of zeros has an axis). */
export function niceCeiling(value: number): number {
  if (!(value > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = steps.find((candidate) => candidate * power >= value) ?? 10;
  return Math.round(step * power);
}

export interface ChartGeometry {
  /** The value at the top of the plot. */
  max: number;
  /** The values the axis names, from the bottom: 0, the middle when it is a whole number, and the top. */
  ticks: number[];
  /** One path a series: a point a day, left to right (a single day is a level line across the plot). */
  paths: string[];
}

const round = (value: number) => Math.round(value * 100) / 100;

/** Where a value sits on the plot (0 at the bottom, `max` at the top). */
export const yOf = (value: number, max: number) => round(plotHeight - (value / max) * plotHeight);

/** Where the `index`th of `count` days sits across the plot. */
export const xOf = (index: number, count: number) => (count > 1 ? round((index / (count - 1)) * plotWidth) : 0);

/** The geometry of a chart of `series` (each a value a day, all of the same days). */
export function chartGeometry(series: readonly (readonly number[])[]): ChartGeometry {
  const max = niceCeiling(Math.max(0, ...series.flat()));
  const ticks = [0, max / 2, max].filter((tick) => Number.isInteger(tick));
  const paths = series.map((values) => {
    if (values.length === 0) return "";
    if (values.length === 1) return `M0 ${yOf(values[0]!, max)} L${plotWidth} ${yOf(values[0]!, max)}`;
    return values
      .map((value, index) => `${index === 0 ? "M" : "L"}${xOf(index, values.length)} ${yOf(value, max)}`)
      .join(" ");
  });
  return { max, ticks, paths };
}
