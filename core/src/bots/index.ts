export * from './house-strategy.js';
export * from './house-names.js';
