// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '../../i18n';
import { STAKE_MAX, STAKE_MIN, stakeToSlider, type StakeRange } from '../../lib/lobby';
import { StakeRangeSlider } from './StakeRangeSlider';

let last: StakeRange = [STAKE_MIN, STAKE_MAX];
function Harness({ start }: { start: StakeRange }) {
  const [value, setValue] = useState<StakeRange>(start);
  return (
    <StakeRangeSlider
      value={value}
      onChange={([a, b]) => {
        last = a <= b ? [a, b] : [b, a]; // the lobby's reducer orders the ends
        setValue(last);
      }}
    />
  );
}
const readout = () => screen.getByTestId('stake-range-value').textContent;
/** A finger on a thumb, as Chromium orders it: pointerdown, then the other thumb loses focus, then moves. */
const drag = (testId: 'stake-min' | 'stake-max', stake: number) => {
  const thumb = screen.getByTestId(testId);
  const other = screen.getByTestId(testId === 'stake-min' ? 'stake-max' : 'stake-min');
  fireEvent.pointerDown(thumb);
  fireEvent.blur(other);
  fireEvent.focus(thumb);
  fireEvent.change(thumb, { target: { value: String(stakeToSlider(stake)) } });
};

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  void i18n.changeLanguage('ru');
});

describe('the lobby stake slider', () => {
  it('starts at the lowest stake, $1, not $0', () => {
    render(<Harness start={[STAKE_MIN, STAKE_MAX]} />);
    expect(readout()).toBe('$1 – $1M');
  });

  it('moves the lower thumb with the arrow keys, one stake at a time at the low end', () => {
    render(<Harness start={[STAKE_MIN, STAKE_MAX]} />);
    fireEvent.keyDown(screen.getByTestId('stake-min'), { key: 'ArrowRight' });
    expect(last).toEqual([2, STAKE_MAX]);
    fireEvent.keyDown(screen.getByTestId('stake-min'), { key: 'ArrowUp' });
    expect(last).toEqual([3, STAKE_MAX]);
    fireEvent.keyDown(screen.getByTestId('stake-min'), { key: 'ArrowLeft' });
    expect(last).toEqual([2, STAKE_MAX]);
    fireEvent.keyDown(screen.getByTestId('stake-max'), { key: 'ArrowLeft' });
    expect(last[1]).toBeLessThan(STAKE_MAX);
  });

  it('stops a thumb moved by keys at the other one', () => {
    render(<Harness start={[100, 100]} />);
    fireEvent.keyDown(screen.getByTestId('stake-min'), { key: 'ArrowRight' });
    expect(last).toEqual([100, 100]);
    fireEvent.keyDown(screen.getByTestId('stake-max'), { key: 'ArrowLeft' });
    expect(last).toEqual([100, 100]);
  });

  it('lets either thumb be dragged away where the two meet', () => {
    render(<Harness start={[100, 100]} />);
    // The upper thumb lies on top: dragged left, it widens the range downwards instead of sticking.
    drag('stake-max', 10);
    expect(last).toEqual([10, 100]);
    fireEvent.pointerUp(window);

    cleanup();
    render(<Harness start={[100, 100]} />);
    drag('stake-max', 500);
    expect(last).toEqual([100, 500]);
    fireEvent.pointerUp(window);

    cleanup();
    render(<Harness start={[1_000_000, 1_000_000]} />);
    drag('stake-min', 1_000);
    expect(last).toEqual([1_000, 1_000_000]);
  });

  it('writes the readout in the player language', () => {
    void i18n.changeLanguage('ru');
    render(<Harness start={[10, 1_000]} />);
    expect(readout()).toBe('10\u00a0$ – 1K\u00a0$');
  });
});
