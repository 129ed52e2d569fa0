/**
 * What GET /api/v1/hands and GET /api/v1/hands/:id answer: the wire shapes live in core
 * (core/src/protocol/hands.ts) so the Mini App checks them with the same schemas.
 */
export type { HandDetail, HandPage, HandSummary, ReplayFrame, ReplayMove, ShownHand } from '@svara/core';
