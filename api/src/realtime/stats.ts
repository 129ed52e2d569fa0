/**
 * Operational numbers of the realtime layer: logged every `intervalMs` when asked to, and answered
 * over the IPC channel when the process was started with one (the bench asks for them that way,
 * so no admin endpoint exists for it).
 */
import { monitorEventLoopDelay, type IntervalHistogram, type RecordableHistogram } from 'node:perf_hooks';
import type { Logger } from '../logger.js';

export const STATS_REQUEST = 'svara:realtime-stats';
export const STATS_REPLY = 'svara:realtime-stats-reply';

export type StatsReply = {
  type: typeof STATS_REPLY;
  id: number;
  cpu: NodeJS.CpuUsage;
  /** Event-loop delay since the previous reply, ms: p50, p99, max. */
  loopDelayMs: { p50: number; p99: number; max: number };
  rss: number;
  heapUsed: number;
  counters: Record<string, number>;
  /** Recorded durations since the previous reply, ms (histograms hold microseconds). */
  timesMs: Record<string, { mean: number; p50: number; p99: number; max: number }>;
};

/**
 * An event-loop delay histogram (monitorEventLoopDelay at a 10 ms resolution) in ms: p50, p99, max.
 * The histogram holds whole timer intervals: the delay is what exceeds the resolution.
 */
export function loopDelayMs(loop: IntervalHistogram): { p50: number; p99: number; max: number } {
  const ms = (ns: number) => Math.max(0, Math.round(ns / 1e5 - 100) / 10);
  return { p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) };
}

/**
 * Records the microseconds since `started` (a performance.now()) in `histogram`, which takes whole
 * numbers of at least 1.
 */
export function recordSince(histogram: RecordableHistogram, started: number): void {
  histogram.record(Math.max(1, Math.round((performance.now() - started) * 1000)));
}

export function startStatsReporting(
  counters: () => Record<string, number>,
  intervalMs: number,
  logger: Logger,
  times: Record<string, RecordableHistogram> = {},
): () => void {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const onMessage = (message: unknown) => {
    const m = message as { type?: unknown; id?: unknown } | null;
    if (!m || m.type !== STATS_REQUEST || !process.send) return;
    const memory = process.memoryUsage();
    const reply: StatsReply = {
      type: STATS_REPLY,
      id: typeof m.id === 'number' ? m.id : 0,
      cpu: process.cpuUsage(),
      loopDelayMs: loopDelayMs(loop),
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      counters: counters(),
      timesMs: Object.fromEntries(
        Object.entries(times).map(([name, h]) => [
          name,
          {
            mean: h.count > 0 ? h.mean / 1000 : 0,
            p50: h.percentile(50) / 1000,
            p99: h.percentile(99) / 1000,
            max: h.max / 1000,
          },
        ]),
      ),
    };
    process.send(reply);
    loop.reset();
    for (const h of Object.values(times)) h.reset();
  };
  if (process.send) process.on('message', onMessage);
  const timer =
    intervalMs > 0
      ? setInterval(() => {
          const cpu = process.cpuUsage();
          logger.info(
            { ...counters(), cpuUserMs: cpu.user / 1000, cpuSystemMs: cpu.system / 1000 },
            'realtime stats',
          );
        }, intervalMs)
      : null;
  timer?.unref();
  return () => {
    loop.disable();
    if (timer) clearInterval(timer);
    process.off('message', onMessage);
  };
}
