import { SvaraError } from '@svara/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBody, toHttpRefusal } from './errors.js';

describe('error answers', () => {
  it('translates the message by language, Russian by default', () => {
    expect(errorBody('room_full', 'en')).toEqual({ code: 'room_full', message: 'The room is full.' });
    expect(errorBody('room_full', undefined).message).not.toBe('The room is full.');
    expect(errorBody('room_full', 'de')).toEqual(errorBody('room_full', 'ru'));
  });

  it('keeps the texts the client matches by words in every language', () => {
    expect(errorBody('game_already_started', 'ru').message).toContain('game already started');
    expect(errorBody('addressAlreadyUsed', 'ru').message).toBe('Wallet address already in use');
  });

  it('maps codes to HTTP statuses and hides unexpected errors', () => {
    const status = (error: unknown) => toHttpRefusal(error, 'en').status;
    expect(status(new SvaraError('auth_validation_failed'))).toBe(401);
    expect(status(new SvaraError('forbidden'))).toBe(403);
    expect(status(new SvaraError('not_found'))).toBe(404);
    expect(status(new SvaraError('room_full'))).toBe(409);
    expect(status(new SvaraError('insufficientBalance'))).toBe(422);
    expect(status(new SvaraError('rate_limited'))).toBe(429);
    expect(status(new SvaraError('invalidAddress'))).toBe(400);
    // A refusal may carry its own status, which wins over its code's usual one.
    class NotAvailable extends SvaraError {
      readonly status = 501;
    }
    expect(status(new NotAvailable('withdraw_failed'))).toBe(501);
    expect(status(z.object({ a: z.string() }).safeParse({}).error)).toBe(400);
    const hidden = toHttpRefusal(new Error('select * from secrets failed'), 'en');
    expect(hidden).toEqual({
      status: 500,
      body: { code: 'unknown_error', message: 'An unknown error occurred. Please try again later.' },
      unexpected: true,
    });
  });
});
