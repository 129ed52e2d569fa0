/** The socket protocol's zod schemas (from core); a separate module so they load with the socket. */
export { ackSchema, gameStateSchema, serverEvents } from '@svara/core';
