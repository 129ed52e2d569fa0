import { useState } from 'react';
import { Button } from '../ui/Button';

const TEST_USERS = [
  { id: '1001', name: 'alice' },
  { id: '1002', name: 'bob' },
  { id: '1003', name: 'carol' },
  { id: '1004', name: 'dave' },
];

function open(id: string, name: string): void {
  const q = new URLSearchParams(location.search);
  q.set('user', id);
  q.set('name', name);
  location.search = q.toString();
}

/** Development only, outside Telegram: choose a test player (each tab can be another player). */
export function DevPicker() {
  const [id, setId] = useState('1005');
  const [name, setName] = useState('erin');
  return (
    <div className="mx-auto flex min-h-full max-w-sm flex-col justify-center gap-4 p-6">
      <h1 className="gold-text text-center font-display text-3xl font-bold">Svara · dev</h1>
      <p className="text-center text-sm text-cream/60">
        Outside Telegram: pick a test player. Init data comes from /api/v1/dev/init-data.
      </p>
      <div className="grid grid-cols-2 gap-3">
        {TEST_USERS.map((u) => (
          <Button key={u.id} variant="dark" onClick={() => open(u.id, u.name)}>
            {u.name} · {u.id}
          </Button>
        ))}
      </div>
      <div className="card-panel flex flex-col gap-2 rounded-2xl p-4">
        <input
          className="rounded-xl bg-black/30 px-3 py-2"
          value={id}
          onChange={(e) => setId(e.target.value.replace(/\D/g, ''))}
        />
        <input
          className="rounded-xl bg-black/30 px-3 py-2"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Button disabled={!id || !name} onClick={() => open(id, name)}>
          Open
        </Button>
      </div>
    </div>
  );
}
