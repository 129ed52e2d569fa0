import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityItem, ActivityPeriod } from '@svara/core';
import { fetchActivity } from '../../protection/api';
import { formatDate } from '../../lib/dates';
import { useFormatUsd } from '../../lib/money';
import { PageShell } from '../PageShell';
import { Button } from '../../ui/Button';
import { Segmented } from '../../ui/Segmented';
import { Spinner } from '../../ui/Spinner';

const PERIODS: ActivityPeriod[] = ['day', 'week', 'month'];

/** "My activity": deposits, withdrawals and the table result by day, week or month. */
export default function Activity() {
  const { t, i18n } = useTranslation();
  const usd = useFormatUsd();
  const [period, setPeriod] = useState<ActivityPeriod>('day');
  const [items, setItems] = useState<ActivityItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setItems(null);
    setFailed(false);
    fetchActivity(period).then(
      // A period with nothing deposited, withdrawn, won or lost says nothing: a new player sees the
      // empty note, not thirty rows of zeros.
      (list) => live && setItems(list.filter((i) => i.deposited !== 0 || i.withdrawn !== 0 || i.net !== 0)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [period, attempt]);

  const signed = (n: number) => (n > 0 ? `+${usd(n)}` : usd(n));

  return (
    <PageShell title={t('protection.activity.title')} testId="activity-page">
      <Segmented
        kind="tabs"
        options={PERIODS}
        value={period}
        onChange={setPeriod}
        label={(p) => t(`protection.activity.periods.${p}`)}
        testId={(p) => `activity-tab-${p}`}
        className="mb-4 grid grid-cols-3"
      />
      {failed ? (
        <div className="text-center" data-testid="activity-error">
          <p className="mb-3 text-red-300">{t('protection.activity.loadError')}</p>
          <Button size="sm" variant="dark" onClick={() => setAttempt((n) => n + 1)}>
            {t('common.retry')}
          </Button>
        </div>
      ) : !items ? (
        <div className="grid place-items-center py-16">
          <Spinner />
        </div>
      ) : items.length === 0 ? (
        <p className="py-10 text-center text-[var(--hint)]" data-testid="activity-empty">
          {t('protection.activity.empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="activity-list">
          {items.map((item) => (
            <li key={item.start} className="card-panel rounded-2xl px-4 py-3" data-testid="activity-item">
              <div className="mb-1.5 font-semibold" data-testid="activity-start">
                {formatDate(item.start, i18n.language, period === 'month' ? 'month' : 'day')}
              </div>
              <dl className="grid grid-cols-3 gap-2 text-xs">
                <div>
                  <dt className="text-[var(--hint)]">{t('protection.activity.deposited')}</dt>
                  <dd className="text-sm tabular-nums" data-testid="activity-deposited">
                    {usd(item.deposited)}
                  </dd>
                </div>
                <div>
                  <dt className="text-[var(--hint)]">{t('protection.activity.withdrawn')}</dt>
                  <dd className="text-sm tabular-nums" data-testid="activity-withdrawn">
                    {usd(item.withdrawn)}
                  </dd>
                </div>
                <div>
                  <dt className="text-[var(--hint)]">{t('protection.activity.net')}</dt>
                  <dd
                    className={`text-sm font-semibold tabular-nums ${item.net > 0 ? 'text-green-300' : item.net < 0 ? 'text-red-300' : ''}`}
                    data-testid="activity-net"
                  >
                    {signed(item.net)}
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </PageShell>
  );
}
