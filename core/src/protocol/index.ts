export * from './common.js';
export * from './rest.js';
export * from './game-state.js';
export * from './socket.js';
