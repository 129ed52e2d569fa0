export * from './cards/index.js';
export * from './table/index.js';
export * from './icons/index.js';
export * from './sounds/index.js';
