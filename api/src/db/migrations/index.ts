import { Migration20250601000000_initial } from './Migration20250601000000_initial.js';
import { Migration20250602000000_ledger_post } from './Migration20250602000000_ledger_post.js';
import { Migration20261122000000_ledger_post_plans } from './Migration20261122000000_ledger_post_plans.js';
import { Migration20261122010000_table_commit } from './Migration20261122010000_table_commit.js';
import { Migration20261122020000_ledger_post_lock_check } from './Migration20261122020000_ledger_post_lock_check.js';
import { Migration20261122030000_hand_steps } from './Migration20261122030000_hand_steps.js';
import { Migration20261125000000_payments } from './Migration20261125000000_payments.js';
import { Migration20261126000000_room_password_sealed } from './Migration20261126000000_room_password_sealed.js';
import { Migration20261127000000_bot_desk } from './Migration20261127000000_bot_desk.js';
import { Migration20261128000000_hardening } from './Migration20261128000000_hardening.js';

/** Every migration, in order. Listed explicitly so the same list runs from src (tests) and dist (start). */
export const MIGRATIONS = [
  { name: 'Migration20250601000000_initial', class: Migration20250601000000_initial },
  { name: 'Migration20250602000000_ledger_post', class: Migration20250602000000_ledger_post },
  { name: 'Migration20261122000000_ledger_post_plans', class: Migration20261122000000_ledger_post_plans },
  { name: 'Migration20261122010000_table_commit', class: Migration20261122010000_table_commit },
  {
    name: 'Migration20261122020000_ledger_post_lock_check',
    class: Migration20261122020000_ledger_post_lock_check,
  },
  { name: 'Migration20261122030000_hand_steps', class: Migration20261122030000_hand_steps },
  { name: 'Migration20261125000000_payments', class: Migration20261125000000_payments },
  {
    name: 'Migration20261126000000_room_password_sealed',
    class: Migration20261126000000_room_password_sealed,
  },
  { name: 'Migration20261127000000_bot_desk', class: Migration20261127000000_bot_desk },
  { name: 'Migration20261128000000_hardening', class: Migration20261128000000_hardening },
];
