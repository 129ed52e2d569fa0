import { describe, expect, it } from 'vitest';
import { tournamentProblem } from './check.js';

const row = (over: Partial<Parameters<typeof tournamentProblem>[0]>) => ({
  id: 't',
  status: 'registering',
  buy_in: '100',
  fee: '10',
  size: 6,
  entries: '2',
  escrow: '200',
  fees: '20',
  chips: '0',
  ...over,
});

describe("the ledger check's view of a Sit & Go", () => {
  it('wants a buy-in and a fee per entrant while it registers', () => {
    expect(tournamentProblem(row({}))).toBeNull();
    expect(tournamentProblem(row({ escrow: '100' }))).toMatch(/escrow holds 100, expected 200/);
  });

  it('wants every buy-in and every chip while it runs, the fees gone to the house', () => {
    expect(
      tournamentProblem(row({ status: 'running', escrow: '600', fees: '0', chips: '900000' })),
    ).toBeNull();
    expect(tournamentProblem(row({ status: 'running', escrow: '600', fees: '60', chips: '900000' }))).toMatch(
      /fee/,
    );
    expect(tournamentProblem(row({ status: 'running', escrow: '600', fees: '0', chips: '1050000' }))).toMatch(
      /chips/,
    );
  });

  it('wants nothing left once it is over', () => {
    expect(tournamentProblem(row({ status: 'finished', escrow: '0', fees: '0' }))).toBeNull();
    expect(tournamentProblem(row({ status: 'cancelled', escrow: '1', fees: '0' }))).not.toBeNull();
  });
});
