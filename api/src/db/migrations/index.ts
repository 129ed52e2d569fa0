import { Migration20250601000000_initial } from './Migration20250601000000_initial.js';

/** Every migration, in order. Listed explicitly so the same list runs from src (tests) and dist (start). */
export const MIGRATIONS = [
  { name: 'Migration20250601000000_initial', class: Migration20250601000000_initial },
];
