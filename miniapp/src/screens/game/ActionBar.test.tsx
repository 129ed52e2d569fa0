// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import '../../i18n';
import { ActionBar } from './ActionBar';
import { RaiseSheet } from './RaiseSheet';
import { TableCurrency } from '../../lib/table-currency';

afterEach(cleanup);

describe('the action bar', () => {
  it('labels blind betting as open and blind with the server amount, and sends that amount', () => {
    const onAction = vi.fn();
    render(
      <ActionBar
        buttons={[
          { kind: 'look', enabled: true },
          { kind: 'blind_bet', enabled: true, amount: 2 },
        ]}
        onAction={onAction}
        onRaise={() => undefined}
        onChat={() => undefined}
        showChat
        note={null}
      />,
    );
    expect(screen.getByTestId('action-look').textContent).toBe('Открыть');
    expect(screen.getByTestId('action-blind').textContent).toBe('Втёмную2,00\u00a0$');
    fireEvent.click(screen.getByTestId('action-blind'));
    expect(onAction).toHaveBeenCalledWith('blind_bet', 2);
  });

  it('labels fold as pass and call as pay, disabling what the server does not allow', () => {
    render(
      <ActionBar
        buttons={[
          { kind: 'fold', enabled: true },
          { kind: 'call', enabled: false, amount: null, allIn: false },
          { kind: 'raise', enabled: false, min: null, max: null },
        ]}
        onAction={() => undefined}
        onRaise={() => undefined}
        onChat={() => undefined}
        showChat={false}
        note={null}
      />,
    );
    expect(screen.getByTestId('action-fold').textContent).toBe('Пас');
    expect((screen.getByTestId('action-call') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('action-raise') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('chat-button')).toBeNull();
  });

  it('shows the waiting note instead of moves', () => {
    render(
      <ActionBar
        buttons={null}
        onAction={() => undefined}
        onRaise={() => undefined}
        onChat={() => undefined}
        showChat
        note="Ожидание"
      />,
    );
    expect(screen.getByTestId('action-note').textContent).toBe('Ожидание');
  });
});

describe('the raise sheet', () => {
  it('disables quick picks above the maximum and confirms the picked amount', () => {
    const onConfirm = vi.fn();
    render(
      <RaiseSheet
        open
        min={4}
        max={30}
        balance={30}
        pending={false}
        secondsLeft={12}
        onClose={() => undefined}
        onConfirm={onConfirm}
      />,
    );
    expect((screen.getByTestId('raise-pick-10x') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('raise-pick-5x'));
    expect(screen.getByTestId('raise-amount').textContent).toBe('20,00\u00a0$');
    fireEvent.click(screen.getByTestId('raise-confirm'));
    expect(onConfirm).toHaveBeenCalledWith(20);
  });

  it('at a practice table, writes the blind bet and the raise in chips, without "$" (RULES §8)', () => {
    render(
      <TableCurrency.Provider value="chips">
        <ActionBar
          buttons={[
            { kind: 'look', enabled: true },
            { kind: 'blind_bet', enabled: true, amount: 50 },
          ]}
          onAction={() => undefined}
          onRaise={() => undefined}
          onChat={() => undefined}
          showChat
          note={null}
        />
        <RaiseSheet
          open
          min={100}
          max={12_345}
          balance={12_345}
          pending={false}
          secondsLeft={10}
          onClose={() => undefined}
          onConfirm={() => undefined}
        />
      </TableCurrency.Provider>,
    );
    expect(screen.getByTestId('action-blind').textContent).toBe('Втёмную50\u00a0◎');
    expect(screen.getByTestId('raise-amount').textContent).toBe('100\u00a0◎');
    expect(screen.getByTestId('raise-sheet').textContent).toContain('12\u00a0345\u00a0◎');
    expect(document.body.textContent).not.toContain('$');
  });
});
