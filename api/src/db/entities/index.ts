import { AccountSchema } from './account.js';
import { HandSchema } from './hand.js';
import { PaymentTransactionSchema } from './payment-transaction.js';
import { ReferralSchema } from './referral.js';
import { RoomAccessSchema } from './room-access.js';
import { RoomSchema } from './room.js';
import { TransferSchema } from './transfer.js';
import { UserSchema } from './user.js';

export * from './account.js';
export * from './hand.js';
export * from './payment-transaction.js';
export * from './referral.js';
export * from './room-access.js';
export * from './room.js';
export * from './transfer.js';
export * from './user.js';

export const ENTITIES = [
  UserSchema,
  RoomSchema,
  RoomAccessSchema,
  ReferralSchema,
  AccountSchema,
  TransferSchema,
  HandSchema,
  PaymentTransactionSchema,
];
