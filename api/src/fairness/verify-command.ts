/**
 * `npm run verify -- <handId>`: checks a hand the way the app's verifier does, from the public api
 * only (GET /api/v1/fairness/hands/:id), with core's own shuffle; no database, no account. The text
 * it prints and its verdict; verify-cli.ts is the command around it.
 */
import {
  API_PREFIX,
  cardLabel,
  previousHandId,
  publicHandRecordSchema,
  verifyHandRecord,
  type FairnessCheckName,
  type PublicHandRecord,
} from '@svara/core';

const CHECK_TEXT: Record<FairnessCheckName, string> = {
  commitment: 'the revealed server seed hashes (SHA-256) to the commitment shown before the deal',
  clientSeed: "the players' client seeds mix into the hand's client seed",
  ownSeed: 'your own seed is among them',
  deal: 'the deck from the seeds deals exactly the cards recorded',
  shownCards: 'the cards shown at the showdown are the ones the deck dealt',
  ownCards: 'your own cards are the ones the deck dealt',
  chain: "the record hashes to its recorded hash, linked to the hash of the table's record before it",
};

export type VerifyOutcome = { ok: boolean; text: string };

export async function verifyCommand(
  handId: string,
  apiUrl: string,
  fetcher: typeof fetch = fetch,
): Promise<VerifyOutcome> {
  const base = `${apiUrl.replace(/\/+$/, '')}${API_PREFIX}/fairness/hands/`;
  const url = `${base}${encodeURIComponent(handId)}`;
  const response = await fetcher(url, { headers: { accept: 'application/json' } });
  if (!response.ok) {
    return { ok: false, text: `✗ ${url}: HTTP ${response.status} (no ended hand with this id?)` };
  }
  const parsed = publicHandRecordSchema.safeParse(await response.json());
  if (!parsed.success) return { ok: false, text: `✗ ${url}: not a hand record` };
  const record = parsed.data;
  // The chain link is checked against the hash recomputed from the previous hand's own record.
  const previousId = previousHandId(record);
  let previous: PublicHandRecord | null = null;
  if (previousId !== null) {
    const before = await fetcher(`${base}${encodeURIComponent(previousId)}`, {
      headers: { accept: 'application/json' },
    });
    if (before.ok) {
      const read = publicHandRecordSchema.safeParse(await before.json());
      if (!read.success) return { ok: false, text: `✗ ${previousId}: not a hand record` };
      previous = read.data;
    } else if (before.status !== 404) {
      return { ok: false, text: `✗ ${previousId}: HTTP ${before.status}` };
    }
  }
  const result = verifyHandRecord(record, { previous });
  const lines = [
    `Hand ${record.handNumber} of table ${record.roomId} (${record.id}), ended ${record.finishedAt}`,
    `  commitment   ${record.commitment}`,
    `  server seed  ${record.serverSeed}`,
    `  client seed  ${record.clientSeed}  (from ${record.playerSeeds.length || 'no'} player seeds${
      record.playerSeeds.length ? `: ${record.playerSeeds.join(', ')}` : ', the default'
    })`,
    `  record hash  ${record.recordHash}  (previous ${record.prevHash})`,
    '',
    ...result.checks.map((c) => `${c.ok ? '✓' : '✗'} ${CHECK_TEXT[c.name]}`),
  ];
  if (record.shown.length > 0) {
    lines.push('', 'Shown at the showdown:');
    for (const s of record.shown) lines.push(`  seat ${s.position}: ${s.cards.map(cardLabel).join(' ')}`);
  }
  lines.push(
    '',
    result.ok ? '✓ The hand is fair: everything checks.' : '✗ The hand does NOT check: see above.',
  );
  return { ok: result.ok, text: lines.join('\n') };
}
