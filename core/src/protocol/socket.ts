/** Socket.io events both ways (SPEC §7). Client → server payloads are validated with these schemas. */
import { z } from 'zod';
import { dollarAmountSchema } from '../money-schema.js';
import { gameStateSchema, gameActionNameSchema } from './game-state.js';
import { framePatchSchema } from './frame-patch.js';
import { roomIdSchema, telegramIdSchema } from './common.js';
import { CHAT_PHRASE_COUNT } from './constants.js';
import { lobbyRoomsSchema, lobbyViewSchema } from './lobby.js';
import { clientSeedSchema } from '../fairness/client-seed.js';
import { exclusionStateSchema, realityCheckEventSchema } from './protection.js';
import { profileSuspensionSchema } from './rest.js';
import {
  tournamentCancelledEventSchema,
  tournamentFinishedEventSchema,
  tournamentStartedEventSchema,
} from './tournaments.js';

export const chatPhraseSchema = z
  .string()
  .regex(/^phrase(\d{1,2})$/)
  .refine((p) => {
    const n = Number(p.slice('phrase'.length));
    return n >= 1 && n <= CHAT_PHRASE_COUNT;
  });
export type ChatPhrase = z.infer<typeof chatPhraseSchema>;

export const SOUND_NAMES = ['fold', 'turn', 'win', 'chip', 'deal'] as const;
export const soundNameSchema = z.enum(SOUND_NAMES);
export type SoundName = z.infer<typeof soundNameSchema>;

const userDataSchema = z
  .object({
    username: z.string().max(64).nullable().optional(),
    avatar: z.string().max(512).nullable().optional(),
  })
  .optional();

/** Client → server. */
export const clientEvents = {
  /** The lobby view to follow (lobby.ts); bare, the first page of every room, sent as whole lists. */
  request_rooms: z.undefined().or(lobbyViewSchema),
  join: telegramIdSchema.or(z.object({ telegramId: telegramIdSchema })).optional(),
  subscribe_balance: telegramIdSchema.or(z.object({ telegramId: telegramIdSchema })).optional(),
  join_room: z.object({ roomId: roomIdSchema }),
  game_action: z.object({
    roomId: roomIdSchema,
    action: gameActionNameSchema,
    amount: dollarAmountSchema.optional().nullable(),
  }),
  sit_down: z.object({
    roomId: roomIdSchema,
    position: z.number().int().min(1).max(6).optional(),
    userData: userDataSchema,
  }),
  leave_room: z.object({ roomId: roomIdSchema }),
  auto_fold: z.object({ roomId: roomIdSchema }),
  chat_message: z.object({ roomId: roomIdSchema, phrase: chatPhraseSchema }),
  /**
   * A player's contribution to the next hand's client seed (RULES §7, FAIRNESS.md §6): taken while
   * the table shows that hand's commitment (`fairness.nextCommitment`), which the app names here; it
   * goes into that hand if the player is seated at its deal.
   */
  set_client_seed: z.object({
    roomId: roomIdSchema,
    seed: clientSeedSchema,
    commitment: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
  }),
} as const;
export type ClientEventName = keyof typeof clientEvents;
export type ClientEventPayload<E extends ClientEventName> = z.infer<(typeof clientEvents)[E]>;

/**
 * Why the server stood a player up (RULES §6), sent as `stood_up` to every socket of that player.
 * Each is also an error catalogue code (`errors.<code>` in locales). A player who left is not told.
 */
export const STOOD_UP_CODES = [
  'balance_below_ante',
  'away_too_long',
  'account_suspended',
  // Player protection: the hand finished and a limit was reached, or the account excluded itself
  'loss_limit_reached',
  'session_limit_reached',
  'self_excluded',
] as const;
export const stoodUpCodeSchema = z.enum(STOOD_UP_CODES);
export type StoodUpCode = z.infer<typeof stoodUpCodeSchema>;

/**
 * What the account may do now, sent to every socket of the player (on every node) when an operator
 * suspends or unsuspends it and when a cool-off or self-exclusion starts or is extended, and to each
 * socket as it connects: the whole state, so a tab that missed an event is right again.
 */
export const accountStateSchema = z.object({
  suspension: profileSuspensionSchema.nullable(),
  exclusion: exclusionStateSchema.nullable(),
});
export type AccountState = z.infer<typeof accountStateSchema>;

/** Server → client. */
export const serverEvents = {
  rooms: lobbyRoomsSchema,
  /** A whole frame, numbered (`seq`): on entering a room, and on join_room again after a gap. */
  game_state: gameStateSchema,
  /** The next frame as a patch against the previous one this connection got (frame-patch.ts). */
  game_update: framePatchSchema,
  play_sound: z.object({ sound: soundNameSchema }),
  new_chat_message: z.object({ roomId: roomIdSchema, playerId: z.string(), phrase: chatPhraseSchema }),
  error: z.object({ code: z.string(), message: z.string() }),
  /** The player's seat in `roomId` was freed by the server; `message` is `code`'s text in their language. */
  stood_up: z.object({ roomId: roomIdSchema, code: stoodUpCodeSchema, message: z.string() }),
  balanceUpdated: z.object({ balance: z.number() }),
  transactionConfirmed: z.object({ balance: z.number(), message: z.string() }),
  /** A seated player's session reached a multiple of their reality-check minutes (protection.ts). */
  reality_check: realityCheckEventSchema,
  account_state: accountStateSchema,
  /** Sit & Go (RULES §9, tournaments.ts): the tournament filled and its table is open. */
  tournament_started: tournamentStartedEventSchema,
  /** The player is out (their place) or won. */
  tournament_finished: tournamentFinishedEventSchema,
  /** An operator cancelled it: the player's share of the escrow and their fee came back. */
  tournament_cancelled: tournamentCancelledEventSchema,
} as const;
export type ServerEventName = keyof typeof serverEvents;
export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof serverEvents)[E]>;

/** Every client event may carry an acknowledgement callback; it receives this. */
export const ackSchema = z.union([
  z.object({ ok: z.literal(true), data: z.unknown().optional() }),
  z.object({ ok: z.literal(false), code: z.string(), message: z.string() }),
]);
export type Ack = z.infer<typeof ackSchema>;

export const dollarsOnWire = dollarAmountSchema;
