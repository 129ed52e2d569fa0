import { useTranslation } from 'react-i18next';
import { FullModal } from '../../ui/Modal';
import { PlayingCard } from '../../ui/cards';
import { RULE_EXAMPLES } from '../../lib/rules-examples';

const TEXT_SECTIONS = ['deal', 'bets', 'ante', 'blind', 'normalBets', 'svara'] as const;
const LATER_SECTIONS = ['combinations', 'special'] as const;

function Paragraphs({ k }: { k: string }) {
  const { t } = useTranslation();
  const list = t(k, { returnObjects: true }) as string[];
  return (
    <>
      {list.map((p) => (
        <p key={p} className="mb-2 text-sm leading-relaxed text-cream/85">
          {p}
        </p>
      ))}
    </>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="mb-6" data-testid={`rules-${id}`}>
      <h3 className="mb-2 font-display text-lg font-bold text-gold-300">{title}</h3>
      {children}
    </section>
  );
}

/** How to play: the same rules as RULES.md, with examples drawn with the table's cards. */
export default function RulesModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const rows = t('rules.counting.rows', { returnObjects: true }) as { reading: string; score: string }[];
  const examples = t('rules.examples.notes', { returnObjects: true }) as string[];
  const terms = t('rules.terms.items', { returnObjects: true }) as { term: string; meaning: string }[];
  return (
    <FullModal title={t('rules.title')} onClose={onClose} testId="rules-modal">
      <p className="mb-5 text-sm text-cream/75">{t('rules.intro')}</p>
      {TEXT_SECTIONS.map((id) => (
        <Section key={id} id={id} title={t(`rules.${id}.title`)}>
          <Paragraphs k={`rules.${id}.body`} />
        </Section>
      ))}
      <Section id="counting" title={t('rules.counting.title')}>
        <Paragraphs k="rules.counting.body" />
        <table
          className="card-panel mt-2 w-full overflow-hidden rounded-2xl text-sm"
          data-testid="rules-counting-table"
        >
          <thead>
            <tr className="bg-black/25 text-left text-xs uppercase tracking-wider text-[var(--hint)]">
              <th className="px-3 py-2">{t('rules.counting.reading')}</th>
              <th className="px-3 py-2 text-right">{t('rules.counting.score')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.reading} className="border-t border-gold-400/10 align-top">
                <td className="px-3 py-2 text-cream/90">{r.reading}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right font-semibold text-gold-300">
                  {r.score}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      {LATER_SECTIONS.map((id) => (
        <Section key={id} id={id} title={t(`rules.${id}.title`)}>
          <Paragraphs k={`rules.${id}.body`} />
        </Section>
      ))}
      <Section id="examples" title={t('rules.examples.title')}>
        <ul className="flex flex-col gap-2.5" data-testid="rules-examples">
          {RULE_EXAMPLES.map((ex, i) => (
            <li key={i} className="card-panel flex items-center gap-3 rounded-2xl p-3">
              <div className="flex -space-x-3">
                {ex.cards.map((c, j) => (
                  <PlayingCard
                    key={j}
                    card={c}
                    width={40}
                    className={j === 1 ? '-rotate-2' : j === 2 ? 'rotate-3' : '-rotate-6'}
                  />
                ))}
              </div>
              <p className="flex-1 text-xs leading-snug text-cream/80">{examples[i]}</p>
              <span className="gold-text font-display text-2xl font-bold">{ex.score}</span>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="terms" title={t('rules.terms.title')}>
        <dl className="flex flex-col gap-2">
          {terms.map((item) => (
            <div key={item.term} className="text-sm">
              <dt className="inline font-semibold text-gold-300">{item.term}</dt>
              <dd className="inline text-cream/85"> — {item.meaning}</dd>
            </div>
          ))}
        </dl>
      </Section>
    </FullModal>
  );
}
