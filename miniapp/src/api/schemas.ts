/** The REST answer schemas the client checks (zod, from core); a separate module so it loads lazily. */
export {
  createRoomResponseSchema,
  depositResponseSchema,
  invoiceResponseSchema,
  paymentMethodsSchema,
  playNowResponseSchema,
  practiceRoomsSchema,
  practiceStatusSchema,
  referralInfoSchema,
  roomDetailsSchema,
  roomSummarySchema,
  transactionItemSchema,
  withdrawResponseSchema,
} from '@svara/core';
