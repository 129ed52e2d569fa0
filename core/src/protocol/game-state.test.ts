import { describe, expect, it } from 'vitest';
import { compactPlayerView, playerViewSchema, type PlayerView } from './game-state.js';
import { avatarPath } from './rest.js';

function player(overrides: Partial<PlayerView>): PlayerView {
  return playerViewSchema.parse({
    id: '1000000001',
    username: 'ann',
    balance: 10,
    position: 1,
    ...overrides,
  });
}

/** What a client gets back from a player as a frame carries it. */
const roundTrip = (p: PlayerView) => playerViewSchema.parse(JSON.parse(JSON.stringify(compactPlayerView(p))));

describe('a player in a frame', () => {
  it("names the player's own photo path only by leaving avatar out", () => {
    const p = player({ avatar: avatarPath('1000000001') });
    expect(compactPlayerView(p)).not.toHaveProperty('avatar');
    expect(roundTrip(p)).toEqual(p);
  });

  it('says null for a player without a photo, and carries any other address as it is', () => {
    for (const avatar of [null, avatarPath('1000000002'), 'https://example.com/a.png']) {
      const p = player({ avatar });
      expect(compactPlayerView(p).avatar).toBe(avatar);
      expect(roundTrip(p)).toEqual(p);
    }
  });

  it('leaves out the fields at rest: dealt in, not folded, nothing bet, no cards', () => {
    expect(compactPlayerView(player({ avatar: null }))).toEqual({
      id: '1000000001',
      username: 'ann',
      avatar: null,
      balance: 10,
      position: 1,
    });
    expect(compactPlayerView(player({ avatar: null, isActive: false })).isActive).toBe(false);
  });
});
