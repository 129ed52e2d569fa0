/** Sit & Go tournaments (RULES §9): the rules that differ from a cash table, as pure functions. */
export * from './schedule.js';
export * from './places.js';
export * from './prizes.js';
export * from './stacks.js';
