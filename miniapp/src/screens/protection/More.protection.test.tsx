// @vitest-environment jsdom
/** The More page's protection rows and the help organisations' links. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { setLanguage } from '../../i18n';
import { currentPage } from '../../app/navigation';
import { fakeApi, methods, signIn } from '../../test-support/fake-api';
import More from '../more/More';
import { HELP_LINKS } from './HelpLinks';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setLanguage('ru');
});

function open() {
  signIn();
  fakeApi({ 'GET /finances/methods': () => ({ body: methods() }) });
  render(<More />);
}

describe('the More page', () => {
  it('opens Responsible play and My activity', () => {
    setLanguage('en');
    open();
    expect(screen.getByTestId('more-responsible-play').textContent).toBe('Responsible play');
    fireEvent.click(screen.getByTestId('more-responsible-play'));
    expect(currentPage.get()).toEqual({ name: 'protection' });
    expect(screen.getByTestId('more-activity').textContent).toBe('My activity');
    fireEvent.click(screen.getByTestId('more-activity'));
    expect(currentPage.get()).toEqual({ name: 'activity' });
  });

  it('links to help organisations: English ones first in English, the Russian-speaking one first in Russian', () => {
    setLanguage('en');
    open();
    const en = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(en).toEqual([
      HELP_LINKS.begambleaware,
      HELP_LINKS.gamcare,
      HELP_LINKS.gamblingtherapy,
      HELP_LINKS.gamblersanonymous,
    ]);
    cleanup();
    setLanguage('ru');
    open();
    expect(screen.getAllByRole('link')[0]!.getAttribute('href')).toBe(HELP_LINKS.gamblingtherapy);
    expect(screen.getByTestId('help-links').textContent).toContain('Помощь при игровой зависимости');
  });

  it('opens a help link outside the app', () => {
    const opened = vi.fn();
    vi.stubGlobal('open', opened);
    open();
    fireEvent.click(screen.getByTestId('help-gamcare'));
    expect(opened).toHaveBeenCalledWith(HELP_LINKS.gamcare, '_blank', 'noopener');
  });
});
