import { useTranslation } from 'react-i18next';
import type { ActionButton } from '../../lib/table';
import { useTableAmount } from '../../lib/table-currency';
import { Button } from '../../ui/Button';
import { ChatIcon } from '../../ui/icons';

/**
 * Three moves beside the chat button share 360 px (86 px a button): a hair of side padding and a
 * point less of type let "Оплатить" over an amount in thousands ("12 345 ◎") fit its button.
 */
const TIGHT = 'min-w-0 !px-1 !text-[15px] !tracking-normal';

/** The bottom bar: the viewer's moves with the server's exact amounts, and the chat button. */
export function ActionBar({
  buttons,
  onAction,
  onRaise,
  onChat,
  showChat,
  note,
}: {
  buttons: ActionButton[] | null;
  onAction: (kind: 'look' | 'blind_bet' | 'fold' | 'call', amount?: number) => void;
  onRaise: () => void;
  onChat: () => void;
  showChat: boolean;
  note: string | null;
}) {
  const { t } = useTranslation();
  const usd = useTableAmount();
  return (
    <div className="flex items-center gap-2 px-3 pt-2" data-testid="action-bar">
      {showChat ? (
        <button
          type="button"
          onClick={onChat}
          aria-label={t('game.chat')}
          data-testid="chat-button"
          className="grid h-12 w-12 shrink-0 place-items-center rounded-2xl border border-gold-400/30 bg-felt-800 text-gold-300 shadow-lg active:scale-95"
        >
          <ChatIcon className="h-6 w-6" />
        </button>
      ) : null}
      {buttons ? (
        <div
          className="grid flex-1 gap-2"
          style={{ gridTemplateColumns: `repeat(${buttons.length}, minmax(0, 1fr))` }}
        >
          {buttons.map((b) => {
            switch (b.kind) {
              case 'look':
                return (
                  <Button
                    key="look"
                    variant="dark"
                    size="lg"
                    className={TIGHT}
                    disabled={!b.enabled}
                    onClick={() => onAction('look')}
                    data-testid="action-look"
                  >
                    {t('game.open')}
                  </Button>
                );
              case 'blind_bet':
                return (
                  <Button
                    key="blind"
                    variant="gold"
                    size="lg"
                    className={TIGHT}
                    disabled={!b.enabled}
                    onClick={() => b.amount !== null && onAction('blind_bet', b.amount)}
                    data-testid="action-blind"
                  >
                    <span className="flex flex-col leading-tight">
                      <span>{t('game.blind')}</span>
                      {b.amount !== null ? (
                        <span className="text-xs font-bold opacity-80">{usd(b.amount)}</span>
                      ) : null}
                    </span>
                  </Button>
                );
              case 'fold':
                return (
                  <Button
                    key="fold"
                    variant="red"
                    size="lg"
                    className={TIGHT}
                    disabled={!b.enabled}
                    onClick={() => onAction('fold')}
                    data-testid="action-fold"
                  >
                    {t('game.pass')}
                  </Button>
                );
              case 'call':
                return (
                  <Button
                    key="call"
                    variant="green"
                    size="lg"
                    className={TIGHT}
                    disabled={!b.enabled}
                    onClick={() => b.amount !== null && onAction('call', b.amount)}
                    data-testid="action-call"
                  >
                    <span className="flex flex-col leading-tight">
                      <span>{b.allIn ? t('game.allIn') : t('game.pay')}</span>
                      {b.amount !== null ? (
                        <span className="text-xs font-bold opacity-85">{usd(b.amount)}</span>
                      ) : null}
                    </span>
                  </Button>
                );
              case 'raise':
                return (
                  <Button
                    key="raise"
                    variant="gold"
                    size="lg"
                    className={TIGHT}
                    disabled={!b.enabled}
                    onClick={onRaise}
                    data-testid="action-raise"
                  >
                    {t('game.raise')}
                  </Button>
                );
            }
          })}
        </div>
      ) : (
        <div
          className="flex h-12 flex-1 items-center justify-center rounded-2xl bg-black/25 px-3 text-center text-sm text-cream/70"
          data-testid="action-note"
        >
          {note}
        </div>
      )}
    </div>
  );
}
