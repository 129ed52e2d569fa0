/**
 * The messages a deposit paid from the player's TON Connect wallet carries, as the wallet sends them:
 * a TON transfer to the deposit address, or a TEP-74 jetton transfer asking the player's own USDT
 * jetton wallet to move USDT to the deposit address. The order's memo rides as a text comment (op 0
 * and the text), in the TON message's body or the jetton transfer's forward payload.
 */
import { beginCell, type Address, type Cell } from '@ton/core';

/** TEP-74 `transfer` (the jetton wallet's incoming op). */
export const JETTON_TRANSFER_OP = 0x0f8a7ea5;
/** USDT on TON has 6 decimals. */
export const USDT_DECIMALS = 6;
export const TON_DECIMALS = 9;
/**
 * TON attached to a jetton transfer for the jetton wallets' fees; what is left comes back to the
 * response destination (the player's wallet).
 */
export const JETTON_TRANSFER_ATTACHED_NANOTON = 50_000_000n;
/**
 * TON forwarded to the deposit address with the transfer notification: any amount above zero makes
 * the receiver's jetton wallet notify it, which is how a provider reads the comment.
 */
export const JETTON_FORWARD_NANOTON = 1n;

/** A text comment as wallets write it: 32 zero bits, then the text (continued in refs when long). */
export function textComment(text: string): Cell {
  return beginCell().storeUint(0, 32).storeStringTail(text).endCell();
}

/** The body of a TON transfer to a deposit address: the memo as a comment, or nothing. */
export function tonTransferBody(memo: string | null): Cell | null {
  return memo ? textComment(memo) : null;
}

export interface JettonTransfer {
  queryId: bigint;
  /** In jetton units (USDT: millionths). */
  jettonAmount: bigint;
  /** Who receives the jettons: the deposit address (its jetton wallet is found by the jetton). */
  destination: Address;
  /** Where the unspent TON returns: the player's wallet. */
  responseDestination: Address;
  forwardTonAmount: bigint;
  /** The memo; null sends an empty forward payload. */
  comment: string | null;
}

/**
 * TEP-74: transfer#0f8a7ea5 query_id:uint64 amount:(VarUInteger 16) destination:MsgAddress
 * response_destination:MsgAddress custom_payload:(Maybe ^Cell) forward_ton_amount:(VarUInteger 16)
 * forward_payload:(Either Cell ^Cell). The comment goes by reference (Either's right side).
 */
export function jettonTransferBody(transfer: JettonTransfer): Cell {
  return beginCell()
    .storeUint(JETTON_TRANSFER_OP, 32)
    .storeUint(transfer.queryId, 64)
    .storeCoins(transfer.jettonAmount)
    .storeAddress(transfer.destination)
    .storeAddress(transfer.responseDestination)
    .storeMaybeRef(null)
    .storeCoins(transfer.forwardTonAmount)
    .storeMaybeRef(transfer.comment ? textComment(transfer.comment) : null)
    .endCell();
}

/** A cell as TON Connect's message payload: a base64 bag of cells. */
export function payloadOf(cell: Cell): string {
  return cell.toBoc().toString('base64');
}

/** A friendly address in the form wallets show for a wallet (non-bounceable, url-safe). */
export function walletForm(address: Address, testOnly: boolean): string {
  return address.toString({ bounceable: false, urlSafe: true, testOnly });
}
