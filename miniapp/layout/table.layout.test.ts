/**
 * The table as a phone shows it: every piece a player reads (cards, scores, badges, names and
 * balances, the dealer button, bets, the pot, the status, chat bubbles, win amounts) is measured in
 * Chromium, as drawn by the real components, at 390 × 844 and 360 × 640, in Russian and English.
 * Nothing covers anything of another seat or of the middle, nothing leaves the screen, and no text is
 * cut. table-layout.test.ts proves the geometry; this proves that what is drawn follows it.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { translate } from '@svara/locales';
import { LANGS, openFixture, SHOTS, SIZES } from './support';
// From core's source: the layout run does not build core (only the browser side resolves the package).
import { misshapenNumbers } from '../../core/src/format-shapes';
import { CHIPS_SIGN } from '../../core/src/money-format';

const SCENES = [
  { scene: 'showdown-6', chat: true },
  { scene: 'showdown-3', chat: true },
  { scene: 'showdown-3-left', chat: true },
  { scene: 'finished-6', chat: false },
  { scene: 'finished-3', chat: false },
  { scene: 'between-hands-6', chat: true },
  { scene: 'mid-hand-6', chat: false },
  { scene: 'away-holds-2', chat: false },
  { scene: 'alone', chat: true },
  { scene: 'practice-mid-hand', chat: false },
  { scene: 'practice-showdown', chat: true },
  { scene: 'practice-finished', chat: false },
  { scene: 'tournament-mid-hand', chat: true },
  { scene: 'tournament-out', chat: false },
];
const PRACTICE = SCENES.filter((s) => s.scene.startsWith('practice-'));

type Piece = { kind: string; seat: string; x: number; y: number; w: number; h: number; cut: boolean };

/** Pieces of one seat that are drawn together on purpose: the badge and the name touch the avatar's edge. */
const TOGETHER = new Set(['avatar+pill', 'avatar+label', 'avatar+dealer', 'cards+score']);
/** Texts inside a measured piece: checked for being cut only. */
const INSIDE = new Set(['bet-amount', 'balance', 'pot-amount']);

/** Every piece on screen with its box, whose seat it belongs to ('table' for the middle), and whether its text is cut. */
function measure(page: Page): Promise<Piece[]> {
  return page.evaluate(() => {
    const pieces: Piece[] = [];
    const union = (els: Element[]) => {
      const rs = els.map((e) => e.getBoundingClientRect());
      const x = Math.min(...rs.map((r) => r.left));
      const y = Math.min(...rs.map((r) => r.top));
      return {
        x,
        y,
        w: Math.max(...rs.map((r) => r.right)) - x,
        h: Math.max(...rs.map((r) => r.bottom)) - y,
      };
    };
    const cut = (el: Element) =>
      el instanceof HTMLElement &&
      el.clientWidth > 0 &&
      (el.scrollWidth > el.clientWidth + 0.5 || el.scrollHeight > el.clientHeight + 0.5);
    const add = (kind: string, seat: string, el: Element | null, text = true) => {
      if (!el) return;
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) return;
      pieces.push({ kind, seat, x: r.left, y: r.top, w: r.width, h: r.height, cut: text && cut(el) });
    };
    for (const seat of document.querySelectorAll('[data-testid="seat"]')) {
      const n = seat.getAttribute('data-seat')!;
      const q = (id: string) => seat.querySelector(`[data-testid="${id}"]`);
      const cards = [...seat.querySelectorAll('[data-testid="seat-card"]')];
      if (cards.length) pieces.push({ kind: 'cards', seat: n, ...union(cards), cut: false });
      add('score', n, q('seat-score'));
      add('label', n, q('seat-label'));
      add('avatar', n, q('seat-avatar'), false);
      add('pill', n, q('seat-pill'));
      add('balance', n, q('seat-balance'));
      add('dealer', n, q('dealer-marker'), false);
      add('bubble', n, q('chat-bubble'));
      add('win', n, q('win-indicator'));
    }
    for (const seat of document.querySelectorAll('[data-testid="empty-seat"]'))
      add('empty', seat.getAttribute('data-seat')!, seat);
    for (const bet of document.querySelectorAll('[data-testid="bet-stack"]'))
      add('bet', `bet${bet.getAttribute('data-seat')}`, bet);
    for (const label of document.querySelectorAll('[data-testid="bet-amount"]'))
      add('bet-amount', 'table', label);
    add('pot', 'table', document.querySelector('[data-testid="pot-pill"]'));
    add('pot-amount', 'table', document.querySelector('[data-testid="pot-amount"]'));
    add('tax', 'table', document.querySelector('[data-testid="tax-label"]'));
    add('status', 'table', document.querySelector('[data-testid="waiting-state"] > *'));
    add('showdown', 'table', document.querySelector('[data-testid="showdown-title"]'));
    add('deck', 'table', document.querySelector('[data-testid="deck"]'), false);
    // The header: each of its pieces apart from the others and from the table.
    for (const id of [
      'room-header-id',
      'room-stake',
      'my-balance',
      'fairness-badge',
      'room-menu',
      'practice-mark',
      'tournament-line',
    ])
      add(id, 'header', document.querySelector(`[data-testid="${id}"]`));
    return pieces;
  });
}

function overlapping(pieces: Piece[]): string[] {
  const found: string[] = [];
  const name = (p: Piece) => `${p.kind}@${p.seat}`;
  for (const [i, a] of pieces.entries())
    for (const b of pieces.slice(i + 1)) {
      if (INSIDE.has(a.kind) || INSIDE.has(b.kind)) continue;
      if (a.seat === b.seat && (TOGETHER.has(`${a.kind}+${b.kind}`) || TOGETHER.has(`${b.kind}+${a.kind}`)))
        continue;
      const apart =
        a.x + a.w <= b.x + 0.5 || b.x + b.w <= a.x + 0.5 || a.y + a.h <= b.y + 0.5 || b.y + b.h <= a.y + 0.5;
      if (!apart) found.push(`${name(a)} × ${name(b)}`);
    }
  return found;
}

describe('the table on a phone', () => {
  let page: Page;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ page, close } = await openFixture('table.html', 'table'));
  });

  afterAll(async () => {
    await close?.();
  });

  it('marks only the player the server sits out, and says why a table with an away player waits', async () => {
    const show = (scene: string) =>
      page.evaluate((shown) => window.showScene(shown), {
        scene,
        lang: 'en' as const,
        chat: false,
        replay: false,
      });
    const labels = () =>
      page.$$eval('[data-testid="seat-label"]', (els) =>
        els.map(
          (el) => `${el.closest('[data-seat]')!.getAttribute('data-seat')}:${el.getAttribute('data-label')}`,
        ),
      );
    await show('alone');
    expect(await labels()).toEqual([]);
    await show('between-hands-6');
    expect((await labels()).sort()).toEqual(['2:away', '5:sittingOut']);
    await show('away-holds-2');
    expect(await page.getByTestId('waiting-state').textContent()).toBe(
      translate('en', 'game.waitingForAway'),
    );
  });

  for (const lang of LANGS)
    it(`writes a practice table in play chips only, and marks it and its house players, in ${lang}`, async () => {
      for (const { scene, chat } of PRACTICE) {
        await page.evaluate((shown) => window.showScene(shown), { scene, lang, chat, replay: false });
        const text = await page.evaluate(() => document.body.innerText);
        // RULES §8: no "$" anywhere, and every chip amount in the formatter's shape.
        expect(text, scene).not.toContain('$');
        expect(text, scene).toContain(CHIPS_SIGN);
        expect(misshapenNumbers(text, lang), scene).toEqual([]);
        expect(await page.getByTestId('practice-mark').textContent()).toContain(
          translate(lang, 'practiceTable.mark'),
        );
        const house = await page.$$eval('[data-testid="seat"]', (seats) =>
          seats.map(
            (s) =>
              `${s.getAttribute('data-player-id')}:${Boolean(s.querySelector('[data-testid="house-badge"]'))}`,
          ),
        );
        // The house players (negative ids) wear the badge; the people do not.
        expect(house.sort(), scene).toEqual(
          ['-9:true', '-10:true', '-13:true', '1003:false', '1004:false'].sort(),
        );
      }
    });

  for (const size of SIZES)
    for (const lang of LANGS)
      it(`a practice table's raise sheet, svara dialog and spectator bar at ${size.width}×${size.height} in ${lang}: chips, and all fits`, async () => {
        await page.setViewportSize(size);
        for (const over of ['raise', 'svara', 'spectator'] as const) {
          const scene = over === 'svara' ? 'practice-showdown' : 'practice-mid-hand';
          await page.evaluate((shown) => window.showScene(shown), {
            scene,
            lang,
            chat: false,
            replay: false,
            over,
          });
          await page.waitForFunction(() => document.fonts.status === 'loaded');
          await page.screenshot({ path: path.join(SHOTS, `practice-${over}-${size.width}-${lang}.png`) });
          const seen = await page.evaluate(() => {
            const width = document.documentElement.clientWidth;
            const bad = [...document.querySelectorAll<HTMLElement>('button, span, p, h2, div')]
              .filter((el) => {
                const r = el.getBoundingClientRect();
                if (r.width === 0 || el.closest('[data-testid="table"]')) return false;
                // A button whose words do not fit it, as the format walk checks.
                const style = getComputedStyle(el);
                const clipped =
                  el.tagName === 'BUTTON' &&
                  ((el.scrollWidth > el.clientWidth + 1 && style.overflowX === 'visible') ||
                    (el.scrollHeight > el.clientHeight + 1 && style.overflowY === 'visible'));
                return r.left < -0.5 || r.right > width + 0.5 || clipped;
              })
              .map((el) => `${el.dataset.testid ?? el.tagName}: ${el.innerText.slice(0, 30)}`);
            return { text: document.body.innerText, bad };
          });
          expect(seen.text, over).not.toContain('$');
          expect(seen.text, over).toContain(CHIPS_SIGN);
          expect(misshapenNumbers(seen.text, lang), over).toEqual([]);
          expect(seen.bad, over).toEqual([]);
        }
      });

  for (const size of SIZES)
    for (const lang of LANGS)
      it(`a Sit & Go's line, a player out and the results at ${size.width}×${size.height} in ${lang}: all fits`, async () => {
        await page.setViewportSize(size);
        const shots = [
          { scene: 'tournament-mid-hand', over: undefined, name: 'tournament-line' },
          { scene: 'tournament-out', over: undefined, name: 'tournament-out' },
          { scene: 'tournament-out', over: 'results' as const, name: 'tournament-results' },
        ];
        for (const { scene, over, name } of shots) {
          await page.evaluate((shown) => window.showScene(shown), {
            scene,
            lang,
            chat: false,
            replay: false,
            over,
          });
          await page.waitForFunction(() => document.fonts.status === 'loaded');
          await page.screenshot({ path: path.join(SHOTS, `${name}-${size.width}-${lang}.png`) });
          const seen = await page.evaluate(() => {
            const width = document.documentElement.clientWidth;
            const height = document.documentElement.clientHeight;
            const bad = [...document.querySelectorAll<HTMLElement>('button, span, p, h2, div, li')]
              .filter((el) => {
                const r = el.getBoundingClientRect();
                if (r.width === 0 || el.closest('[data-testid="table"]')) return false;
                const style = getComputedStyle(el);
                const clipped =
                  (el.tagName === 'BUTTON' || el.closest('[data-testid="tournament-line"]')) &&
                  ((el.scrollWidth > el.clientWidth + 1 && style.overflowX === 'visible') ||
                    (el.scrollHeight > el.clientHeight + 1 && style.overflowY === 'visible'));
                return r.left < -0.5 || r.right > width + 0.5 || r.bottom > height + 0.5 || clipped;
              })
              .map((el) => `${el.dataset.testid ?? el.tagName}: ${el.innerText.slice(0, 30)}`);
            const box = (id: string) =>
              document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect();
            return {
              text: document.body.innerText,
              bad,
              line: box('tournament-line'),
              out: box('tournament-out'),
            };
          });
          expect(misshapenNumbers(seen.text, lang), name).toEqual([]);
          expect(seen.bad, name).toEqual([]);
          // The line is there, on two rows at most (16 px each, their gap, padding and border).
          expect(seen.line, name).toBeDefined();
          expect(seen.line!.height, name).toBeLessThanOrEqual(2 * 16 + 2 + 8 + 2);
          if (scene === 'tournament-out') {
            expect(seen.text, name).toContain(translate(lang, 'tournaments.ordinal.4'));
            expect(seen.out, name).toBeDefined();
          }
          if (over === 'results') {
            const rows = await page.getByTestId('results-row').count();
            expect(rows, name).toBe(6);
            // The way back to the lobby is on screen, not below it.
            const lobby = await page.getByTestId('results-lobby').boundingBox();
            expect(lobby!.y + lobby!.height, name).toBeLessThanOrEqual(size.height);
          }
        }
      });

  for (const size of SIZES)
    for (const lang of LANGS)
      for (const { scene, chat } of SCENES)
        it(`${scene} at ${size.width}×${size.height} in ${lang}: nothing covered, off screen or cut`, async () => {
          await page.setViewportSize(size);
          await page.evaluate((shown) => window.showScene(shown), { scene, lang, chat, replay: false });
          await page.waitForFunction(() => document.fonts.status === 'loaded');
          await page.screenshot({ path: path.join(SHOTS, `${scene}-${size.width}-${lang}.png`) });
          const pieces = await measure(page);
          expect(pieces.length).toBeGreaterThan(5);
          expect(overlapping(pieces)).toEqual([]);
          const off = pieces.filter(
            (p) => p.x < 0 || p.y < 0 || p.x + p.w > size.width || p.y + p.h > size.height,
          );
          expect(off.map((p) => `${p.kind}@${p.seat}`)).toEqual([]);
          expect(pieces.filter((p) => p.cut).map((p) => `${p.kind}@${p.seat}`)).toEqual([]);
        });
});
