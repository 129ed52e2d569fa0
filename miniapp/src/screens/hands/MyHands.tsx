import { navigate } from '../../app/navigation';
import { HandsBrowser } from './HandsBrowser';

/** The "My hands" page (from More, or a shared hand's link with `handId`): closes to More. */
export default function MyHands({ handId = null }: { handId?: string | null }) {
  return (
    <HandsBrowser
      initialHand={handId}
      onClose={() => navigate(handId ? { name: 'dashboard' } : { name: 'more' })}
    />
  );
}
