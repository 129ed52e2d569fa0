import { useState } from 'react';
import { AvatarPlaceholder } from '../assets/icons';

/** The user's photo, or the placeholder picture when there is none (or it fails to load). */
export function Avatar({
  src,
  size = 48,
  className = '',
}: {
  src: string | null | undefined;
  name?: string;
  size?: number;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (src && !failed) {
    return (
      <img
        src={src}
        alt=""
        style={{ width: size, height: size }}
        onError={() => setFailed(true)}
        className={`rounded-full border-2 border-gold-400/80 object-cover ${className}`}
        referrerPolicy="no-referrer"
      />
    );
  }
  return (
    <span
      className={`inline-block overflow-hidden rounded-full border-2 border-gold-400/80 leading-none ${className}`}
      style={{ width: size, height: size }}
      data-testid="avatar-placeholder"
    >
      <AvatarPlaceholder size={size - 4} background="#1c5e39" figure="#9fcfae" />
    </span>
  );
}
