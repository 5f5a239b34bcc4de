import cliProgress from "cli-progress";

/** One progress bar over every row the seeder writes, with the current phase and the row rate. */
export interface Progress {
  phase(name: string): void;
  add(rows: number): void;
  stop(): void;
}

export function createProgress(total: number, enabled: boolean): Progress {
  if (!enabled) return { phase: () => {}, add: () => {}, stop: () => {} };
  const tty = Boolean(process.stderr.isTTY);
  const bar = new cliProgress.SingleBar(
    {
      format:
        "{phase} |{bar}| {percentage}% | {value}/{total} rows | {rate} rows/s | {duration_formatted} (ETA {eta_formatted})",
      barCompleteChar: "█",
      barIncompleteChar: "░",
      hideCursor: tty,
      gracefulExit: false,
      etaBuffer: 200,
      noTTYOutput: !tty,
      notTTYSchedule: 5_000,
      stream: process.stderr,
    },
    cliProgress.Presets.shades_classic,
  );
  const started = Date.now();
  let value = 0;
  let phase = "starting";
  const payload = () => ({
    phase: phase.padEnd(11),
    rate: Math.round(value / Math.max(0.001, (Date.now() - started) / 1000)).toLocaleString("en-US"),
  });
  bar.start(total, 0, payload());
  return {
    phase(name) {
      phase = name;
      bar.update(value, payload());
    },
    add(rows) {
      value += rows;
      bar.update(value, payload());
    },
    stop() {
      bar.update(value, payload());
      bar.stop();
    },
  };
}
