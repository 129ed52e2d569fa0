import { useState } from 'react';
import { initials } from '../lib/names';

/** The user's photo, or a gold-ringed placeholder with initials when there is none (or it fails). */
export function Avatar({
  src,
  name,
  size = 48,
  className = '',
}: {
  src: string | null | undefined;
  name: string;
  size?: number;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size };
  if (src && !failed) {
    return (
      <img
        src={src}
        alt=""
        style={style}
        onError={() => setFailed(true)}
        className={`rounded-full border-2 border-gold-400/80 object-cover ${className}`}
        referrerPolicy="no-referrer"
      />
    );
  }
  return (
    <div
      style={{ ...style, fontSize: size * 0.38 }}
      className={`grid place-items-center rounded-full border-2 border-gold-400/80 bg-gradient-to-br from-felt-600 to-felt-900 font-bold text-gold-300 ${className}`}
      data-testid="avatar-placeholder"
    >
      {initials(name)}
    </div>
  );
}
