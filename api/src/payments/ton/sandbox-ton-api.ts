/**
 * The sandbox's TON API: without TON_API_URL, outside production with the sandbox provider, the api
 * starts the fake toncenter (fake-toncenter.ts) on a loopback port the first time a player pays from a
 * wallet in USDT, so the button works on a developer's machine with no chain and no key.
 */
import { startFakeToncenter, type FakeToncenter } from './fake-toncenter.js';

export function sandboxTonApi() {
  let started: Promise<FakeToncenter> | null = null;
  return {
    async url(): Promise<string> {
      started ??= startFakeToncenter();
      return (await started).url;
    },
    async close(): Promise<void> {
      if (started) await (await started).close();
      started = null;
    },
  };
}
