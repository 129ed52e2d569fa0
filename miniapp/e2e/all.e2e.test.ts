/**
 * The end-to-end run: every `*.e2e.ts` of this folder, one after another in one test file.
 *
 * They share the one product global-setup.ts builds and starts, so they must not run side by side.
 * As one file they run on one worker beside the rest of the suite. Vitest runs a project whose files
 * go one at a time only after every other file is done, which left one core idle for minutes.
 * app.e2e.ts comes first: its seeded deals take the first server seeds the run hands out
 * (DEV_SERVER_SEEDS, global-setup.ts), so no other file may open a table before it.
 *
 * One part alone: `npx vitest run --project miniapp-e2e -t "<its describe's name>"`.
 */
import './app.e2e';
import './ton-connect.e2e';
import './sit-and-go.e2e';
import './account.e2e';
import './formats.e2e';
import './fairness.e2e';
import './payments.e2e';
import './protection.e2e';
import './practice.e2e';
