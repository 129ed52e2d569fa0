/**
 * The part of core that needs no zod: money, its formats, cards and hand scoring, the protocol's
 * constants, start payloads, the lobby view's rules and game frame patches (frame-diff.ts). The Mini
 * App's first screen imports from here (`@svara/core/plain`) so the protocol's schemas, and zod with
 * them, load only with the screens that check server data; everything here is also exported by the
 * main entry.
 */
export * from './money.js';
export * from './money-format.js';
export * from './format-shapes.js';
export * from './cards.js';
export * from './scoring.js';
export * from './referral.js';
export * from './errors.js';
export * from './protocol/constants.js';
export * from './protocol/start-payload.js';
export * from './protocol/lobby-view.js';
export * from './protocol/frame-diff.js';
