// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { setLanguage } from '../i18n';
import { SuspensionNotice } from './SuspensionNotice';

afterEach(() => {
  cleanup();
  setLanguage('ru');
});

const since = '2026-11-26T00:00:00.000Z';

describe('the suspension notice', () => {
  it('tells the player why the account is suspended and whom to ask, in their language', () => {
    setLanguage('en');
    render(<SuspensionNotice suspension={{ reason: 'chargeback.', since }} />);
    const notice = screen.getByTestId('suspension-notice');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain('Account suspended');
    expect(notice.textContent).toContain('Your account is suspended: chargeback. Contact support.');
  });

  it('speaks Russian by default', () => {
    setLanguage('ru');
    render(<SuspensionNotice suspension={{ reason: 'мультиаккаунт', since }} />);
    expect(screen.getByTestId('suspension-notice').textContent).toContain(
      'Ваш аккаунт приостановлен: мультиаккаунт. Обратитесь в поддержку.',
    );
  });

  it('shows nothing for an account in good standing', () => {
    render(<SuspensionNotice suspension={null} />);
    expect(screen.queryByTestId('suspension-notice')).toBeNull();
  });
});
