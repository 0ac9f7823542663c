export interface Measurement {
  count: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** The load generator's process CPU (ms) for the whole load, every lane (bench/http-load.ts only). */
  loadCpuMs?: number;
}

/** Runs `task` `count` times with `concurrency` in flight; rate and latency percentiles (ms). */
export async function measure(
  count: number,
  concurrency: number,
  task: () => Promise<unknown>,
): Promise<Measurement> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next++;
        const t0 = performance.now();
        await task();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { count, seconds, perSecond: count / seconds, p50: at(0.5), p99: at(0.99) };
}

export function report(title: string, subject: Measurement, baseline: Measurement): void {
  const line = (m: Measurement) =>
    `${m.perSecond.toFixed(0).padStart(7)} /s   p50 ${m.p50.toFixed(2)} ms   p99 ${m.p99.toFixed(2)} ms`;
  console.log(
    `${title}\n  subject  ${line(subject)}\n  baseline ${line(baseline)}\n  ratio    ${(subject.perSecond / baseline.perSecond).toFixed(2)}`,
  );
}
