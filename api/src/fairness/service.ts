/**
 * Fairness in the running api: the hash chain kept up as hands end, and the daily digest published
 * soon after midnight (UTC). Started with the realtime layer (it owns the tables).
 */
import type { Knex } from '@mikro-orm/postgresql';
import type { Logger } from '../logger.js';
import { createFairnessChain, type FairnessChain } from './chain.js';
import { createFairnessDigests, type FairnessDigests } from './digest.js';

/** How often the chain is swept for missed hands and due digests are published. */
const SWEEP_EVERY_MS = 10 * 60_000;
/** A sweep looks this far back for hands not chained (a restart's voided hands, a lost poke). */
const SWEEP_BACK_MS = 2 * 86_400_000;

export interface Fairness {
  chain: FairnessChain;
  digests: FairnessDigests;
  /** A sweep, then the due digests; again every SWEEP_EVERY_MS until stop(). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createFairness(knex: Knex, logger: Logger, clock: () => number = Date.now): Fairness {
  const chain = createFairnessChain(knex, logger);
  const digests = createFairnessDigests(knex, logger);
  let timer: NodeJS.Timeout | null = null;

  async function round(): Promise<void> {
    try {
      await chain.sweep(new Date(clock() - SWEEP_BACK_MS));
      await digests.publishDue(new Date(clock()));
    } catch (error) {
      logger.error({ err: error }, 'fairness: sweep or digest failed');
    }
  }

  return {
    chain,
    digests,
    async start() {
      await round();
      timer = setInterval(() => void round(), SWEEP_EVERY_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await chain.idle();
    },
  };
}
