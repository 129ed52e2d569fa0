export * from './common.js';
export * from './constants.js';
export * from './start-payload.js';
export * from './rest.js';
export * from './game-state.js';
export * from './socket.js';
export * from './lobby.js';
export * from './hands.js';
