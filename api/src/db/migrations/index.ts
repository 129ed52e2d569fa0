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
import { Migration20261128010000_resume } from './Migration20261128010000_resume.js';
import { Migration20261128030000_hand_history } from './Migration20261128030000_hand_history.js';
import { Migration20261128020000_fairness } from './Migration20261128020000_fairness.js';
import { Migration20261128040000_table_leases } from './Migration20261128040000_table_leases.js';
import { Migration20261129000000_protection } from './Migration20261129000000_protection.js';
import { Migration20261130000000_pending_seeds } from './Migration20261130000000_pending_seeds.js';
import { Migration20261130010000_lease_key_share } from './Migration20261130010000_lease_key_share.js';
import { Migration20261201000000_payment_order_kind } from './Migration20261201000000_payment_order_kind.js';
import { Migration20261201010000_seed_contributions } from './Migration20261201010000_seed_contributions.js';
import { Migration20261201040000_operator_review } from './Migration20261201040000_operator_review.js';
import { Migration20261203000000_tournaments } from './Migration20261203000000_tournaments.js';
import { Migration20261204000000_ton_proof } from './Migration20261204000000_ton_proof.js';
import { Migration20261205000000_steps_by_index } from './Migration20261205000000_steps_by_index.js';
import { Migration20261202000000_practice } from './Migration20261202000000_practice.js';

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
  { name: 'Migration20261128010000_resume', class: Migration20261128010000_resume },
  { name: 'Migration20261128030000_hand_history', class: Migration20261128030000_hand_history },
  { name: 'Migration20261128020000_fairness', class: Migration20261128020000_fairness },
  { name: 'Migration20261128040000_table_leases', class: Migration20261128040000_table_leases },
  { name: 'Migration20261129000000_protection', class: Migration20261129000000_protection },
  { name: 'Migration20261130000000_pending_seeds', class: Migration20261130000000_pending_seeds },
  { name: 'Migration20261130010000_lease_key_share', class: Migration20261130010000_lease_key_share },
  { name: 'Migration20261201000000_payment_order_kind', class: Migration20261201000000_payment_order_kind },
  {
    name: 'Migration20261201010000_seed_contributions',
    class: Migration20261201010000_seed_contributions,
  },
  { name: 'Migration20261201040000_operator_review', class: Migration20261201040000_operator_review },
  { name: 'Migration20261202000000_practice', class: Migration20261202000000_practice },
  { name: 'Migration20261203000000_tournaments', class: Migration20261203000000_tournaments },
  { name: 'Migration20261204000000_ton_proof', class: Migration20261204000000_ton_proof },
  { name: 'Migration20261205000000_steps_by_index', class: Migration20261205000000_steps_by_index },
];
