// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { currentLanguage, setLanguage } from '../../i18n';
import { fakeApi, signIn } from '../../test-support/fake-api';
import { LanguageSheet } from './LanguageSheet';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => setLanguage('ru'));
});

describe('the language sheet', () => {
  it('switches the app and stores the choice on the account, where the bot reads it', async () => {
    signIn();
    const api = fakeApi({ 'POST /users/language': () => ({ body: { language: 'en' } }) });
    render(<LanguageSheet open onClose={() => undefined} />);
    await act(async () => fireEvent.click(screen.getByTestId('language-en')));
    expect(currentLanguage()).toBe('en');
    expect(api.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/users/language', { language: 'en' }],
    ]);
  });
});
