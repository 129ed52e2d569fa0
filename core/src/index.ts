export * from './money.js';
export * from './cards.js';
export * from './scoring.js';
export * from './shuffle.js';
export * from './errors.js';
export * from './protocol/index.js';
export * from './table/index.js';
