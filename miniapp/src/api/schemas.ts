/** The REST answer schemas the client checks (zod, from core); a separate module so it loads lazily. */
export {
  createRoomResponseSchema,
  depositResponseSchema,
  referralInfoSchema,
  roomDetailsSchema,
  roomSummarySchema,
  transactionItemSchema,
} from '@svara/core';
