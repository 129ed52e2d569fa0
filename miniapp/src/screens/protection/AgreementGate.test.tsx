// @vitest-environment jsdom
/**
 * The first-open gate: nothing goes on until the player confirms being 18 or older and
 * accepts the agreement of the server's current version; the acceptance is stored on the server; a
 * new version asks again; leaving says goodbye.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n, loadReadingTexts, setLanguage } from '../../i18n';
import { fakeApi, signIn } from '../../test-support/fake-api';
import { protectionState } from '../../protection/fixtures';
import { agreementGate, passAgreementGate, protection, refreshProtection } from '../../protection/store';
import AgreementGate from './AgreementGate';

const NEW = '2027-01-15';
const unaccepted = (version = NEW, accepted: string | null = null) =>
  protectionState({ agreement: { currentVersion: version, acceptedVersion: accepted, acceptedAt: null } });

beforeAll(() => loadReadingTexts());
beforeEach(() => {
  signIn();
  setLanguage('en');
  agreementGate.set(null);
  protection.set(null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setLanguage('ru');
});

const settled = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));

describe('the first-open gate', () => {
  it('holds start-up until the current agreement is accepted, then stores the version on the server', async () => {
    const { requests } = fakeApi({
      'GET /protection': () => ({ body: unaccepted() }),
      'POST /protection/agreement': () => ({ status: 204 }),
    });
    let passed = false;
    const startUp = passAgreementGate().then(() => (passed = true));
    render(<AgreementGate />);
    await screen.findByTestId('protection-gate');
    expect(screen.getByTestId('protection-gate-version').textContent).toBe(`Version ${NEW}`);
    // The agreement's own text, section by section.
    const text = screen.getByTestId('protection-gate-agreement').textContent;
    expect(text).toContain(i18n.t('agreement.intro'));
    expect(text).toContain(i18n.t('agreement.sections.eligibility.title'));

    const cont = screen.getByTestId('gate-continue') as HTMLButtonElement;
    expect(cont.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('gate-age'));
    expect(cont.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('gate-accept'));
    expect(cont.disabled).toBe(false);
    expect(passed).toBe(false);

    fireEvent.click(cont);
    await startUp;
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      expect.objectContaining({ path: '/protection/agreement', body: { version: NEW } }),
    ]);
    expect(agreementGate.get()).toBeNull();
    expect(screen.queryByTestId('protection-gate')).toBeNull();
  });

  it('lets a player who accepted this version straight through, without showing the gate', async () => {
    fakeApi({ 'GET /protection': () => ({ body: protectionState() }) });
    await passAgreementGate();
    expect(agreementGate.get()).toBeNull();
  });

  it('asks again when a new version came out, also while the app is open', async () => {
    fakeApi({ 'GET /protection': () => ({ body: unaccepted(NEW, '2026-11-26') }) });
    await refreshProtection();
    expect(agreementGate.get()).toEqual({ version: NEW });
  });

  it('keeps the gate and says so when the acceptance could not be stored', async () => {
    fakeApi({
      'GET /protection': () => ({ body: unaccepted() }),
      'POST /protection/agreement': () => ({ status: 500, body: { code: 'internal', message: 'x' } }),
    });
    void passAgreementGate();
    render(<AgreementGate />);
    await screen.findByTestId('protection-gate');
    fireEvent.click(screen.getByTestId('gate-age'));
    fireEvent.click(screen.getByTestId('gate-accept'));
    fireEvent.click(screen.getByTestId('gate-continue'));
    expect((await screen.findByTestId('gate-failed')).textContent).toBe(i18n.t('protection.gate.failed'));
    expect(agreementGate.get()).toEqual({ version: NEW });
  });

  it('says goodbye to a player who leaves, and accepts nothing', async () => {
    const { requests } = fakeApi({ 'GET /protection': () => ({ body: unaccepted() }) });
    void passAgreementGate();
    render(<AgreementGate />);
    await screen.findByTestId('protection-gate');
    fireEvent.click(screen.getByTestId('gate-leave'));
    await settled();
    expect(screen.getByTestId('protection-goodbye').textContent).toContain(i18n.t('protection.gate.goodbye'));
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('speaks Russian by default', async () => {
    setLanguage('ru');
    fakeApi({ 'GET /protection': () => ({ body: unaccepted() }) });
    void passAgreementGate();
    render(<AgreementGate />);
    await screen.findByTestId('protection-gate');
    expect(screen.getByTestId('protection-gate').textContent).toContain(
      'Подтверждаю, что мне исполнилось 18 лет',
    );
    expect(screen.getByTestId('protection-gate-version').textContent).toBe(`Версия ${NEW}`);
  });
});
