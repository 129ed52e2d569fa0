import { describe, expect, it } from 'vitest';
import { SerialQueue } from './serial-queue.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('SerialQueue', () => {
  it('runs tasks one at a time in arrival order, even when earlier ones are slower', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    const task = (name: string, waits: number) => async () => {
      log.push(`start ${name}`);
      for (let i = 0; i < waits; i++) await tick();
      log.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([
      queue.run(task('a', 3)),
      queue.run(task('b', 0)),
      queue.run(task('c', 1)),
    ]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('keeps going after a task fails, and the failure reaches only its caller', async () => {
    const queue = new SerialQueue();
    const failed = queue.run(() => {
      throw new Error('boom');
    });
    const next = queue.run(() => 42);
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe(42);
  });

  it('counts pending tasks and drains', async () => {
    const queue = new SerialQueue();
    void queue.run(tick);
    void queue.run(tick);
    expect(queue.size).toBe(2);
    await queue.drain();
    expect(queue.size).toBe(0);
  });
});
