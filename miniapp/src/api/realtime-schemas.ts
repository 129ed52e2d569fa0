/** The socket protocol's zod schemas (from core); a separate module so they load with the socket. */
export { ackSchema, serverEvents } from '@svara/core';
