export * from './record.js';
export * from './from-state.js';
export * from './verify.js';
export * from './client-seed.js';
export * from './fast-shuffle.js';
export * from './chi-square.js';
